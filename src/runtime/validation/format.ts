// Turns a rule's message into text in the visitor's language. A placeholder's value may be
// a message itself (the field's label), which is formatted first.
import type { ValidationMessage } from "./rules";

/** What this needs of react-intl's IntlShape (or any formatter with the same call). */
export interface MessageFormatter {
  formatMessage(descriptor: { id: string }, values?: Record<string, string | number>): string;
}

export function formatValidation(intl: MessageFormatter, result: ValidationMessage): string {
  const values = result.values
    ? Object.fromEntries(
        Object.entries(result.values).map(([name, value]) => [
          name,
          typeof value === "object" ? formatValidation(intl, value) : value,
        ]),
      )
    : undefined;
  return intl.formatMessage({ id: result.id }, values);
}
