// A store date as a <time>: machine-readable YYYY-MM-DD, written in the page's language.
import { useIntl } from "react-intl";
import { formatDay } from "./format";

export default function Day({ value }: { value: string }) {
  const intl = useIntl();
  return <time dateTime={value}>{formatDay(intl, value)}</time>;
}
