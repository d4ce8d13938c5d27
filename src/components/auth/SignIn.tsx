// Sign in with an email address or a mobile number and the password; then the session
// stores the token and the shopper goes where `redirect` says (same origin only). After a
// password reset (`reset=1`) it says that the password changed.
import { type FormEvent, useId, useState } from "react";
import { useIntl } from "react-intl";
import type { SignInProps } from "../../../generated/types";
import validateSignIn from "../../../generated/validators/api/auth/signin.request.js";
import { examples } from "../../../schemas/api/auth/signin.request.schema.json";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { ACCOUNT_MESSAGES, isEmail, isMobile, PASSWORD_MESSAGES, passwordMessage } from "../../runtime/validation/account";
import { formatValidation } from "../../runtime/validation/format";
import { requestCheck } from "../../runtime/validation/request-check";
import { account, check } from "../../runtime/validation/rules";
import { AccountField } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { PasswordInput } from "./PasswordInput";
import { redirectTarget, withRedirect } from "./redirect";
import { type Errors, useForm } from "./use-form";

interface Values {
  account: string;
  password: string;
}

/** The sign-in request (schemas/api/auth/signin.request.schema.json). */
const signInCheck = requestCheck(validateSignIn, examples[0]);
const accountShape = account(isEmail, isMobile);

/** What the form sends: the account trimmed, the password as typed; a blank field left out. */
function signInBody(values: Values): { account?: string; password?: string } {
  const who = values.account.trim();
  return { ...(who ? { account: who } : {}), ...(values.password ? { password: values.password } : {}) };
}

function checkSignIn(values: Values): Errors<Values> {
  const body = signInBody(values);
  const schema = signInCheck.messages(body, { account: ACCOUNT_MESSAGES, password: PASSWORD_MESSAGES });
  return {
    // The schema takes any account of the right length; that it is an email address or a mobile number is the form's rule.
    account: schema.account ?? check(values.account, accountShape) ?? undefined,
    // The account's password policy first, so a short password says what the policy is.
    password: passwordMessage(values.password) ?? schema.password,
  };
}

export default function SignIn({ signupHref, forgotHref }: SignInProps) {
  const intl = useIntl();
  const titleId = useId();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const session = useSession();
  const post = useApiPost();
  const form = useForm<Values>({ account: "", password: "" }, checkSignIn);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const query = new URLSearchParams(route.search);
  const redirect = query.get("redirect");
  // Set by the reset-password form when it sends the shopper here.
  const passwordReset = query.get("reset") === "1";
  const message = (field: keyof Values) => {
    const error = form.errors[field];
    return error ? formatValidation(intl, error) : null;
  };

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
      <form className="sf-auth__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <AccountField
          maxLength={signInCheck.bounds("account").max}
          value={form.values.account}
          onValueChange={(value) => form.set("account", value)}
          error={message("account")}
        />
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          name="password"
          autoComplete="current-password"
          required
          maxLength={signInCheck.bounds("password").max}
          value={form.values.password}
          onValueChange={(value) => form.set("password", value)}
          error={message("password")}
        />
        <p className="sf-auth__aside">
          <a href={forgotHref}>{intl.formatMessage({ id: "auth.signin.forgot" })}</a>
        </p>
        <button className="sf-button sf-auth__submit" type="submit" disabled={busy}>
          {intl.formatMessage({ id: "auth.signin.submit" })}
        </button>
      </form>
      <p className="sf-auth__switch">
        {intl.formatMessage({ id: "auth.signin.noAccount" })}{" "}
        <a href={withRedirect(signupHref, redirect)}>{intl.formatMessage({ id: "auth.signin.toSignup" })}</a>
      </p>
    </section>
  );
}
