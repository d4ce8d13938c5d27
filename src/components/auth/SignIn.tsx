// Sign in with an email address or a mobile number and the password; then the session
// stores the token and the shopper goes where `redirect` says (same origin only). After a
// password reset (`reset=1`) it says that the password changed. Before (or without) its
// JavaScript it is a plain form posting to {prefix}/form/signin, whose answer keeps the
// session in an HttpOnly cookie; a refused post comes back with what was typed (never the
// password) and the messages next to their fields.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { SignInProps } from "../../../generated/types";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { flashErrors, ownFlash, PlainForm, useFormPost } from "../common/form-post";
import { AccountField } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { PasswordInput } from "./PasswordInput";
import { redirectTarget, withRedirect } from "./redirect";
import { checkSignIn, type SignInValues, signInBody, signInCheck } from "./sign-in-check";
import { useForm } from "./use-form";

const SIGNIN_FORM = "signin";

export default function SignIn({ signupHref, forgotHref, form: posted }: SignInProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const session = useSession();
  const post = useApiPost();
  const plain = useFormPost(SIGNIN_FORM);
  const flash = ownFlash(posted, SIGNIN_FORM);
  const form = useForm<SignInValues>(
    { account: flash?.values.account ?? "", password: "" },
    checkSignIn,
    flashErrors(flash, (field) => ({ ...signInCheck.bounds(field) })),
  );
  const [failure, setFailure] = useState<string | null>(() =>
    flash?.failure ? intl.formatMessage({ id: flash.failure }) : null,
  );
  const [busy, setBusy] = useState(false);
  const query = new URLSearchParams(route.search);
  const redirect = query.get("redirect");
  // Set by the reset-password form when it sends the shopper here.
  const passwordReset = query.get("reset") === "1";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    // Checked above: parse only gives the body its type.
    const body = signInCheck.parse(signInBody(form.values));
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/signin", body, { toast: false });
      await session.signIn(answer.token, answer.user);
      // "~": the target already carries its own language prefix.
      navigate(`~${redirectTarget(redirect, window.location.origin, route.prefix)}`);
    } catch (error) {
      setFailure(failureMessage(intl, error));
      setBusy(false);
    }
  }

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.signin.title" })}
      </h1>
      {passwordReset && (
        <p className="sf-auth__status" role="status">
          {intl.formatMessage({ id: "auth.signin.resetDone" })}
        </p>
      )}
      {/* POST: without JavaScript the password never ends up in an address. */}
      <PlainForm className="sf-auth__form" post={plain} formRef={form.formRef} onSubmit={onSubmit} busy={busy}>
        {redirect && <input type="hidden" name="redirect" value={redirect} />}
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <AccountField maxLength={signInCheck.bounds("account").max} {...form.field("account")} />
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          name="password"
          autoComplete="current-password"
          required
          maxLength={signInCheck.bounds("password").max}
          {...form.field("password")}
        />
        <p className="sf-auth__aside">
          <a href={forgotHref}>{intl.formatMessage({ id: "auth.signin.forgot" })}</a>
        </p>
        <button className="sf-button sf-auth__submit" type="submit" disabled={busy}>
          {intl.formatMessage({ id: "auth.signin.submit" })}
        </button>
      </PlainForm>
      <p className="sf-auth__switch">
        {intl.formatMessage({ id: "auth.signin.noAccount" })}{" "}
        <a href={withRedirect(signupHref, redirect)}>{intl.formatMessage({ id: "auth.signin.toSignup" })}</a>
      </p>
    </section>
  );
}
