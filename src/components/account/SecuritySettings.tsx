// The security page (user/security): the password, the email address, the mobile number and
// the signed-in sessions, each a section with its heading (#password, #email, #mobile and
// #sessions, which the account settings link to). A change in one section shows in the others:
// a new password ends the other sessions, a new address is the one shown.
import { type ReactNode, useState } from "react";
import type { SecuritySettingsProps, UserInfo } from "../../../generated/types";
import { useSession } from "../../runtime/hooks/useSession";
import { useIslandId } from "../../shared/island-id";
import { useText } from "../common/use-text";
import { SecurityContact } from "./SecurityContact";
import { SecurityPassword } from "./SecurityPassword";
import { SessionList } from "./SessionList";

export default function SecuritySettings({
  title,
  user: initial,
  sessions: listed,
  sessionTotal,
  forgotHref,
  activityHref,
}: SecuritySettingsProps) {
  const session = useSession();
  const ids = useIslandId();
  const [user, setUser] = useState(initial);
  const [sessions, setSessions] = useState(listed);
  const [hidden, setHidden] = useState(Math.max(0, sessionTotal - listed.length));
  const t = useText("account.security");
  const heading = (id: string) => `${ids}-${id}`;

  function changedUser(next: UserInfo) {
    setUser(next);
    // The header and every other page read the session's copy.
    void session.refresh();
  }

  const section = (id: "password" | "email" | "mobile" | "sessions", body: ReactNode) => (
    <section className="sf-security__section" id={id} aria-labelledby={heading(id)}>
      <h2 className="sf-profile__subtitle" id={heading(id)}>
        {t(id)}
      </h2>
      {body}
    </section>
  );

  return (
    <div className="sf-security">
      <h1 className="sf-profile__title">{title}</h1>
      {section(
        "password",
        <SecurityPassword
          headingId={heading("password")}
          forgotHref={forgotHref}
          onChanged={() => {
            setSessions((all) => all.filter((s) => s.current));
            setHidden(0);
          }}
        />,
      )}
      {section("email", <SecurityContact channel="email" headingId={heading("email")} user={user} onChanged={changedUser} />)}
      {section("mobile", <SecurityContact channel="mobile" headingId={heading("mobile")} user={user} onChanged={changedUser} />)}
      {section(
        "sessions",
        <>
          <SessionList
            sessions={sessions}
            hidden={hidden}
            onChange={(next, rest) => {
              setSessions(next);
              setHidden(rest);
            }}
          />
          <p>
            <a href={activityHref}>{t("activity")}</a>
          </p>
        </>,
      )}
    </div>
  );
}
