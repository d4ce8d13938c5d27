import { useIntl } from "react-intl";
import type { SiteHeaderProps } from "../../../generated/types";

export default function SiteHeader({ storeName, homeHref, links, searchHref, cartHref, accountHref }: SiteHeaderProps) {
  const intl = useIntl();
  return (
    <header className="sf-header">
      <a className="sf-skip" href="#page-body">
        {intl.formatMessage({ id: "content.header.skip" })}
      </a>
      <a className="sf-header__brand" href={homeHref}>
        {storeName}
      </a>
      <nav className="sf-header__nav" aria-label={intl.formatMessage({ id: "content.header.nav" })}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sf-header__actions">
        {searchHref && <a href={searchHref}>{intl.formatMessage({ id: "content.header.search" })}</a>}
        {accountHref && <a href={accountHref}>{intl.formatMessage({ id: "content.header.account" })}</a>}
        {cartHref && <a href={cartHref}>{intl.formatMessage({ id: "content.header.cart" })}</a>}
      </div>
    </header>
  );
}
