// The shop's header: name, main navigation (a side menu on small screens), search, the
// account link (sign in while signed out), the wish list with its size once signed in, the
// language menu and the cart with its item count. The server renders what it knows (signed in
// by the page's session cookie or not); the session from storage arrives after hydration,
// which waits for the shopper to reach for the header. The count shows before that, in a badge
// whose space is already reserved (runtime/cart-badge.ts), so nothing moves.
// Before (or without) script the side menu is a <details> disclosure and sign-out a plain form
// post; once hydrated they are the drawer and the API call.
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SiteHeaderProps } from "../../../generated/types";
import { badgeText } from "../../runtime/cart-badge";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useFavorites } from "../../runtime/hooks/useFavorites";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { withPrefix } from "../../shared/language-prefix";
import SearchCombobox from "../catalog/SearchCombobox";
import { HEART_PATH, Icon } from "../common/Icon";
import { useSignOut } from "../common/use-sign-out";
import { LanguageMenu } from "./LanguageMenu";
import LocaleSwitch from "./LocaleSwitch";
import { NavMore } from "./NavMore";
import { SideMenu } from "./SideMenu";

/**
 * How many categories the header's row shows from md (768 px) up; the others are in its "More"
 * menu. Five and "More" keep the header one row from lg (1024 px) in every language (e2e/header-fit).
 */
const ROW_LINKS = 5;

export default function SiteHeader({
  storeName,
  homeHref,
  links,
  searchHref,
  cartHref,
  accountHref,
  favoritesHref,
  signedIn: signedInOnServer,
  cartCount,
}: SiteHeaderProps) {
  const intl = useIntl();
  const route = useRouteInfo();
  const session = useSession();
  const cart = useCart();
  const count = cart.count;
  const favorites = useFavorites();
  const hydrated = useHydrated();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useIslandId();
  const disclosure = useRef<HTMLDetailsElement>(null);

  // A disclosure the shopper opened before the script ran stays open as the drawer.
  useEffect(() => {
    if (disclosure.current?.open) setMenuOpen(true);
  }, []);
  // The header hydrates when the shopper reaches for it, by Tab too: the disclosure that had the
  // focus then gives it to the button that replaces it.
  const menuButton = useRef<HTMLButtonElement>(null);
  const focusMenu = useRef(false);
  useLayoutEffect(() => {
    const el = disclosure.current;
    focusMenu.current = !!el && el.contains(el.ownerDocument.activeElement);
  }, []);
  useLayoutEffect(() => {
    if (!hydrated || !focusMenu.current) return;
    focusMenu.current = false;
    menuButton.current?.focus();
  }, [hydrated]);

  const here = withPrefix(route.prefix, route.path) + (route.search ? `?${route.search}` : "");
  // On the sign-in and sign-up pages their own redirect stays; pointing back at them would loop.
  const signinHref =
    withPrefix(route.prefix, "/auth/signin") + (route.name?.startsWith("auth-") ? "" : `?redirect=${encodeURIComponent(here)}`);
  const signedIn = hydrated ? session.signedIn : signedInOnServer === true;
  const account =
    signedIn && accountHref
      ? { href: accountHref, label: intl.formatMessage({ id: "header.account" }) }
      : { href: signinHref, label: intl.formatMessage({ id: "header.signin" }) };
  const query = route.name === "search" ? (new URLSearchParams(route.search).get("q") ?? "") : "";
  // The name begins with the visible text ("Cart 2 items" for "Cart 2"), so a speech user can say what they see (WCAG 2.5.3).
  // A page rendered for one shopper brings the cart's count (cartCount); a shared page brings none
  // and shows no number until the cart service, which then follows the server's count.
  const fromPage = cart.fromPage;
  useEffect(() => {
    if (cartCount !== undefined) fromPage(cartCount);
  }, [cartCount, fromPage]);
  const shown = hydrated ? count : cartCount;
  const cartLabel = shown === undefined ? undefined : intl.formatMessage({ id: "header.cart.label" }, { count: shown });
  const badge = shown === undefined ? "" : badgeText(shown);
  // The wish list's size (favorite/count through the favorites service), for a signed-in shopper.
  const saved = favorites.lists.product.length + favorites.lists.article.length + favorites.lists.page.length;
  // The server does not know the size, so until the script runs the link has no number.
  const favoritesLabel = hydrated
    ? intl.formatMessage({ id: "header.favorites.label" }, { count: saved })
    : intl.formatMessage({ id: "header.favorites" });

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

  function onSignOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void signOut();
  }
  const signOutForm = signedIn && (
    <form
      className="sf-header__signout-form"
      method="post"
      action={withPrefix(route.prefix, "/form/signout")}
      onSubmit={onSignOut}
    >
      <input type="hidden" name="back" value={here} />
      <button type="submit" className="sf-header__signout">
        {intl.formatMessage({ id: "header.signout" })}
      </button>
    </form>
  );

  const linkItem = (link: SiteHeaderProps["links"][number]) => (
    <li key={link.href}>
      <a href={link.href}>{link.label}</a>
    </li>
  );
  // The side menu lists every category; the row what fits, then "More" with the rest.
  const linkItems = links.map(linkItem);
  // A "More" holding one link would take that link's room: then it stands in the row itself.
  const inRow = links.length <= ROW_LINKS + 1 ? links.length : ROW_LINKS;
  const rest = links.slice(inRow);
  const menuLabel = (
    <>
      <Icon>
        <path d="M3 6h18M3 12h18M3 18h18" />
      </Icon>
      <span>{intl.formatMessage({ id: "menu.open" })}</span>
    </>
  );
  const menuContent = (
    <>
      <nav className="sf-sidemenu__nav" aria-label={intl.formatMessage({ id: "content.header.nav" })}>
        <ul>
          <li>
            <a href={homeHref}>{intl.formatMessage({ id: "menu.home" })}</a>
          </li>
          {linkItems}
        </ul>
      </nav>
      <ul className="sf-sidemenu__account">
        <li>
          <a href={account.href}>{account.label}</a>
        </li>
        {signedIn && favoritesHref && (
          <li>
            <a href={favoritesHref}>{favoritesLabel}</a>
          </li>
        )}
        {cartHref && (
          <li>
            <a href={cartHref}>{cartLabel ?? intl.formatMessage({ id: "content.header.cart" })}</a>
          </li>
        )}
        {signOutForm && <li>{signOutForm}</li>}
      </ul>
      <LocaleSwitch />
    </>
  );

  return (
    <header className="sf-header">
      <a className="sf-skip" href="#page-body">
        {intl.formatMessage({ id: "content.header.skip" })}
      </a>
      {hydrated ? (
        <button
          ref={menuButton}
          type="button"
          className="sf-header__menu"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(true)}
        >
          {menuLabel}
        </button>
      ) : (
        // Without script the menu opens in place, below the header, and the same button closes
        // it; opened between hydration and the switch to the button, it becomes the drawer.
        <details
          className="sf-navmenu"
          ref={disclosure}
          // The shopper may have opened it before hydration; the effect above takes that over.
          suppressHydrationWarning
          onToggle={(event) => {
            if (!event.currentTarget.open) return;
            event.currentTarget.open = false;
            setMenuOpen(true);
          }}
        >
          <summary className="sf-header__menu">{menuLabel}</summary>
          <div className="sf-navmenu__panel">{menuContent}</div>
        </details>
      )}
      <a className="sf-header__brand" href={homeHref}>
        {storeName}
      </a>
      <nav className="sf-header__nav" aria-label={intl.formatMessage({ id: "content.header.nav" })}>
        <ul>
          {links.slice(0, inRow).map(linkItem)}
          {rest.length > 0 && (
            <li>
              <NavMore links={rest} />
            </li>
          )}
        </ul>
      </nav>
      {searchHref && <SearchCombobox action={searchHref} query={query} />}
      <div className="sf-header__actions">
        <a className={`sf-header__account${signedIn ? " sf-header__account--in" : ""}`} href={account.href}>
          {signedIn && (avatar ? <img className="sf-header__avatar" src={avatar} alt="" width={24} height={24} /> : personIcon)}
          <span className="sf-header__account-text">{account.label}</span>
        </a>
        <div className="sf-header__wide">
          <LanguageMenu />
          {signOutForm}
        </div>
        {signedIn && favoritesHref && (
          <a className="sf-header__favorites" href={favoritesHref}>
            <span className="sf-visually-hidden">{favoritesLabel}</span>
            <Icon>
              <path d={HEART_PATH} />
            </Icon>
            <span className="sf-header__badge" aria-hidden="true">
              {badgeText(saved)}
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
            {/* Until hydration the count is the badge's generated content, hidden from screen
                readers with it: this says it to them (the link's aria-label does once hydrated). */}
            <span className="sf-visually-hidden sf-header__cart-count" />
          </a>
        )}
      </div>
      <SideMenu id={menuId} open={menuOpen} onClose={() => setMenuOpen(false)}>
        {menuContent}
      </SideMenu>
    </header>
  );
}
