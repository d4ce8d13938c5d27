import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { HeaderNoticeProps } from "../../../generated/types";

const closedKey = (id: string) => `sf.notice.closed.${id}`;

function readClosed(id: string): boolean {
  try {
    return window.localStorage.getItem(closedKey(id)) === "1";
  } catch {
    return false;
  }
}

function rememberClosed(id: string) {
  try {
    window.localStorage.setItem(closedKey(id), "1");
  } catch {
    // Storage may be unavailable (private mode); the notice then stays closed for this page only.
  }
}

export default function HeaderNotice({ id, message, link, dismissible = true, tone = "info" }: HeaderNoticeProps) {
  const intl = useIntl();
  // Read after hydration, so the first render matches the server's HTML.
  const [closed, setClosed] = useState(false);
  useEffect(() => setClosed(readClosed(id)), [id]);
  if (closed) return null;
  return (
    <section className={`sf-notice sf-notice--${tone}`} aria-label={message}>
      <p className="sf-notice__text">
        {message}
        {link && (
          <>
            {" "}
            <a className="sf-notice__link" href={link.href}>
              {link.label}
            </a>
          </>
        )}
      </p>
      {dismissible && (
        <button
          type="button"
          className="sf-notice__close"
          aria-label={intl.formatMessage({ id: "notice.close" })}
          onClick={() => {
            rememberClosed(id);
            setClosed(true);
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </section>
  );
}
