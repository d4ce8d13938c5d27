// The shop's header: name, main navigation (a side menu on small screens), search, the
// account link (sign in while signed out), the wish list with its size once signed in, the
// language menu and the cart with its item count. The server
// renders the signed-out header without a count; the session and the count arrive after
// hydration, the count in a badge whose space is already reserved, so nothing moves.
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { SiteHeaderProps } from "../../../generated/types";
import { useCartCount } from "../../runtime/hooks/useCartCount";
import { useFavorites } from "../../runtime/hooks/useFavorites";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useRouteInfo } from "../../runtime/router/hooks";
import { withPrefix } from "../../shared/language-prefix";
import SearchCombobox from "../catalog/SearchCombobox";
import { Icon } from "../common/Icon";
import { useSignOut } from "../common/use-sign-out";
import { LanguageMenu } from "./LanguageMenu";
import LocaleSwitch from "./LocaleSwitch";
import { SideMenu } from "./SideMenu";

const BADGE_MAX = 99;

export default function SiteHeader({
  storeName,
  homeHref,
  links,
  searchHref,
  cartHref,
  accountHref,
  favoritesHref,
}: SiteHeaderProps) {
  const intl = useIntl();
  const route = useRouteInfo();
  const session = useSession();
  const count = useCartCount();
  const favorites = useFavorites();
  const hydrated = useHydrated();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

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
  // The wish list's size (favorite/count through the favorites service), for a signed-in shopper.
  const saved = favorites.lists.product.length + favorites.lists.article.length + favorites.lists.page.length;

  // Signed in, the account link shows the shopper's avatar (or a person icon). From lg to xl the
  // header keeps to one row with pictures for words: the avatar for "My account", the cart and
  // search icons for theirs (each name kept for screen readers).
  const avatar = signedIn ? (session.user?.avatar ?? "") : "";
  const personIcon = (
    <Icon className="sf-header__avatar" size={24} stroke={1.6}>
      <circle cx="12" cy="12" r="10.5" />
      <circle cx="12" cy="10" r="3.5" />
      <path d="M5.5 19c1.4-2.6 3.8-4 6.5-4s5.1 1.4 6.5 4" />
    </Icon>
  );

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
        <Icon>
          <path d="M3 6h18M3 12h18M3 18h18" />
        </Icon>
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
      {searchHref && <SearchCombobox action={searchHref} query={query} />}
      <div className="sf-header__actions">
        <a className={`sf-header__account${signedIn ? " sf-header__account--in" : ""}`} href={account.href}>
          {signedIn && (avatar ? <img className="sf-header__avatar" src={avatar} alt="" width={24} height={24} /> : personIcon)}
          <span className="sf-header__account-text">{account.label}</span>
        </a>
        <span className="sf-header__wide">
          <LanguageMenu />
          {signOutButton}
        </span>
        {signedIn && favoritesHref && (
          <a className="sf-header__favorites" href={favoritesHref}>
            <span className="sf-visually-hidden">{intl.formatMessage({ id: "header.favorites.label" }, { count: saved })}</span>
            <Icon>
              <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
            </Icon>
            <span className="sf-header__badge" aria-hidden="true">
              {saved > 0 ? (saved > BADGE_MAX ? `${BADGE_MAX}+` : String(saved)) : ""}
            </span>
          </a>
        )}
        {cartHref && (
          <a className="sf-header__cart" href={cartHref} aria-label={cartLabel}>
            <Icon>
              <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20.5h.01 M18 20.5h.01" />
            </Icon>
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
          {signedIn && favoritesHref && (
            <li>
              <a href={favoritesHref}>{intl.formatMessage({ id: "header.favorites.label" }, { count: saved })}</a>
            </li>
          )}
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
