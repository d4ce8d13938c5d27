// The form a password-reset link opens: the new password twice, under the password policy
// of the reset request's schema. The server then ends every session of the account, and the
// shopper signs in with the new password (the sign-in page says it changed). A link that
// expired, was used or is malformed says so and leads to a new one.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { ResetPasswordProps } from "../../../generated/types";
import validateReset from "../../../generated/validators/api/auth/resetPassword.request.js";
import { examples } from "../../../schemas/api/auth/resetPassword.request.schema.json";
import { ApiError } from "../../runtime/api/client";
import { useNavigate } from "../../runtime/router/hooks";
import { PASSWORD_MESSAGES, passwordBounds } from "../../runtime/validation/account";
import { requestCheck } from "../../runtime/validation/request-check";
import { useIslandId } from "../../shared/island-id";
import { failureMessage, useApiPost } from "./api";
import { PasswordInput } from "./PasswordInput";
import { type Errors, useForm } from "./use-form";

interface Values {
  password: string;
  confirm: string;
}

/** The reset request (schemas/api/auth/resetPassword.request.schema.json). */
const resetCheck = requestCheck(validateReset, examples[0]);

function checkReset(values: Values): Errors<Values> {
  const schema = resetCheck.messages(values.password ? { password: values.password } : {}, { password: PASSWORD_MESSAGES });
  return {
    password: schema.password,
    // What no schema can say: the second password is the first one again.
    confirm: !values.confirm
      ? { id: "validation.password.confirm.required" }
      : values.confirm !== values.password
        ? { id: "validation.password.mismatch" }
        : undefined,
  };
}

/** The server refused the code itself (unknown, used or expired), not the request or the connection. */
const linkRefused = (error: unknown) =>
  error instanceof ApiError && error.failure.kind === "envelope" && error.failure.code === 41;

/** The sign-in page with the flag that makes it say the password changed. */
const withResetFlag = (href: string) => `${href}${href.includes("?") ? "&" : "?"}reset=1`;

export default function ResetPassword({ code, signinHref, forgotHref }: ResetPasswordProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const navigate = useNavigate();
  const post = useApiPost();
  const form = useForm<Values>({ password: "", confirm: "" }, checkReset);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(code === "");
  const maxLength = resetCheck.bounds("password").max;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    const body = resetCheck.parse({ code, password: form.values.password });
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      await post("auth/resetPassword", body, { toast: false });
      navigate(`~${withResetFlag(signinHref)}`);
    } catch (error) {
      if (linkRefused(error)) setExpired(true);
      else setFailure(failureMessage(intl, error));
      setBusy(false);
    }
  }

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.reset.title" })}
      </h1>
      {expired ? (
        <>
          <p className="sf-auth__failure" role="alert">
            {intl.formatMessage({ id: "auth.reset.expired" })}
          </p>
          <p className="sf-auth__switch">
            <a className="sf-button" href={forgotHref}>
              {intl.formatMessage({ id: "auth.reset.newLink" })}
            </a>
          </p>
        </>
      ) : (
        <form className="sf-auth__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
          <p className="sf-auth__failure" role="alert">
            {failure}
          </p>
          <PasswordInput
            label={intl.formatMessage({ id: "auth.reset.password.label" })}
            hint={intl.formatMessage({ id: "auth.password.hint" }, { ...passwordBounds() })}
            name="password"
            autoComplete="new-password"
            required
            maxLength={maxLength}
            {...form.field("password")}
          />
          <PasswordInput
            label={intl.formatMessage({ id: "auth.reset.confirm.label" })}
            name="confirm"
            autoComplete="new-password"
            required
            maxLength={maxLength}
            {...form.field("confirm")}
          />
          <button className="sf-button sf-auth__submit" type="submit" disabled={busy}>
            {intl.formatMessage({ id: "auth.reset.submit" })}
          </button>
        </form>
      )}
    </section>
  );
}
