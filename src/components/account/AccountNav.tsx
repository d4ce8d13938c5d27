// The account area's navigation. Wide screens show every section in a row; narrow ones fold
// it into a <details> menu, which opens before (and without) JavaScript. Sign out is a form
// posting to {prefix}/form/signout, which works before (and without) JavaScript too; the
// island signs out through the API and the session instead (use-sign-out.ts).

import type { FormEvent } from "react";
import { useIntl } from "react-intl";
import type { AccountNavProps } from "../../../generated/types";
import { BackField, useFormPost } from "../common/form-post";
import { SIGNOUT_FORM, useSignOut } from "../common/use-sign-out";

export default function AccountNav({ items }: AccountNavProps) {
  const intl = useIntl();
  const signOut = useSignOut();
  const plain = useFormPost(SIGNOUT_FORM);
  const current = items.find((item) => item.current) ?? items[0]!;
  const label = (id: string) => intl.formatMessage({ id: `account.nav.${id}` });
  function onSignOut(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void signOut();
  }
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
        <form className="sf-account-nav__signout-form" method="post" action={plain.action} onSubmit={onSignOut}>
          <BackField back={plain.back} />
          <button type="submit" className="sf-account-nav__link sf-account-nav__signout">
            {label("signout")}
          </button>
        </form>
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
