// Create an account with an email address or a mobile number (a mobile number needs its
// calling code), a password, first and last name, after agreeing to the privacy policy
// and terms of service. Nobody is signed in here, and the answer is the same for an address
// that already has an account (issue #19): the verify-prompt page says where the link went,
// and the link confirms the address and signs in.
import { type FormEvent, useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SignUpProps } from "../../../generated/types";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, passwordBounds, signUpCheck } from "../../runtime/validation/account";
import { formatValidation } from "../../runtime/validation/format";
import type { FieldMessages } from "../../runtime/validation/request-check";
import { accountGiven, check, countryCode, firstName, lastName, type ValidationMessage } from "../../runtime/validation/rules";
import { withPrefix } from "../../shared/language-prefix";
import { AccountField, isMobileAccount } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { CallingCodeField } from "./CallingCodeField";
import { PasswordInput } from "./PasswordInput";
import { withRedirect } from "./redirect";
import { TextField } from "./TextField";
import { type Errors, useForm } from "./use-form";

interface Values {
  account: string;
  countryCode: string;
  password: string;
  firstName: string;
  lastName: string;
  agree: boolean;
}

/**
 * A name: blank is the form's "required" (the schema takes an empty name); longer than the
 * schema allows says the limit (the input stops there, so only a value typed before the
 * form hydrated gets this).
 */
const name = (required: ValidationMessage): FieldMessages<never> => ({
  required,
  length: ({ max }, rule) => (rule === "maxLength" && max !== undefined ? { id: "validation.limit", values: { max } } : required),
  invalid: required,
});
const agreeTerms: ValidationMessage = { id: "validation.agreeTerms" };

/** Each field of the request and what the form says when the schema refuses it. */
const FIELDS: Record<string, FieldMessages<keyof Values & string>> = {
  email: { field: "account", ...ACCOUNT_MESSAGES },
  mobile: { field: "account", ...ACCOUNT_MESSAGES },
  countryCode: { required: { id: "validation.countryCode.required" }, invalid: { id: "auth.countryCode.format" } },
  password: PASSWORD_MESSAGES,
  firstName: name({ id: "validation.firstName.required" }),
  lastName: name({ id: "validation.lastName.required" }),
  agree: { required: agreeTerms, invalid: agreeTerms },
};

/**
 * The request the form sends: the account as an email address or, when it looks like a
 * phone number, a mobile number with its calling code; names trimmed; the password as
 * typed. A blank field is left out, so the schema says "required" where it requires it.
 */
function signUpBody(values: Values): Record<string, unknown> {
  const who = values.account.trim();
  const text = (field: "countryCode" | "firstName" | "lastName") =>
    values[field].trim() ? { [field]: values[field].trim() } : {};
  return {
    ...(who ? (isMobileAccount(who) ? { mobile: who, ...text("countryCode") } : { email: who }) : {}),
    ...(values.password ? { password: values.password } : {}),
    ...text("firstName"),
    ...text("lastName"),
    agree: values.agree,
  };
}

function checkSignUp(values: Values): Errors<Values> {
  const schema = signUpCheck.messages(signUpBody(values), FIELDS);
  // What the schema cannot say: an account is given, and a mobile number's calling code and the names are not blank.
  const mobile = isMobileAccount(values.account);
  return {
    account: check(values.account, accountGiven) ?? schema.account,
    countryCode: mobile ? (check(values.countryCode, countryCode) ?? schema.countryCode) : undefined,
    password: schema.password,
    firstName: check(values.firstName, firstName) ?? schema.firstName,
    lastName: check(values.lastName, lastName) ?? schema.lastName,
    agree: schema.agree,
  };
}

export default function SignUp({ signinHref, privacyHref, termsHref }: SignUpProps) {
  const intl = useIntl();
  const titleId = useId();
  const agreeId = useId();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const post = useApiPost();
  const form = useForm<Values>(
    { account: "", countryCode: "", password: "", firstName: "", lastName: "", agree: false },
    checkSignUp,
  );
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
    // Checked above: parse only gives the body its type.
    const body = signUpCheck.parse(signUpBody(form.values));
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/signup", body, { toast: false });
      // Nobody is signed in yet: the link sent to the address confirms it and signs in. The
      // prompt says where it went, and offers to send it again.
      const sentTo =
        answer.channel === "email"
          ? `sent=email&to=${encodeURIComponent(body.email ?? "")}`
          : `sent=mobile&to=${encodeURIComponent(body.mobile ?? "")}&cc=${encodeURIComponent(body.countryCode ?? "")}`;
      navigate(`~${withRedirect(withPrefix(route.prefix, `/auth/verify-prompt?${sentTo}`), redirect)}`);
    } catch (error) {
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
          // The longer of its two shapes: an email address (a mobile number is far shorter).
          maxLength={signUpCheck.bounds("email").max}
          hint={intl.formatMessage({ id: "auth.signup.accountHint" })}
          value={form.values.account}
          onValueChange={(value) => form.set("account", value)}
          error={message("account")}
        />
        {mobile && (
          <CallingCodeField
            maxLength={signUpCheck.bounds("countryCode").max}
            value={form.values.countryCode}
            onValueChange={(value) => form.set("countryCode", value)}
            error={message("countryCode")}
          />
        )}
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          hint={intl.formatMessage({ id: "auth.password.hint" }, { ...passwordBounds() })}
          name="password"
          autoComplete="new-password"
          required
          maxLength={signUpCheck.bounds("password").max}
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
            maxLength={signUpCheck.bounds("firstName").max}
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
            maxLength={signUpCheck.bounds("lastName").max}
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
