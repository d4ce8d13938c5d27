import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { HeaderNoticeProps } from "../../../generated/types";
import { isNoticeClosed, rememberNoticeClosed } from "../../runtime/closed-notices";
import { CloseIcon } from "../common/Icon";

export default function HeaderNotice({ id, message, link, dismissible = true, tone = "info" }: HeaderNoticeProps) {
  const intl = useIntl();
  // Read after hydration, so the first render matches the server's HTML.
  const [closed, setClosed] = useState(false);
  useEffect(() => setClosed(isNoticeClosed(window.localStorage, id)), [id]);
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
            rememberNoticeClosed(window.localStorage, id);
            setClosed(true);
          }}
        >
          <CloseIcon />
        </button>
      )}
    </section>
  );
}
