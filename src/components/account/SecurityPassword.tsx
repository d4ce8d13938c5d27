// Changing the password on the security page: the current one (required), the new one under
// the password policy of the request's schema, and the new one again. The server signs every
// other session out and keeps this one; the session list is told so.
import { type FormEvent, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import validateEditPassword from "../../../generated/validators/api/user/editPassword.request.js";
import { examples } from "../../../schemas/api/user/editPassword.request.schema.json";
import { ApiError } from "../../runtime/api/client";
import { useApiPost } from "../../runtime/hooks/useApi";
import { PASSWORD_MESSAGES, passwordBounds } from "../../runtime/validation/account";
import { requestCheck } from "../../runtime/validation/request-check";
import { CODE } from "../../shared/codes";
import { PasswordInput } from "../auth/PasswordInput";
import { type Errors, useForm } from "../auth/use-form";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

const EMPTY: Values = { oldPassword: "", password: "", confirm: "" };

/** The change request (schemas/api/user/editPassword.request.schema.json). */
const passwordCheck = requestCheck(validateEditPassword, examples[0]);

const CURRENT_REQUIRED = { id: "account.password.current.required" };

/** The server refused the current password (code 41 in a normal answer; being too busy or limited is an HTTP failure). */
const wrongCurrent = (error: unknown) =>
  error instanceof ApiError && error.failure.kind === "envelope" && error.failure.code === CODE.fullFail;

function checkPassword(values: Values): Errors<Values> {
  const body = {
    ...(values.oldPassword ? { oldPassword: values.oldPassword } : {}),
    ...(values.password ? { password: values.password } : {}),
  };
  const schema = passwordCheck.messages(body, {
    oldPassword: { required: CURRENT_REQUIRED, invalid: CURRENT_REQUIRED },
    password: PASSWORD_MESSAGES,
  });
  return {
    ...schema,
    // What no schema can say: the second new password is the first one again.
    confirm: !values.confirm
      ? { id: "validation.password.confirm.required" }
      : values.confirm !== values.password
        ? { id: "validation.password.mismatch" }
        : undefined,
  };
}

export interface SecurityPasswordProps {
  headingId: string;
  forgotHref: string;
  /** The password changed: every other session has ended. */
  onChanged(): void;
}

/** After a change the form starts again empty (a new round), saying the change is done. */
export function SecurityPassword(props: SecurityPasswordProps) {
  const intl = useIntl();
  const [round, setRound] = useState(0);
  return (
    <>
      <PasswordForm
        key={round}
        {...props}
        onChanged={() => {
          setRound((n) => n + 1);
          props.onChanged();
        }}
      />
      {/* Outside the form, which starts again: a status region that stays is announced when it changes. */}
      <p className="sf-security__done" role="status">
        {round > 0 ? intl.formatMessage({ id: "account.password.done" }) : ""}
      </p>
    </>
  );
}

function PasswordForm({ headingId, forgotHref, onChanged }: SecurityPasswordProps) {
  const intl = useIntl();
  const post = useApiPost();
  const form = useForm<Values>(EMPTY, checkPassword);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const t = useText("account.password");
  const [wrong, setWrong] = useState(false);
  useEffect(() => {
    if (wrong) form.formRef.current?.querySelector<HTMLInputElement>("input[name=oldPassword]")?.focus();
  }, [wrong, form.formRef]);
  const oldPassword = form.field("oldPassword");
  const maxLength = passwordCheck.bounds("password").max;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setWrong(false);
    if (busy || !form.validate()) return;
    const body = passwordCheck.parse({ oldPassword: form.values.oldPassword, password: form.values.password });
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      await post("user/editPassword", body, { toast: false });
      onChanged();
    } catch (error) {
      // The one refusal of a well-formed change: the current password is not the account's.
      if (wrongCurrent(error)) setWrong(true);
      else setFailure(failureMessage(intl, error));
      setBusy(false);
    }
  }

  return (
    <form
      className="sf-security__form"
      method="post"
      noValidate
      ref={form.formRef}
      onSubmit={onSubmit}
      aria-busy={busy}
      aria-labelledby={headingId}
    >
      <p className="sf-auth__failure" role="alert">
        {failure}
      </p>
      <PasswordInput
        label={t("current.label")}
        name="oldPassword"
        autoComplete="current-password"
        required
        maxLength={passwordCheck.bounds("oldPassword").max}
        {...oldPassword}
        onValueChange={(value) => {
          setWrong(false);
          oldPassword.onValueChange(value);
        }}
        error={oldPassword.error ?? (wrong ? t("current.wrong") : null)}
      />
      <p className="sf-auth__aside">
        <a href={forgotHref}>{t("forgot")}</a>
      </p>
      <PasswordInput
        label={t("new.label")}
        hint={intl.formatMessage({ id: "auth.password.hint" }, { ...passwordBounds() })}
        name="password"
        autoComplete="new-password"
        required
        maxLength={maxLength}
        {...form.field("password")}
      />
      <PasswordInput
        label={t("confirm.label")}
        name="confirm"
        autoComplete="new-password"
        required
        maxLength={maxLength}
        {...form.field("confirm")}
      />
      <div className="sf-profile__actions">
        <button className="sf-button" type="submit" disabled={busy}>
          {t("submit")}
        </button>
      </div>
    </form>
  );
}
