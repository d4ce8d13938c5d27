// Shows the toast service's toasts. Errors are alerts (announced at once), the rest are
// status messages (announced politely). Hovering or focusing a toast holds it open.
import { useIntl } from "react-intl";
import type { ToasterProps } from "../../../generated/types";
import type { ToastText } from "../../runtime/bus";
import { useToast, useToasts } from "../../runtime/hooks/useToast";
import { CloseIcon } from "./Icon";

export default function Toaster({ placement = "top" }: ToasterProps) {
  const intl = useIntl();
  const toasts = useToasts();
  const service = useToast();
  const text = (message: ToastText) =>
    "text" in message ? message.text : intl.formatMessage({ id: message.id }, message.values);
  return (
    <section className={`sf-toaster sf-toaster--${placement}`} aria-label={intl.formatMessage({ id: "toast.region" })}>
      {toasts.map((toast) => (
        // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only pause the auto-dismiss timer while the pointer is over the toast or focus is on its close button (WCAG 2.2.1); the toast itself is a status or alert, not a control.
        <div
          key={toast.id}
          className={`sf-toast sf-toast--${toast.kind}`}
          role={toast.kind === "error" ? "alert" : "status"}
          onMouseEnter={() => service.pause(toast.id)}
          onMouseLeave={() => service.resume(toast.id)}
          onFocus={() => service.pause(toast.id)}
          onBlur={() => service.resume(toast.id)}
        >
          <p className="sf-toast__text">{text(toast.message)}</p>
          <button
            type="button"
            className="sf-toast__close"
            aria-label={intl.formatMessage({ id: "toast.close" })}
            onClick={() => service.dismiss(toast.id)}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
