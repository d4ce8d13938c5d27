// The signed-in sessions on the security page (SPEC.md §3, Login session): browser and system,
// address, how each signed in and when it was last used, this browser marked. Any other one
// can be signed out, or all of them at once; signing out this one is the usual sign-out.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { SignedInSession } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { failureMessage } from "../common/failure-message";
import { useSignOut } from "../common/use-sign-out";
import { useText } from "../common/use-text";

export interface SessionListProps {
  sessions: SignedInSession[];
  /** Sessions the list leaves out (past the most recent 50). */
  hidden: number;
  onChange(sessions: SignedInSession[], hidden: number): void;
}

export function SessionList({ sessions, hidden, onChange }: SessionListProps) {
  const intl = useIntl();
  const post = useApiPost();
  const hydrated = useHydrated();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState("");
  const t = useText("account.sessions");
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const device = (s: SignedInSession) =>
    t("device", { browser: s.browser || t("unknownBrowser"), system: s.system || t("unknownSystem") });
  const others = sessions.filter((s) => !s.current);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setFailure(null);
    setOutcome("");
    try {
      setOutcome(await action());
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  const revoke = (session: SignedInSession) =>
    run(async () => {
      const { current } = await post("auth/revokeSession", { id: session.id }, { toast: false });
      if (current) signOut();
      onChange(
        sessions.filter((s) => s.id !== session.id),
        hidden,
      );
      return t("revoked", { device: device(session) });
    });

  const revokeOthers = () =>
    run(async () => {
      const { revoked } = await post("auth/revokeOtherSessions", {}, { toast: false });
      onChange(
        sessions.filter((s) => s.current),
        0,
      );
      return t("revokedOthers", { count: revoked });
    });

  return (
    <div className="sf-sessions">
      <p className="sf-auth__failure" role="alert">
        {failure}
      </p>
      {sessions.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="sf-sessions__list">
          {sessions.map((s) => (
            <li key={s.id} className="sf-sessions__item">
              <div className="sf-sessions__about">
                <p className="sf-sessions__device">
                  <span id={`sf-session-${s.id}`}>{device(s)}</span>
                  {s.current && <span className="sf-badge sf-badge--ok">{t("current")}</span>}
                </p>
                <p className="sf-sessions__meta">
                  {[
                    s.ip && t("ip", { ip: s.ip }),
                    s.method && t(`method.${s.method}`),
                    t("signedIn", { time: when(s.createdAt) }),
                    t("lastSeen", { time: when(s.lastSeenAt) }),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <button
                type="button"
                className="sf-button sf-button--secondary sf-sessions__signout"
                disabled={!hydrated || busy}
                aria-describedby={`sf-session-${s.id}`}
                onClick={() => void (s.current ? signOut() : revoke(s))}
              >
                {t(s.current ? "signOutHere" : "signOut")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {hidden > 0 && <p className="sf-field__note">{t("more", { count: hidden })}</p>}
      {others.length + hidden > 0 && (
        <p>
          <button type="button" className="sf-button" disabled={!hydrated || busy} onClick={() => void revokeOthers()}>
            {t("signOutOthers")}
          </button>
        </p>
      )}
      <p className="sf-security__done" role="status">
        {outcome}
      </p>
    </div>
  );
}
