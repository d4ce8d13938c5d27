// The shop's header: name, main navigation (a side menu on small screens), search, the
// account link (sign in while signed out), the language menu and the cart with its item count. The server
// renders the signed-out header without a count; the session and the count arrive after
// hydration, the count in a badge whose space is already reserved, so nothing moves.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { SiteHeaderProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useCartCount } from "../../runtime/hooks/useCartCount";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useRouteInfo } from "../../runtime/router/hooks";
import { withPrefix } from "../../shared/language-prefix";
import { LanguageMenu } from "./LanguageMenu";
import LocaleSwitch from "./LocaleSwitch";
import { SideMenu } from "./SideMenu";

const BADGE_MAX = 99;

export default function SiteHeader({ storeName, homeHref, links, searchHref, cartHref, accountHref }: SiteHeaderProps) {
  const intl = useIntl();
  const route = useRouteInfo();
  const session = useSession();
  const count = useCartCount();
  const hydrated = useHydrated();
  const post = useApiPost();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const searchId = useId();

  const here = withPrefix(route.prefix, route.path) + (route.search ? `?${route.search}` : "");
  // On the sign-in and sign-up pages their own redirect stays; pointing back at them would loop.
  const signinHref =
    withPrefix(route.prefix, "/auth/signin") + (route.name?.startsWith("auth-") ? "" : `?redirect=${encodeURIComponent(here)}`);
  const signedIn = hydrated && session.signedIn;
  const account =
    signedIn && accountHref
      ? { href: accountHref, label: intl.formatMessage({ id: "header.account" }) }
      : { href: signinHref, label: intl.formatMessage({ id: "header.signin" }) };
  const query = route.name === "search" ? (new URLSearchParams(route.search).get("q") ?? "") : "";
  // The name begins with the visible text ("Cart 2 items" for "Cart 2"), so a speech user can say what they see (WCAG 2.5.3).
  const cartLabel = hydrated ? intl.formatMessage({ id: "header.cart.label" }, { count }) : undefined;
  const badge = hydrated && count > 0 ? (count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)) : "";

  async function signOut() {
    try {
      await post("auth/signout", {}, { toast: false });
    } catch {
      // The token is forgotten here either way; the server lets an unused one expire.
    }
    session.logout();
  }

  const signOutButton = signedIn && (
    <button type="button" className="sf-header__signout" onClick={() => void signOut()}>
      {intl.formatMessage({ id: "header.signout" })}
    </button>
  );

  return (
    <header className="sf-header">
      <a className="sf-skip" href="#page-body">
        {intl.formatMessage({ id: "content.header.skip" })}
      </a>
      <button
        type="button"
        className="sf-header__menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => setMenuOpen(true)}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 6h18M3 12h18M3 18h18" />
        </svg>
        <span>{intl.formatMessage({ id: "menu.open" })}</span>
      </button>
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
      {searchHref && (
        // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (ARIA form role=search); a <search> element would add a wrapper box inside the header's flex layout.
        <form
          className="sf-header__search"
          role="search"
          method="get"
          action={searchHref}
          aria-label={intl.formatMessage({ id: "header.search.region" })}
        >
          <label className="sf-visually-hidden" htmlFor={searchId}>
            {intl.formatMessage({ id: "header.search.label" })}
          </label>
          <input
            className="sf-header__search-input"
            id={searchId}
            type="search"
            name="q"
            maxLength={200}
            defaultValue={query}
            placeholder={intl.formatMessage({ id: "header.search.placeholder" })}
          />
          <button type="submit" className="sf-header__search-button">
            {intl.formatMessage({ id: "content.header.search" })}
          </button>
        </form>
      )}
      <div className="sf-header__actions">
        <a className="sf-header__account" href={account.href}>
          {account.label}
        </a>
        <span className="sf-header__wide">
          <LanguageMenu />
          {signOutButton}
        </span>
        {cartHref && (
          <a className="sf-header__cart" href={cartHref} aria-label={cartLabel}>
            <svg
              aria-hidden="true"
              focusable="false"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20.5h.01 M18 20.5h.01" />
            </svg>
            <span className="sf-header__cart-text">{intl.formatMessage({ id: "content.header.cart" })}</span>{" "}
            <span className="sf-header__badge" aria-hidden="true">
              {badge}
            </span>
          </a>
        )}
      </div>
      <SideMenu id={menuId} open={menuOpen} onClose={() => setMenuOpen(false)}>
        <nav className="sf-sidemenu__nav" aria-label={intl.formatMessage({ id: "content.header.nav" })}>
          <ul>
            <li>
              <a href={homeHref}>{intl.formatMessage({ id: "menu.home" })}</a>
            </li>
            {links.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        <ul className="sf-sidemenu__account">
          <li>
            <a href={account.href}>{account.label}</a>
          </li>
          {cartHref && (
            <li>
              <a href={cartHref}>{cartLabel ?? intl.formatMessage({ id: "content.header.cart" })}</a>
            </li>
          )}
          {signOutButton && <li>{signOutButton}</li>}
        </ul>
        <LocaleSwitch />
      </SideMenu>
    </header>
  );
}
