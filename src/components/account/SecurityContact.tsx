// Changing the email address or the mobile number on the security page, in two steps: the
// new address, to which auth/sendCode sends a 6-digit code (the outbox holds it), then the
// code, which user/editEmail or user/editMobile checks (five wrong tries void a code). The
// fields' rules are the requests' schemas.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { UserInfo } from "../../../generated/types";
import validateSendCode from "../../../generated/validators/api/auth/sendCode.request.js";
import validateEditMobile from "../../../generated/validators/api/user/editMobile.request.js";
import { examples as sendExamples } from "../../../schemas/api/auth/sendCode.request.schema.json";
import { examples as mobileExamples } from "../../../schemas/api/user/editMobile.request.schema.json";
import { useApiPost } from "../../runtime/hooks/useApi";
import { formatValidation } from "../../runtime/validation/format";
import { requestCheck } from "../../runtime/validation/request-check";
import type { ValidationMessage } from "../../runtime/validation/rules";
import { TextField } from "../auth/TextField";
import { failureMessage } from "../common/failure-message";
import { useText } from "../common/use-text";

type Channel = "email" | "mobile";

/** auth/sendCode (its email, mobile and countryCode rules) and the edit's code rule. */
const sendCheck = requestCheck(validateSendCode, sendExamples[0]);
const editCheck = requestCheck(validateEditMobile, mobileExamples[0]);

const MESSAGES = {
  email: { required: { id: "validation.email.required" }, invalid: { id: "validation.email.format" } },
  mobile: { required: { id: "validation.phone.required" }, invalid: { id: "validation.phone.format" } },
  countryCode: { required: { id: "validation.countryCode.required" }, invalid: { id: "auth.countryCode.format" } },
  code: { required: { id: "validation.code.required" }, invalid: { id: "account.contact.code.invalid" } },
} as const;

export interface SecurityContactProps {
  channel: Channel;
  headingId: string;
  user: UserInfo;
  onChanged(user: UserInfo): void;
}

export function SecurityContact({ channel, headingId, user, onChanged }: SecurityContactProps) {
  const intl = useIntl();
  const post = useApiPost();
  const [address, setAddress] = useState("");
  const [callingCode, setCallingCode] = useState(user.countryCode ?? "");
  const [code, setCode] = useState("");
  /** The address the code went to; null while the shopper is still choosing it. */
  const [sentTo, setSentTo] = useState<{ address: string; countryCode: string } | null>(null);
  const [errors, setErrors] = useState<Partial<Record<"address" | "countryCode" | "code", ValidationMessage>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState("");
  const t = useText(`account.contact.${channel}`);
  const message = (field: keyof typeof errors) => {
    const error = errors[field];
    return error ? formatValidation(intl, error) : null;
  };

  /** The fields that show an error, then focus on the first of them. */
  function show(found: typeof errors, form: HTMLFormElement): boolean {
    setErrors(found);
    const first = Object.values(found).some(Boolean);
    if (first) requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return !first;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setFailure(null);
    setOutcome("");
    try {
      await action();
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  async function sendCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const value = address.trim();
    const body =
      channel === "email"
        ? { channel, ...(value ? { email: value } : {}) }
        : { channel, ...(value ? { mobile: value } : {}), ...(callingCode.trim() ? { countryCode: callingCode.trim() } : {}) };
    const found =
      channel === "email"
        ? { address: sendCheck.message("email", value || undefined, MESSAGES.email) ?? undefined }
        : {
            address: sendCheck.message("mobile", value || undefined, MESSAGES.mobile) ?? undefined,
            countryCode: sendCheck.message("countryCode", callingCode.trim() || undefined, MESSAGES.countryCode) ?? undefined,
          };
    if (busy || !show(found, form)) return;
    const request = sendCheck.parse(body);
    if (!request) return;
    await run(async () => {
      await post("auth/sendCode", request, { toast: false });
      setSentTo({ address: value, countryCode: callingCode.trim() });
      setCode("");
      setOutcome(t("sent", { to: channel === "email" ? value : `${callingCode.trim()} ${value}` }));
    });
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo) return;
    const form = event.currentTarget;
    const value = code.trim();
    if (busy || !show({ code: editCheck.message("code", value || undefined, MESSAGES.code) ?? undefined }, form)) return;
    await run(async () => {
      const next =
        channel === "email"
          ? await post("user/editEmail", { email: sentTo.address, code: value }, { toast: false })
          : await post(
              "user/editMobile",
              { mobile: sentTo.address, countryCode: sentTo.countryCode, code: value },
              { toast: false },
            );
      onChanged(next);
      setSentTo(null);
      setAddress("");
      setCode("");
      setOutcome(t("done"));
    });
  }

  const current = channel === "email" ? user.email : user.mobile ? [user.countryCode, user.mobile].filter(Boolean).join(" ") : "";
  const verified = channel === "email" ? user.emailVerified === true : user.mobileVerified === true;

  return (
    <div className="sf-security__contact">
      <p className="sf-security__current">
        {current ? (
          <>
            {t("current")} <strong className="sf-identity__value">{current}</strong>{" "}
            <span className={`sf-badge ${verified ? "sf-badge--ok" : "sf-badge--warn"}`}>
              {intl.formatMessage({ id: verified ? "account.identity.verified" : "account.identity.unverified" })}
            </span>
          </>
        ) : (
          t("none")
        )}
      </p>
      <p className="sf-auth__failure" role="alert">
        {failure}
      </p>
      {sentTo === null ? (
        <form className="sf-security__form" method="post" noValidate onSubmit={sendCode} aria-labelledby={headingId}>
          <div className={channel === "mobile" ? "sf-security__phone" : undefined}>
            {channel === "mobile" && (
              <TextField
                label={intl.formatMessage({ id: "auth.countryCode.label" })}
                hint={intl.formatMessage({ id: "auth.countryCode.hint" })}
                name="countryCode"
                autoComplete="tel-country-code"
                inputMode="tel"
                required
                maxLength={sendCheck.bounds("countryCode").max}
                value={callingCode}
                onValueChange={setCallingCode}
                error={message("countryCode")}
              />
            )}
            <TextField
              label={t("new.label")}
              name={channel}
              // A mobile number is a text field: HTML allows tel-national's autofill only there; the keypad still shows digits.
              type={channel === "email" ? "email" : "text"}
              inputMode={channel === "email" ? "email" : "tel"}
              autoComplete={channel === "email" ? "email" : "tel-national"}
              required
              maxLength={sendCheck.bounds(channel).max}
              value={address}
              onValueChange={setAddress}
              error={message("address")}
            />
          </div>
          <div className="sf-profile__actions">
            <button className="sf-button" type="submit" disabled={busy}>
              {t("send")}
            </button>
          </div>
        </form>
      ) : (
        <form className="sf-security__form" method="post" noValidate onSubmit={confirm} aria-labelledby={headingId}>
          <TextField
            label={t("code.label")}
            hint={t("code.hint")}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={editCheck.bounds("code").max ?? 8}
            value={code}
            onValueChange={setCode}
            error={message("code")}
          />
          <div className="sf-profile__actions">
            <button className="sf-button" type="submit" disabled={busy}>
              {t("confirm")}
            </button>
            <button className="sf-button sf-button--secondary" type="button" disabled={busy} onClick={() => setSentTo(null)}>
              {t("other")}
            </button>
          </div>
        </form>
      )}
      <p className="sf-security__done" role="status">
        {outcome}
      </p>
    </div>
  );
}
