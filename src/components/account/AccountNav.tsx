// The account area's navigation. Wide screens show every section in a row; narrow ones fold
// it into a <details> menu, which opens before (and without) JavaScript. Sign out needs the
// session, so it is the only part that waits for hydration.
import { useIntl } from "react-intl";
import type { AccountNavProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSignOut } from "../common/use-sign-out";

export default function AccountNav({ items }: AccountNavProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const signOut = useSignOut();
  const current = items.find((item) => item.current) ?? items[0]!;
  const label = (id: string) => intl.formatMessage({ id: `account.nav.${id}` });
  const list = (
    <ul className="sf-account-nav__list">
      {items.map((item) => (
        <li key={item.id}>
          <a className="sf-account-nav__link" href={item.href} {...(item.current ? { "aria-current": "page" as const } : {})}>
            {label(item.id)}
          </a>
        </li>
      ))}
      <li>
        <button
          type="button"
          className="sf-account-nav__link sf-account-nav__signout"
          disabled={!hydrated}
          onClick={() => void signOut()}
        >
          {label("signout")}
        </button>
      </li>
    </ul>
  );
  // One list or the other is display: none at any width, so a screen reader meets it once.
  return (
    <nav className="sf-account-nav" aria-label={label("label")}>
      <div className="sf-account-nav__wide">{list}</div>
      <details className="sf-account-nav__menu">
        <summary className="sf-account-nav__summary">
          <span className="sf-visually-hidden">{label("menu")}: </span>
          {label(current.id)}
        </summary>
        {list}
      </details>
    </nav>
  );
}
