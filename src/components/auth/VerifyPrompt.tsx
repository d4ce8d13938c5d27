// After signing up with an email address: where the verification link went, "Send again"
// at most once a minute (counted down here, and refused by the server sooner), and the way
// on to the page's `redirect` (same origin only) or home. A signed-out shopper is told that
// a link was sent and signs in to ask for another.
import { useEffect, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { VerifyPromptProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useRouteInfo } from "../../runtime/router/hooks";
import { failureMessage, useApiPost } from "./api";
import { redirectTarget } from "./redirect";

/** The least time between two verification mails, as the server keeps it (auth/sendVerifyEmail). */
export const RESEND_WAIT_MS = 60_000;

/** Seconds left until `until`, ticking once a second while there are any. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export default function VerifyPrompt({ signinHref, homeHref }: VerifyPromptProps) {
  const intl = useIntl();
  const titleId = useId();
  const post = useApiPost();
  const { signedIn, user } = useSession();
  const hydrated = useHydrated();
  const route = useRouteInfo();
  const query = new URLSearchParams(route.search);
  const redirect = query.get("redirect");
  const justSent = query.get("sent") === "1";
  const [until, setUntil] = useState(0);
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seconds = useCountdown(until);

  // Arriving from sign-up, a link has just gone: the first "Send again" waits its minute.
  useEffect(() => {
    if (justSent) setUntil(Date.now() + RESEND_WAIT_MS);
  }, [justSent]);

  const continueHref = hydrated ? redirectTarget(redirect, window.location.origin, route.prefix) : homeHref;
  const email = signedIn && user?.email ? user.email : null;
  const verified = email !== null && user?.emailVerified === true;

  async function resend() {
    if (busy || seconds > 0) return;
    setBusy(true);
    setFailure(null);
    setResent(false);
    try {
      await post("auth/sendVerifyEmail", {}, { toast: false });
      setResent(true);
      setUntil(Date.now() + RESEND_WAIT_MS);
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.verifyPrompt.title" })}
      </h1>
      <p className="sf-auth__intro">
        {email === null
          ? intl.formatMessage({ id: "auth.verifyPrompt.sent" })
          : verified
            ? intl.formatMessage({ id: "auth.verifyPrompt.verified" }, { email })
            : intl.formatMessage({ id: "auth.verifyPrompt.sentTo" }, { email })}
      </p>
      <p className="sf-auth__status" role="status">
        {resent && email && intl.formatMessage({ id: "auth.verifyPrompt.resent" }, { email })}
      </p>
      <p className="sf-auth__failure" role="alert">
        {failure}
      </p>
      <p className="sf-auth__actions">
        {email === null ? (
          <a href={signinHref}>{intl.formatMessage({ id: "auth.verifyPrompt.signin" })}</a>
        ) : (
          !verified && (
            <button className="sf-button sf-button--secondary" type="button" disabled={busy || seconds > 0} onClick={resend}>
              {seconds > 0
                ? intl.formatMessage({ id: "auth.verifyPrompt.wait" }, { seconds })
                : intl.formatMessage({ id: "auth.verifyPrompt.resend" })}
            </button>
          )
        )}
        <a className="sf-button" href={continueHref}>
          {intl.formatMessage({ id: "auth.verifyPrompt.continue" })}
        </a>
      </p>
    </section>
  );
}
