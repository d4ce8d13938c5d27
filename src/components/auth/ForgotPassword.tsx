// The forgotten-password form: the email address or mobile number of the account; the
// server sends a reset link there (valid 30 minutes, once). Its answer is the same whether
// or not the account exists, and so is what the page says afterwards.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { ForgotPasswordProps } from "../../../generated/types";
import validateForget from "../../../generated/validators/api/auth/forget.request.js";
import { examples } from "../../../schemas/api/auth/forget.request.schema.json";
import { ACCOUNT_MESSAGES } from "../../runtime/validation/account";
import { formatValidation } from "../../runtime/validation/format";
import { requestCheck } from "../../runtime/validation/request-check";
import { accountGiven, check, countryCode } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { AccountField, isMobileAccount } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { CallingCodeField } from "./CallingCodeField";
import { type Errors, useForm } from "./use-form";

interface Values {
  account: string;
  countryCode: string;
}

/** The forget request (schemas/api/auth/forget.request.schema.json). */
const forgetCheck = requestCheck(validateForget, examples[0]);

/** What the form sends: the account trimmed, as a mobile number with its calling code when it looks like one; blank is left out. */
function forgetBody(values: Values): { email?: string; mobile?: string; countryCode?: string } {
  const who = values.account.trim();
  if (!who) return {};
  const cc = values.countryCode.trim();
  return isMobileAccount(who) ? { mobile: who, ...(cc ? { countryCode: cc } : {}) } : { email: who };
}

function checkForget(values: Values): Errors<Values> {
  const schema = forgetCheck.messages(forgetBody(values), {
    email: { field: "account", ...ACCOUNT_MESSAGES },
    mobile: { field: "account", ...ACCOUNT_MESSAGES },
    countryCode: { required: { id: "validation.countryCode.required" }, invalid: { id: "auth.countryCode.format" } },
  });
  // The schema requires neither an email address nor a mobile number alone: that one is given is the form's rule,
  // and so is the calling code a mobile number needs (the same number may exist in two countries).
  return {
    account: check(values.account, accountGiven) ?? schema.account,
    countryCode: isMobileAccount(values.account) ? (check(values.countryCode, countryCode) ?? schema.countryCode) : undefined,
  };
}

export default function ForgotPassword({ signinHref }: ForgotPasswordProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const post = useApiPost();
  const form = useForm<Values>({ account: "", countryCode: "" }, checkForget);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The account a link was asked for; the form then gives way to what happens next. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const error = form.errors.account;
  const ccError = form.errors.countryCode;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !form.validate()) return;
    // Checked above: parse only gives the body its type.
    const body = forgetCheck.parse(forgetBody(form.values));
    if (!body) return;
    setBusy(true);
    setFailure(null);
    try {
      await post("auth/forget", body, { toast: false });
      setSentTo(form.values.account.trim());
    } catch (failed) {
      setFailure(failureMessage(intl, failed));
    }
    setBusy(false);
  }

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {intl.formatMessage({ id: "auth.forget.title" })}
      </h1>
      <p className="sf-auth__status" role="status">
        {sentTo !== null && intl.formatMessage({ id: "auth.forget.sent" }, { account: sentTo })}
      </p>
      {sentTo === null ? (
        <form className="sf-auth__form" method="post" noValidate ref={form.formRef} onSubmit={onSubmit} aria-busy={busy}>
          <p className="sf-auth__intro">{intl.formatMessage({ id: "auth.forget.intro" })}</p>
          <p className="sf-auth__failure" role="alert">
            {failure}
          </p>
          <AccountField
            maxLength={forgetCheck.bounds("email").max}
            value={form.values.account}
            onValueChange={(value) => form.set("account", value)}
            error={error ? formatValidation(intl, error) : null}
          />
          {isMobileAccount(form.values.account) && (
            <CallingCodeField
              maxLength={forgetCheck.bounds("countryCode").max}
              value={form.values.countryCode}
              onValueChange={(value) => form.set("countryCode", value)}
              error={ccError ? formatValidation(intl, ccError) : null}
            />
          )}
          <button className="sf-button sf-auth__submit" type="submit" disabled={busy}>
            {intl.formatMessage({ id: "auth.forget.submit" })}
          </button>
        </form>
      ) : (
        <p className="sf-auth__aside">
          <button
            className="sf-button sf-button--secondary"
            type="button"
            onClick={() => {
              setSentTo(null);
              form.set("account", "");
            }}
          >
            {intl.formatMessage({ id: "auth.forget.again" })}
          </button>
        </p>
      )}
      <p className="sf-auth__switch">
        <a href={signinHref}>{intl.formatMessage({ id: "auth.forget.toSignin" })}</a>
      </p>
    </section>
  );
}
