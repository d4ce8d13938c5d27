// The page a verification link opens: it verifies the address with the link's code as soon
// as it runs, signs its owner in, then says so. A link that expired, was used or is malformed says so and leads
// to the prompt page, which sends a new one.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { VerifyEmailProps } from "../../../generated/types";
import { ApiError } from "../../runtime/api/client";
import { useSession } from "../../runtime/hooks/useSession";
import { useIslandId } from "../../shared/island-id";
import { failureMessage, useApiPost } from "./api";

type State =
  | { kind: "checking" }
  | { kind: "verified"; address: string; mobile: boolean }
  | { kind: "expired" }
  | { kind: "failed"; text: string };

export default function VerifyEmail({ code, promptHref, homeHref }: VerifyEmailProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const post = useApiPost();
  const session = useSession();
  const [state, setState] = useState<State>(code ? { kind: "checking" } : { kind: "expired" });
  // A code works once: never send it twice, whatever re-runs the effect.
  const sent = useRef(false);
  const { signIn } = session;

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    post("auth/verifyEmail", { code }, { toast: false }).then(
      (answer) => {
        setState({ kind: "verified", address: answer.email ?? answer.mobile ?? "", mobile: answer.email === undefined });
        // The link proved the address: its owner is signed in from here on.
        void signIn(answer.token, answer.user).catch(() => undefined);
      },
      (error: unknown) =>
        setState(
          error instanceof ApiError && error.failure.kind === "envelope" && error.failure.code === 41
            ? { kind: "expired" }
            : { kind: "failed", text: failureMessage(intl, error) },
        ),
    );
  }, [code, post, intl, signIn]);

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.verifyEmail.title" })}
      </h1>
      <p className="sf-auth__status" role="status">
        {state.kind === "checking" && intl.formatMessage({ id: "auth.verifyEmail.checking" })}
        {state.kind === "verified" &&
          intl.formatMessage(
            { id: state.mobile ? "auth.verifyEmail.doneMobile" : "auth.verifyEmail.done" },
            { email: state.address },
          )}
      </p>
      <p className="sf-auth__failure" role="alert">
        {state.kind === "expired" && intl.formatMessage({ id: "auth.verifyEmail.expired" })}
        {state.kind === "failed" && state.text}
      </p>
      {state.kind === "verified" && (
        <p className="sf-auth__switch">
          <a className="sf-button" href={homeHref}>
            {intl.formatMessage({ id: "auth.verifyEmail.continue" })}
          </a>
        </p>
      )}
      {(state.kind === "expired" || state.kind === "failed") && (
        <p className="sf-auth__switch">
          <a className="sf-button" href={promptHref}>
            {intl.formatMessage({ id: "auth.verifyEmail.newLink" })}
          </a>
        </p>
      )}
    </section>
  );
}
