// Sign in with an email address or a mobile number and the password; then the session
// stores the token and the shopper goes where `redirect` says (same origin only).
import { useId, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import type { SignInProps } from "../../../generated/types";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { formatValidation } from "../../runtime/validation/format";
import { account, check, password } from "../../runtime/validation/rules";
import { failureMessage, useApiPost } from "./api";
import { PasswordInput } from "./PasswordInput";
import { redirectTarget, withRedirect } from "./redirect";
import { AccountField } from "./AccountField";
import { useForm, type Errors } from "./use-form";

interface Values {
  account: string;
  password: string;
}

function checkSignIn(values: Values): Errors<Values> {
  return {
    account: check(values.account, account) ?? undefined,
    password: check(values.password, password) ?? undefined,
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
  const redirect = new URLSearchParams(route.search).get("redirect");
  const message = (field: keyof Values) => {
    const error = form.errors[field];
    return error ? formatValidation(intl, error) : null;
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/signin", { account: form.values.account.trim(), password: form.values.password }, { toast: false });
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
      {/* POST: without JavaScript the password never ends up in an address. */}
      <form className="sf-auth__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <AccountField
          value={form.values.account}
          onValueChange={(value) => form.set("account", value)}
          error={message("account")}
        />
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          name="password"
          autoComplete="current-password"
          required
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
