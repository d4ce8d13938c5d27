// Create an account with an email address or a mobile number (a mobile number needs its
// calling code), a password, first and last name, after agreeing to the privacy policy
// and terms of service. The answer is a session: the new customer is signed in at once
// and goes where `redirect` says, as after sign-in.
import { useId, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { AuthSignupRequest, SignUpProps } from "../../../generated/types";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { formatValidation } from "../../runtime/validation/format";
import { account, agreeTerms, check, countryCode, firstName, lastName, password, PASSWORD_LENGTH, type Rule } from "../../runtime/validation/rules";
import { failureMessage, useApiPost } from "./api";
import { PasswordInput } from "./PasswordInput";
import { redirectTarget, withRedirect } from "./redirect";
import { AccountField } from "./AccountField";
import { TextField } from "./TextField";
import { useForm, type Errors } from "./use-form";

interface Values {
  account: string;
  countryCode: string;
  password: string;
  firstName: string;
  lastName: string;
  agree: boolean;
}

const NAME_MAX = 100;
/** The calling code the server accepts: optional +, 1 to 4 digits. */
const CALLING_CODE = /^\+?[0-9]{1,4}$/;

const callingCode: Rule<string> = (value) => (CALLING_CODE.test(value.trim()) ? null : { id: "auth.countryCode.format" });

/** Anything without "@" that starts like a phone number is taken as a mobile number. */
function isMobileAccount(value: string): boolean {
  return !value.includes("@") && /^\+?\d/.test(value.trim());
}

function checkSignUp(values: Values): Errors<Values> {
  return {
    account: check(values.account, account) ?? undefined,
    countryCode: isMobileAccount(values.account) ? (check(values.countryCode, countryCode, callingCode) ?? undefined) : undefined,
    password: check(values.password, password) ?? undefined,
    firstName: check(values.firstName, firstName) ?? undefined,
    lastName: check(values.lastName, lastName) ?? undefined,
    agree: check(values.agree, agreeTerms) ?? undefined,
  };
}

function request(values: Values): AuthSignupRequest {
  const who = values.account.trim();
  return {
    ...(isMobileAccount(who) ? { mobile: who, countryCode: values.countryCode.trim() } : { email: who }),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    agree: true,
  };
}

export default function SignUp({ signinHref, privacyHref, termsHref }: SignUpProps) {
  const intl = useIntl();
  const titleId = useId();
  const agreeId = useId();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const session = useSession();
  const post = useApiPost();
  const form = useForm<Values>({ account: "", countryCode: "", password: "", firstName: "", lastName: "", agree: false }, checkSignUp);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const redirect = new URLSearchParams(route.search).get("redirect");
  const message = (field: keyof Values) => {
    const error = form.errors[field];
    return error ? formatValidation(intl, error) : null;
  };
  const mobile = isMobileAccount(form.values.account);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/signup", request(form.values), { toast: false });
      await session.signIn(answer.token, answer.user);
      navigate(`~${redirectTarget(redirect, window.location.origin, route.prefix)}`);
    } catch (error) {
      // A taken email or mobile number: the server says which.
      setFailure(failureMessage(intl, error));
      setBusy(false);
    }
  }

  const agreeError = message("agree");
  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.signup.title" })}
      </h1>
      <form className="sf-auth__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <AccountField
          hint={intl.formatMessage({ id: "auth.signup.accountHint" })}
          value={form.values.account}
          onValueChange={(value) => form.set("account", value)}
          error={message("account")}
        />
        {mobile && (
          <TextField
            label={intl.formatMessage({ id: "auth.countryCode.label" })}
            hint={intl.formatMessage({ id: "auth.countryCode.hint" })}
            name="countryCode"
            type="text"
            inputMode="tel"
            autoComplete="tel-country-code"
            required
            maxLength={5}
            value={form.values.countryCode}
            onValueChange={(value) => form.set("countryCode", value)}
            error={message("countryCode")}
          />
        )}
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          hint={intl.formatMessage({ id: "auth.password.hint" }, { ...PASSWORD_LENGTH })}
          name="password"
          autoComplete="new-password"
          required
          value={form.values.password}
          onValueChange={(value) => form.set("password", value)}
          error={message("password")}
        />
        <div className="sf-auth__names">
          <TextField
            label={intl.formatMessage({ id: "auth.firstName.label" })}
            name="firstName"
            type="text"
            autoComplete="given-name"
            required
            maxLength={NAME_MAX}
            value={form.values.firstName}
            onValueChange={(value) => form.set("firstName", value)}
            error={message("firstName")}
          />
          <TextField
            label={intl.formatMessage({ id: "auth.lastName.label" })}
            name="lastName"
            type="text"
            autoComplete="family-name"
            required
            maxLength={NAME_MAX}
            value={form.values.lastName}
            onValueChange={(value) => form.set("lastName", value)}
            error={message("lastName")}
          />
        </div>
        <div className="sf-field sf-field--check">
          <input
            id={agreeId}
            className="sf-field__check"
            type="checkbox"
            name="agree"
            required
            checked={form.values.agree}
            onChange={(event) => form.set("agree", event.target.checked)}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? `${agreeId}-error` : undefined}
          />
          <label htmlFor={agreeId}>
            <FormattedMessage
              id="auth.signup.agree"
              values={{
                privacy: (chunks) => (
                  <a href={privacyHref} target="_blank" rel="noopener">
                    {chunks}
                  </a>
                ),
                terms: (chunks) => (
                  <a href={termsHref} target="_blank" rel="noopener">
                    {chunks}
                  </a>
                ),
              }}
            />
          </label>
          <p id={`${agreeId}-error`} className="sf-field__error" aria-live="polite">
            {agreeError}
          </p>
        </div>
        <button className="sf-button sf-auth__submit" type="submit" disabled={busy}>
          {intl.formatMessage({ id: "auth.signup.submit" })}
        </button>
      </form>
      <p className="sf-auth__switch">
        {intl.formatMessage({ id: "auth.signup.haveAccount" })}{" "}
        <a href={withRedirect(signinHref, redirect)}>{intl.formatMessage({ id: "auth.signup.toSignin" })}</a>
      </p>
    </section>
  );
}
