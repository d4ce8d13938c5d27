// "Sign in with the app": a QR code whose confirm address a signed-in phone opens. The code
// is asked for only when the shopper opens this part (each one is a ticket on the server),
// lasts two minutes with a visible countdown, and can be refreshed. Its state arrives over
// the live channel; while the socket is down the page asks the server every few seconds
// instead. Once confirmed, the session comes from auth/qrStatus with the ticket's secret,
// which only this page knows.
import { useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { AuthQrStatusResponse, QrSignInProps } from "../../../generated/types";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { withPrefix } from "../../shared/language-prefix";
import { useCountdown } from "../common/use-countdown";
import { useText } from "../common/use-text";
import { failureMessage, useApiPost } from "./api";
import { redirectTarget } from "./redirect";

/** How often the page asks for the ticket's state while the live channel is down. */
export const QR_POLL_MS = 3_000;

type Status = AuthQrStatusResponse["status"];

interface Ticket {
  ticket: string;
  secret: string;
  /** The confirm address, absolute: what the QR code encodes. */
  url: string;
  svg: string;
  expiresAt: number;
}

export default function QrSignIn(_props: QrSignInProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const hydrated = useHydrated();
  const post = useApiPost();
  const session = useSession();
  const route = useRouteInfo();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [status, setStatus] = useState<Status>("pending");
  const [failure, setFailure] = useState<string | null>(null);
  const [connected, setConnected] = useState(false);
  const finishing = useRef(false);
  const secondsLeft = useCountdown(ticket?.expiresAt ?? 0);
  const t = useText("auth.qr");

  const create = useCallback(async () => {
    setFailure(null);
    setTicket(null);
    setStatus("pending");
    finishing.current = false;
    try {
      const answer = await post("auth/qrCreate", {}, { toast: false });
      const url = window.location.origin + withPrefix(route.prefix, answer.url);
      // The library is only needed once a shopper asks for a code.
      const qrcode = await import("qrcode");
      // A CommonJS module: its functions are on the default export.
      const svg = await (qrcode.default ?? qrcode).toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
      setTicket({ ticket: answer.ticket, secret: answer.secret, url, svg, expiresAt: Date.parse(answer.expiresAt) });
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
  }, [post, route.prefix, intl]);

  const check = useCallback(async () => {
    if (!ticket || finishing.current) return;
    try {
      const answer = await post("auth/qrStatus", { ticket: ticket.ticket, secret: ticket.secret }, { toast: false });
      if (answer.session) {
        finishing.current = true;
        setStatus("confirmed");
        await session.signIn(answer.session.token, answer.session.user);
        const redirect = new URLSearchParams(route.search).get("redirect");
        navigate(`~${redirectTarget(redirect, window.location.origin, route.prefix)}`);
        return;
      }
      setStatus(answer.status);
    } catch (error) {
      setFailure(failureMessage(intl, error));
    }
  }, [ticket, post, session, route.search, route.prefix, navigate, intl]);

  // A frame only says that something changed; the state itself is asked for with the secret.
  useBusEvent("message:auth.qr", (frame) => {
    const data = frame.data as { ticket?: unknown } | undefined;
    if (ticket && data?.ticket === ticket.ticket) void check();
  });
  useBusEvent("live:state", ({ connected: up }) => setConnected(up));

  const waiting = ticket !== null && secondsLeft > 0 && (status === "pending" || status === "scanned");
  useEffect(() => {
    if (!waiting || connected) return;
    const timer = setInterval(() => void check(), QR_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, connected, check]);

  const shown: Status = ticket && secondsLeft === 0 && status !== "confirmed" ? "expired" : status;

  function toggle() {
    const next = !open;
    setOpen(next);
    if (next && !ticket) void create();
  }

  return (
    <section className="sf-auth sf-qr" aria-labelledby={titleId}>
      <h2 className="sf-qr__title" id={titleId}>
        {t("title")}
      </h2>
      <p className="sf-auth__intro">{t("intro")}</p>
      {/* The code, its countdown and the phone's answer all need script; say what works instead. */}
      <noscript>
        <p className="sf-noscript">{t("noscript")}</p>
      </noscript>
      <button className="sf-button sf-button--secondary" type="button" aria-expanded={open} disabled={!hydrated} onClick={toggle}>
        {open ? t("hide") : t("show")}
      </button>
      {open && (
        <div className="sf-qr__panel">
          <p className="sf-auth__failure" role="alert">
            {failure}
          </p>
          {ticket && shown !== "expired" && shown !== "declined" && (
            <figure className="sf-qr__code">
              {/* The library's SVG: paths only, drawn from our own address. */}
              <div
                className="sf-qr__svg"
                role="img"
                aria-label={t("codeLabel")}
                data-url={ticket.url}
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG markup from the qrcode library for our own URL, no script.
                dangerouslySetInnerHTML={{ __html: ticket.svg }}
              />
              <figcaption>{t("expiresIn", { seconds: secondsLeft })}</figcaption>
            </figure>
          )}
          <p className="sf-auth__status" role="status">
            {ticket === null && failure === null ? t("creating") : ticket ? t(`status.${shown}`) : ""}
          </p>
          <button className="sf-button sf-button--secondary" type="button" onClick={() => void create()}>
            {t("refresh")}
          </button>
        </div>
      )}
    </section>
  );
}
