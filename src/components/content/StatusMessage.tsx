import { useIntl } from "react-intl";
import type { StatusMessageProps } from "../../../generated/types";

export default function StatusMessage({ titleId, textId, status, tone = "info", links }: StatusMessageProps) {
  const intl = useIntl();
  return (
    <section className={`sf-status sf-status--${tone}`} role={tone === "error" ? "alert" : undefined}>
      {status !== undefined && <p className="sf-status__code">{status}</p>}
      <h1 className="sf-status__title">{intl.formatMessage({ id: titleId })}</h1>
      {textId && <p className="sf-status__text">{intl.formatMessage({ id: textId })}</p>}
      {links && links.length > 0 && (
        <ul className="sf-status__links">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{intl.formatMessage({ id: link.labelId })}</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
