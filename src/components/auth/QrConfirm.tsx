// The phone's side of QR sign-in. Opening the address marks the ticket scanned (the desktop
// then says "Confirm on your phone") and names the device and address that asked, so the
// owner knows what they let in; Confirm or Decline answers it. A signed-out phone signs in
// first and comes back here.
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { AuthQrScanResponse, QrConfirmProps } from "../../../generated/types";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useIslandId } from "../../shared/island-id";
import { useText } from "../common/use-text";
import { failureMessage, useApiPost } from "./api";

type State =
  | { kind: "loading" }
  | { kind: "ask"; asked: AuthQrScanResponse; busy: boolean }
  | { kind: "confirmed" }
  | { kind: "declined" }
  | { kind: "failed"; text: string };

export default function QrConfirm({ ticket, signinHref, homeHref }: QrConfirmProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  const post = useApiPost();
  const t = useText("auth.qrConfirm");
  const [state, setState] = useState<State>(ticket ? { kind: "loading" } : { kind: "failed", text: t("invalid") });
  const scanned = useRef(false);

  useEffect(() => {
    if (!hydrated || !signedIn || !ticket || scanned.current) return;
    scanned.current = true;
    post("auth/qrScan", { ticket }, { toast: false }).then(
      (asked) => setState({ kind: "ask", asked, busy: false }),
      (error: unknown) => setState({ kind: "failed", text: failureMessage(intl, error) }),
    );
  }, [hydrated, signedIn, ticket, post, intl]);

  async function answer(call: "auth/qrConfirm" | "auth/qrDecline") {
    if (state.kind !== "ask" || state.busy) return;
    setState({ ...state, busy: true });
    try {
      await post(call, { ticket }, { toast: false });
      setState({ kind: call === "auth/qrConfirm" ? "confirmed" : "declined" });
    } catch (error) {
      setState({ kind: "failed", text: failureMessage(intl, error) });
    }
  }

  return (
    <section className="sf-auth" aria-labelledby={titleId}>
      <h1 className="sf-auth__title" id={titleId}>
        {t("title")}
      </h1>
      {hydrated && !signedIn && ticket ? (
        <>
          <p className="sf-auth__intro">{t("signinFirst")}</p>
          <p className="sf-auth__actions">
            <a className="sf-button" href={signinHref}>
              {t("signin")}
            </a>
          </p>
        </>
      ) : (
        <>
          <p className="sf-auth__status" role="status">
            {state.kind === "loading" && t("loading")}
            {state.kind === "ask" && t("question", { device: state.asked.device, ip: state.asked.ip })}
            {state.kind === "confirmed" && t("confirmed")}
            {state.kind === "declined" && t("declined")}
          </p>
          <p className="sf-auth__failure" role="alert">
            {state.kind === "failed" && state.text}
          </p>
          {state.kind === "ask" && (
            <>
              <p className="sf-auth__intro">{t("warning")}</p>
              <p className="sf-auth__actions">
                <button className="sf-button" type="button" disabled={state.busy} onClick={() => void answer("auth/qrConfirm")}>
                  {t("confirm")}
                </button>
                <button
                  className="sf-button sf-button--secondary"
                  type="button"
                  disabled={state.busy}
                  onClick={() => void answer("auth/qrDecline")}
                >
                  {t("decline")}
                </button>
              </p>
            </>
          )}
          {(state.kind === "confirmed" || state.kind === "declined" || state.kind === "failed") && (
            <p className="sf-auth__switch">
              <a href={homeHref}>{t("home")}</a>
            </p>
          )}
        </>
      )}
    </section>
  );
}
