// A component's own messages, by their id under its prefix: with useText("auth.qr"),
// text("title") is the message "auth.qr.title". One place for the shape every account and
// auth island repeated, and one the used-keys test can follow.
import { useIntl } from "react-intl";

export type Text = (id: string, values?: Record<string, string | number>) => string;

export function useText(prefix: string): Text {
  const intl = useIntl();
  return (id, values) => intl.formatMessage({ id: `${prefix}.${id}` }, values);
}
