// Create an account with an email address or a mobile number (a mobile number needs its
// calling code), a password, first and last name, after agreeing to the privacy policy
// and terms of service. Nobody is signed in here, and the answer is the same for an address
// that already has an account (issue #19): the verify-prompt page says where the link went,
// and the link confirms the address and signs in. Before (or without) its JavaScript it is a
// plain form posting to {prefix}/form/signup, which goes to the same prompt; a refused post
// comes back with what was typed (never the password) and the messages next to their fields.
import { type FormEvent, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { SignUpProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { passwordBounds, signUpCheck } from "../../runtime/validation/account";
import { useIslandId } from "../../shared/island-id";
import { withPrefix } from "../../shared/language-prefix";
import { isSameSitePath } from "../../shared/same-site-path";
import { flashErrors, ownFlash, PlainForm, useFormPost } from "../common/form-post";
import { AccountField, isMobileAccount } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { CallingCodeField } from "./CallingCodeField";
import { PasswordInput } from "./PasswordInput";
import { withRedirect } from "./redirect";
import { checkSignUp, type SignUpValues, signUpBody } from "./sign-up-check";
import { TextField } from "./TextField";
import { useForm } from "./use-form";

const SIGNUP_FORM = "signup";

export default function SignUp({ signinHref, privacyHref, termsHref, form: posted }: SignUpProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const agreeId = useIslandId();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const post = useApiPost();
  const plain = useFormPost(SIGNUP_FORM);
  const flash = ownFlash(posted, SIGNUP_FORM);
  const typed = (field: string) => flash?.values[field] ?? "";
  const form = useForm<SignUpValues>(
    {
      account: typed("account"),
      countryCode: typed("countryCode"),
      password: "",
      firstName: typed("firstName"),
      lastName: typed("lastName"),
      agree: flash?.values.agree === "on",
    },
    checkSignUp,
    flashErrors(flash, (field) => ({ ...signUpCheck.bounds(field === "account" ? "email" : field) })),
  );
  const [failure, setFailure] = useState<string | null>(() =>
    flash?.failure ? intl.formatMessage({ id: flash.failure }) : null,
  );
  const [busy, setBusy] = useState(false);
  const redirect = new URLSearchParams(route.search).get("redirect");
  const hydrated = useHydrated();
  const mobile = isMobileAccount(form.values.account);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    // Checked above: parse only gives the body its type.
    // The mailed link carries where the shopper was going, so that confirming continues there.
    const carried = redirect && isSameSitePath(redirect) ? { redirect } : {};
    const body = signUpCheck.parse({ ...signUpBody(form.values), ...carried });
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

  const agreeError = form.message("agree");
  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.signup.title" })}
      </h1>
      <PlainForm className="sf-auth__form" post={plain} formRef={form.formRef} onSubmit={onSubmit} busy={busy}>
        {redirect && <input type="hidden" name="redirect" value={redirect} />}
        <p className="sf-auth__failure" role="alert">
          {failure}
        </p>
        <AccountField
          // The longer of its two shapes: an email address (a mobile number is far shorter).
          maxLength={signUpCheck.bounds("email").max}
          hint={intl.formatMessage({ id: "auth.signup.accountHint" })}
          {...form.field("account")}
        />
        {/* Without JavaScript nothing can show it as the account is typed: the page offers it from the start. */}
        {(mobile || !hydrated) && (
          <CallingCodeField maxLength={signUpCheck.bounds("countryCode").max} {...form.field("countryCode")} />
        )}
        <PasswordInput
          label={intl.formatMessage({ id: "auth.password.label" })}
          hint={intl.formatMessage({ id: "auth.password.hint" }, { ...passwordBounds() })}
          name="password"
          autoComplete="new-password"
          required
          maxLength={signUpCheck.bounds("password").max}
          {...form.field("password")}
        />
        <div className="sf-auth__names">
          <TextField
            label={intl.formatMessage({ id: "auth.firstName.label" })}
            name="firstName"
            type="text"
            autoComplete="given-name"
            required
            maxLength={signUpCheck.bounds("firstName").max}
            {...form.field("firstName")}
          />
          <TextField
            label={intl.formatMessage({ id: "auth.lastName.label" })}
            name="lastName"
            type="text"
            autoComplete="family-name"
            required
            maxLength={signUpCheck.bounds("lastName").max}
            {...form.field("lastName")}
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
      </PlainForm>
      <p className="sf-auth__switch">
        {intl.formatMessage({ id: "auth.signup.haveAccount" })}{" "}
        <a href={withRedirect(signinHref, redirect)}>{intl.formatMessage({ id: "auth.signup.toSignin" })}</a>
      </p>
    </section>
  );
}
