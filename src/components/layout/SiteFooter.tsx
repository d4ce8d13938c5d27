import { useIntl } from "react-intl";
import type { SiteFooterProps } from "../../../generated/types";

export default function SiteFooter({ storeName, year, columns }: SiteFooterProps) {
  const intl = useIntl();
  return (
    <footer className="sf-footer">
      <div className="sf-footer__columns">
        {columns.map((column) => (
          <nav key={column.title} className="sf-footer__column" aria-label={column.title}>
            <h2 className="sf-footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="sf-footer__copy">
        {intl.formatMessage({ id: "content.footer.copyright" }, { year: year ?? 2026, name: storeName })}
      </p>
    </footer>
  );
}
