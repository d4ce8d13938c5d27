// The sign-in history (user/security/activity): every attempt on the account, signed in or
// refused, newest first, as a table a page at a time (the server's ?page=N links).
import { useIntl } from "react-intl";
import type { SignInHistoryProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import Pagination from "../catalog/Pagination";
import { useText } from "../common/use-text";

export default function SignInHistory({ title, items, total, paging, securityHref }: SignInHistoryProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const t = useText("account.history");
  const device = (browser: string, system: string) =>
    intl.formatMessage(
      { id: "account.sessions.device" },
      {
        browser: browser || intl.formatMessage({ id: "account.sessions.unknownBrowser" }),
        system: system || intl.formatMessage({ id: "account.sessions.unknownSystem" }),
      },
    );
  return (
    <section className="sf-history" aria-labelledby={titleId}>
      <h1 className="sf-profile__title" id={titleId}>
        {title}
      </h1>
      <p className="sf-profile__intro">{t("intro", { total })}</p>
      <p className="sf-profile__intro">
        {intl.formatMessage(
          { id: "account.history.unknown" },
          {
            link: (chunks) => (
              <a href={securityHref} key="link">
                {chunks}
              </a>
            ),
          },
        )}
      </p>
      {items.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        // A table wider than a phone scrolls sideways; the region takes focus so that a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1); it is named by the page's heading.
        <section className="sf-history__scroll" aria-labelledby={titleId} tabIndex={0}>
          <table className="sf-history__table">
            <caption className="sf-visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("time")}</th>
                <th scope="col">{t("outcome")}</th>
                <th scope="col">{t("method")}</th>
                <th scope="col">{t("device")}</th>
                <th scope="col">{t("ip")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item, i) => (
                // Attempts have no id of their own; a page's rows keep their order.
                // biome-ignore lint/suspicious/noArrayIndexKey: the server's rows, in the server's order, never reordered here.
                <tr key={i}>
                  <td>{intl.formatDate(item.createdAt, { dateStyle: "medium", timeStyle: "medium" })}</td>
                  <td>
                    <span className={`sf-badge ${item.success ? "sf-badge--ok" : "sf-badge--error"}`}>
                      {t(item.success ? "success" : "failure")}
                    </span>
                  </td>
                  <td>{item.method ? t(`method.${item.method}`) : "—"}</td>
                  <td>{device(item.browser, item.system)}</td>
                  <td className="sf-history__ip">{item.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {paging && <Pagination {...paging} />}
    </section>
  );
}
