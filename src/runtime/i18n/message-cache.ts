// formatMessage with one compiled message per id. react-intl's own finds the compiled message
// again on every call by serializing its arguments (the message's syntax tree included) into
// a cache key: about 4 µs a call, a few hundred calls per page on the server and in hydration.
// Here a message with plain values (text, numbers) or none is formatted by its kept format directly
// (under 1 µs); anything else (rich text, dates, options, a failure to report) takes
// react-intl's own path, which answers the same.
import type { IntlShape, MessageDescriptor } from "react-intl";

type FormatMessage = IntlShape["formatMessage"];
type Values = Record<string, unknown>;
type MessageFormat = ReturnType<IntlShape["formatters"]["getMessageFormat"]>;

const plain = (values: Values) => {
  for (const key in values) {
    const value = values[key];
    if (value !== null && typeof value === "object") return false;
    if (typeof value === "function") return false;
  }
  return true;
};

export function withMessageCache(intl: IntlShape): IntlShape {
  // A time zone or rich text elements of the whole set change every message's formatting.
  if (intl.timeZone || intl.defaultRichTextElements) return intl;
  const slow = intl.formatMessage as (descriptor: MessageDescriptor, values?: Values, opts?: unknown) => unknown;
  const kept = new Map<string, MessageFormat>();
  const formatMessage = ((descriptor: MessageDescriptor, values?: Values, opts?: unknown) => {
    const key = descriptor.id === undefined ? undefined : String(descriptor.id);
    const message = key === undefined ? undefined : intl.messages[key];
    if (key === undefined || message === undefined || opts !== undefined || (values !== undefined && !plain(values))) {
      return slow(descriptor, values, opts);
    }
    let format = kept.get(key);
    if (!format) {
      format = intl.formatters.getMessageFormat(message, intl.locale, intl.formats, { formatters: intl.formatters });
      kept.set(key, format);
    }
    try {
      const text = format.format(values as Record<string, string | number | boolean | null | undefined> | undefined);
      if (typeof text === "string") return text;
    } catch {
      // A missing value: react-intl's path reports it and falls back as it always does.
    }
    return slow(descriptor, values, opts);
  }) as unknown as FormatMessage;
  return { ...intl, formatMessage, $t: formatMessage };
}
