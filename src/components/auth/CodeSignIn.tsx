// Sign in with a one-time code instead of the password: "Send me a code" sends a 6-digit
// code to the email address or mobile number (the server answers the same for any address),
// then the code signs in and the page follows `redirect` like the password form. Another
// code can be asked for after a minute, counted down here.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { CodeSignInProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { isEmail, isMobile } from "../../runtime/validation/account";
import { formatValidation } from "../../runtime/validation/format";
import {
  account,
  accountGiven,
  check,
  countryCode,
  type ValidationMessage,
  verificationCode,
} from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";
import { useCountdown } from "../common/use-countdown";
import { useText } from "../common/use-text";
import { AccountField, isMobileAccount } from "./AccountField";
import { failureMessage, useApiPost } from "./api";
import { CallingCodeField } from "./CallingCodeField";
import { redirectTarget } from "./redirect";
import { TextField } from "./TextField";

const CODE_SHAPE = /^[0-9]{6}$/;
const accountShape = account(isEmail, isMobile);

export default function CodeSignIn(_props: CodeSignInProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const hydrated = useHydrated();
  const post = useApiPost();
  const session = useSession();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const [who, setWho] = useState("");
  const [callingCode, setCallingCode] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{
    who?: ValidationMessage | null;
    cc?: ValidationMessage | null;
    code?: ValidationMessage | null;
  }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [until, setUntil] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Folded until asked for, so the page has one account field to fill at first.
  const [open, setOpen] = useState(false);
  const seconds = useCountdown(until);
  const mobile = isMobileAccount(who);
  const t = useText("auth.code");
  const shown = (error: ValidationMessage | null | undefined) => (error ? formatValidation(intl, error) : null);

  function target() {
    const whoError = check(who, accountGiven) ?? check(who, accountShape);
    const ccError = mobile ? check(callingCode, countryCode) : null;
    setErrors((e) => ({ ...e, who: whoError, cc: ccError }));
    if (whoError || ccError) return null;
    return { account: who.trim(), ...(mobile ? { countryCode: callingCode.trim() } : {}) };
  }

  async function send() {
    const body = target();
    if (!body || busy || seconds > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/sendSigninCode", body, { toast: false });
      setSentTo(mobile ? `${body.countryCode} ${body.account}` : body.account);
      setUntil(Date.now() + answer.waitSeconds * 1000);
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
    setBusy(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = target();
    const codeError = check(code, verificationCode) ?? (CODE_SHAPE.test(code.trim()) ? null : { id: "auth.code.format" });
    setErrors((e) => ({ ...e, code: codeError }));
    if (!body || codeError || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await post("auth/signinByCode", { ...body, code: code.trim() }, { toast: false });
      await session.signIn(answer.token, answer.user);
      const redirect = new URLSearchParams(route.search).get("redirect");
      navigate(`~${redirectTarget(redirect, window.location.origin, route.prefix)}`);
    } catch (error) {
      setFailure(failureMessage(intl, error));
      setBusy(false);
    }
  }

  return (
    <section className="sf-auth sf-code-signin" aria-labelledby={titleId}>
      <h2 className="sf-qr__title" id={titleId}>
        {t("title")}
      </h2>
      <p className="sf-auth__intro">{t("intro")}</p>
      <button
        className="sf-button sf-button--secondary"
        type="button"
        aria-expanded={open}
        disabled={!hydrated}
        onClick={() => setOpen(!open)}
      >
        {open ? t("hide") : t("show")}
      </button>
      {open && (
        <form className="sf-auth__form sf-code-signin__form" method="post" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <p className="sf-auth__failure" role="alert">
            {failure}
          </p>
          <AccountField value={who} maxLength={254} onValueChange={setWho} error={shown(errors.who)} />
          {mobile && (
            <CallingCodeField maxLength={5} value={callingCode} onValueChange={setCallingCode} error={shown(errors.cc)} />
          )}
          <p className="sf-auth__actions">
            <button
              className="sf-button sf-button--secondary"
              type="button"
              disabled={!hydrated || busy || seconds > 0}
              onClick={() => void send()}
            >
              {seconds > 0 ? t("wait", { seconds }) : sentTo ? t("resend") : t("send")}
            </button>
          </p>
          <p className="sf-auth__status" role="status">
            {sentTo && t("sent", { to: sentTo })}
          </p>
          <TextField
            label={t("label")}
            hint={t("hint")}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            required
            maxLength={6}
            value={code}
            onValueChange={setCode}
            error={shown(errors.code)}
          />
          <button className="sf-button sf-auth__submit" type="submit" disabled={!hydrated || busy}>
            {t("submit")}
          </button>
        </form>
      )}
    </section>
  );
}
