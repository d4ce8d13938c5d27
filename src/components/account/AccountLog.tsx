// The account's event log (user/log): what changed and what was ordered, newest first, a page
// at a time, with a filter by topic. The filter is a GET form and the pages are links, so the
// log works before (and without) JavaScript, and the router fetches them in place.
import { useIntl } from "react-intl";
import type { AccountLogEntry, AccountLogProps } from "../../../generated/types";
import { ACCOUNT_LOG_TOPICS } from "../../shared/account-log";
import { useIslandId } from "../../shared/island-id";
import Pagination from "../catalog/Pagination";
import { formatPrice } from "../common/format-price";
import { useText } from "../common/use-text";

export default function AccountLog({ title, items, total, topic, action, paging }: AccountLogProps) {
  const intl = useIntl();
  const titleId = useIslandId();
  const filterId = useIslandId();
  const t = useText("account.log");
  const text = ({ kind, details }: AccountLogEntry) =>
    t(`kind.${kind}`, {
      orderNo: details.orderNo ?? "",
      returnNo: details.returnNo ?? "",
      email: details.email ?? "",
      mobile: details.mobile ?? "",
      count: details.count ?? 0,
    });
  const extra = ({ details }: AccountLogEntry) =>
    [
      details.name,
      details.amount !== undefined && details.currency ? formatPrice(intl, details.amount, details.currency) : undefined,
      details.credits !== undefined ? t("credits", { count: details.credits }) : undefined,
    ]
      .filter(Boolean)
      .join(" · ");
  return (
    <section className="sf-log" aria-labelledby={titleId}>
      <h1 className="sf-profile__title" id={titleId}>
        {title}
      </h1>
      <form className="sf-log__filter" method="get" action={action}>
        <label className="sf-field__label" htmlFor={filterId}>
          {t("filter")}
        </label>
        <select id={filterId} className="sf-field__input sf-log__select" name="kind" defaultValue={topic}>
          <option value="">{t("topic.all")}</option>
          {ACCOUNT_LOG_TOPICS.map((id) => (
            <option key={id} value={id}>
              {t(`topic.${id}`)}
            </option>
          ))}
        </select>
        <button className="sf-button sf-button--secondary" type="submit">
          {t("show")}
        </button>
      </form>
      {items.length === 0 ? (
        <p>{t(topic ? "noneOfTopic" : "none")}</p>
      ) : (
        <>
          <p className="sf-profile__intro">{t("count", { total })}</p>
          <ol className="sf-log__list">
            {items.map((item) => {
              const more = extra(item);
              return (
                <li key={item.id} className="sf-log__item">
                  <time className="sf-log__time" dateTime={item.createdAt}>
                    {intl.formatDate(item.createdAt, { dateStyle: "medium", timeStyle: "short" })}
                  </time>
                  <span className="sf-log__text">{item.href ? <a href={item.href}>{text(item)}</a> : text(item)}</span>
                  {more && <span className="sf-log__more">{more}</span>}
                </li>
              );
            })}
          </ol>
        </>
      )}
      {paging && <Pagination {...paging} />}
    </section>
  );
}
