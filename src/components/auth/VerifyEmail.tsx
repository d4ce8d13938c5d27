// The page a verification link opens. It confirms nothing by itself, since mail scanners open
// links: the shopper presses a button, a plain form posting to {prefix}/form/verify-email
// (without JavaScript) or, once the island runs, auth/verifyEmail. Either way the owner is
// signed in and goes where they were going when they signed up (`redirect`), else to this page
// saying what was confirmed, rendered for the signed-in shopper so that the header says so too.
// A link that expired, was used or is malformed says so and leads to the prompt page, which
// sends a new one.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { VerifyEmailProps } from "../../../generated/types";
import { ApiError } from "../../runtime/api/client";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { withPrefix } from "../../shared/language-prefix";
import { ownFlash, PlainForm, useFormPost } from "../common/form-post";
import { failureMessage, useApiPost } from "./api";
import { redirectTarget } from "./redirect";

const VERIFY_FORM = "verify-email";

type State = { kind: "ready" } | { kind: "checking" } | { kind: "expired" } | { kind: "failed"; text: string };

export default function VerifyEmail({ code, promptHref, homeHref, redirect, verified, form: posted }: VerifyEmailProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const post = useApiPost();
  const session = useSession();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const plain = useFormPost(VERIFY_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  const flash = ownFlash(posted, VERIFY_FORM);
  const [state, setState] = useState<State>(
    code
      ? flash?.failure
        ? { kind: "failed", text: intl.formatMessage({ id: flash.failure }) }
        : { kind: "ready" }
      : { kind: "expired" },
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "checking") return;
    setState({ kind: "checking" });
    try {
      const answer = await post("auth/verifyEmail", { code }, { toast: false });
      // The link proved the address: its owner is signed in from here on.
      await session.signIn(answer.token, answer.user).catch(() => undefined);
      // A page rendered for the signed-in shopper, header included.
      const next = redirect
        ? redirectTarget(redirect, window.location.origin, route.prefix)
        : `${withPrefix(route.prefix, "/auth/verify-email")}?verified=1`;
      navigate(`~${next}`);
    } catch (error) {
      setState(
        error instanceof ApiError && error.failure.kind === "envelope" && error.failure.code === 41
          ? { kind: "expired" }
          : { kind: "failed", text: failureMessage(intl, error) },
      );
    }
  }

  if (verified) {
    return (
      <section className="sf-auth" aria-labelledby={titleId}>
        <h1 className="sf-auth__title" id={titleId}>
          {intl.formatMessage({ id: "auth.verifyEmail.title" })}
        </h1>
        <p className="sf-auth__status" role="status">
          {intl.formatMessage(
            { id: verified.mobile ? "auth.verifyEmail.doneMobile" : "auth.verifyEmail.done" },
            { email: verified.address },
          )}
        </p>
        <p className="sf-auth__switch">
          <a className="sf-button" href={homeHref}>
            {intl.formatMessage({ id: "auth.verifyEmail.continue" })}
          </a>
        </p>
      </section>
    );
  }

  const usable = state.kind === "ready" || state.kind === "checking" || state.kind === "failed";
  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.verifyEmail.title" })}
      </h1>
      <p className="sf-auth__status" role="status">
        {state.kind === "checking" && intl.formatMessage({ id: "auth.verifyEmail.checking" })}
      </p>
      <p className="sf-auth__failure" role="alert">
        {state.kind === "expired" && intl.formatMessage({ id: "auth.verifyEmail.expired" })}
        {state.kind === "failed" && state.text}
      </p>
      {usable && code && (
        <PlainForm className="sf-auth__form" post={plain} formRef={formRef} onSubmit={onSubmit} busy={state.kind === "checking"}>
          <input type="hidden" name="code" value={code} />
          {redirect && <input type="hidden" name="redirect" value={redirect} />}
          <p>{intl.formatMessage({ id: "auth.verifyEmail.ask" })}</p>
          <button className="sf-button" type="submit" disabled={state.kind === "checking"}>
            {intl.formatMessage({ id: "auth.verifyEmail.confirm" })}
          </button>
        </PlainForm>
      )}
      {state.kind === "expired" && (
        <p className="sf-auth__switch">
          <a className="sf-button" href={promptHref}>
            {intl.formatMessage({ id: "auth.verifyEmail.newLink" })}
          </a>
        </p>
      )}
    </section>
  );
}
