// After signing up: where the confirmation link went (`sent` and `to` in the address, from
// the sign-up form), "Send again" at most once a minute (counted down here, and refused by
// the server sooner), and the way on to the page's `redirect` (same origin only) or home.
// Signed in with an unverified email address (from the account area), the same for it.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { VerifyPromptProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { useCountdown } from "../common/use-countdown";
import { failureMessage, useApiPost } from "./api";
import { redirectTarget } from "./redirect";

/** The least time between two verification mails, as the server keeps it (auth/sendVerifyEmail). */
export const RESEND_WAIT_MS = 60_000;

export default function VerifyPrompt({ signinHref, homeHref }: VerifyPromptProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const post = useApiPost();
  const { signedIn, user } = useSession();
  const hydrated = useHydrated();
  const route = useRouteInfo();
  const query = new URLSearchParams(route.search);
  const redirect = query.get("redirect");
  const sent = query.get("sent");
  const justSent = sent === "email" || sent === "mobile";
  // What the shopper typed at sign-up; shown as text and sent back only to ask for a new link.
  const to = (query.get("to") ?? "").slice(0, 254);
  const callingCode = query.get("cc") ?? "";
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
  const address = email ?? (to ? (sent === "mobile" ? `${callingCode} ${to}` : to) : null);

  async function resend() {
    if (busy || seconds > 0) return;
    setBusy(true);
    setFailure(null);
    setResent(false);
    try {
      const body = email !== null ? {} : sent === "mobile" ? { mobile: to, countryCode: callingCode } : { email: to };
      await post("auth/sendVerifyEmail", body, { toast: false });
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
        {verified
          ? intl.formatMessage({ id: "auth.verifyPrompt.verified" }, { email })
          : address === null
            ? intl.formatMessage({ id: "auth.verifyPrompt.sent" })
            : intl.formatMessage(
                { id: sent === "mobile" && email === null ? "auth.verifyPrompt.sentToMobile" : "auth.verifyPrompt.sentTo" },
                { email: address },
              )}
      </p>
      {!verified && address !== null && email === null && (
        <p className="sf-auth__intro">{intl.formatMessage({ id: "auth.verifyPrompt.existing" })}</p>
      )}
      <p className="sf-auth__status" role="status">
        {resent && address && intl.formatMessage({ id: "auth.verifyPrompt.resent" }, { email: address })}
      </p>
      <p className="sf-auth__failure" role="alert">
        {failure}
      </p>
      <p className="sf-auth__actions">
        {address === null ? (
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
