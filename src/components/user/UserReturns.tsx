// The customer's returns, newest first, a page at a time, with status and audit status;
// rendered by the server for the signed-in shopper and following the live channel.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { UserReturnsProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { formatPrice } from "../common/format-price";
import Pager from "../common/Pager";
import LocalTime from "./LocalTime";
import ReturnStatus from "./ReturnStatus";

export const RETURNS_PER_PAGE = 10;

export default function UserReturns({ returns, total, page, returnHref, listHref, ordersHref }: UserReturnsProps) {
  const intl = useIntl();
  const post = useApiPost();
  const [shown, setShown] = useState({ returns, total });
  // The merchant's decisions arrive on the live channel; a failed reload keeps the list.
  const reload = useCallback(
    () =>
      post("return/list", { page, pageSize: RETURNS_PER_PAGE }, { toast: false }).then(
        (answer) => setShown({ returns: answer.items, total: answer.total }),
        () => undefined,
      ),
    [post, page],
  );
  useBusEvent("message:return.status", reload);
  // Frames sent before the socket (re)connected, or before the island listened, are lost:
  // catch up once it runs and on each connection.
  useEffect(() => void reload(), [reload]);
  useBusEvent("message:hello", reload);

  return (
    <section className="sf-orders">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "return.list.title" })}</h1>
      {shown.returns.length === 0 ? (
        <>
          <p>{intl.formatMessage({ id: "return.list.empty" })}</p>
          <a className="sf-button sf-button--secondary" href={ordersHref}>
            {intl.formatMessage({ id: "order.list.title" })}
          </a>
        </>
      ) : (
        <>
          <ul className="sf-orders__list">
            {shown.returns.map((r) => (
              <li key={r.returnNo} className="sf-orders__item">
                <p className="sf-orders__number">{intl.formatMessage({ id: "return.number" }, { returnNo: r.returnNo })}</p>
                <p className="sf-orders__date">
                  <LocalTime value={r.createdAt} /> · {intl.formatMessage({ id: `return.type.${r.applyType}` })}
                </p>
                <ReturnStatus request={r} />
                <p className="sf-orders__total">
                  {intl.formatMessage({ id: "return.refundAmount" }, { amount: formatPrice(intl, r.refundAmount, r.currency) })}
                </p>
                <a className="sf-orders__link" href={returnHref.replace("{returnNo}", encodeURIComponent(r.returnNo))}>
                  {intl.formatMessage({ id: "order.view" })}
                  <span className="sf-visually-hidden"> {r.returnNo}</span>
                </a>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(shown.total / RETURNS_PER_PAGE))}
            href={(n) => (n > 1 ? `${listHref}?page=${n}` : listHref)}
            labelId="return.pages"
          />
        </>
      )}
    </section>
  );
}
