// The customer's orders, by status (tabs) and a page at a time, rendered by the server for
// the signed-in shopper. Tabs and pages are plain links (?status=…&page=…), so the server
// page and the router serve them; the list reloads when the live channel says an order changed.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { UserOrdersProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { formatPrice } from "../common/format-price";
import Pager from "../common/Pager";
import LocalTime from "./LocalTime";
import OrderStatus from "./OrderStatus";

export const ORDERS_PER_PAGE = 10;
const TABS = ["all", "in_progress", "completed", "pending_cancellation", "cancelled"] as const;

export default function UserOrders(props: UserOrdersProps) {
  const intl = useIntl();
  return (
    <section className="sf-orders">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.list.title" })}</h1>
      <Tabs {...props} />
      <OrderList {...props} />
    </section>
  );
}

/** The list's address for a tab and a page. */
function listHref(listHref: string, status: string | undefined, page: number): string {
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${listHref}?${text}` : listHref;
}

function Tabs({ listHref: base, status }: UserOrdersProps) {
  const intl = useIntl();
  return (
    <nav className="sf-tabs" aria-label={intl.formatMessage({ id: "order.tabs" })}>
      <ul className="sf-tabs__list">
        {TABS.map((tab) => {
          const current = (status ?? "all") === tab;
          return (
            <li key={tab}>
              <a
                className="sf-tabs__tab"
                href={listHref(base, tab === "all" ? undefined : tab, 1)}
                aria-current={current ? "page" : undefined}
              >
                {intl.formatMessage({ id: tab === "all" ? "order.tab.all" : `order.status.${tab}` })}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function OrderList({ orders, total, orderHref, shopHref, listHref: base, status, page }: UserOrdersProps) {
  const intl = useIntl();
  const post = useApiPost();
  const [shown, setShown] = useState({ orders, total });
  // A status change may move an order into or out of this tab; a failed reload keeps the list.
  const reload = useCallback(
    () =>
      post("order/list", { page, pageSize: ORDERS_PER_PAGE, ...(status ? { status } : {}) }, { toast: false }).then(
        (answer) => setShown({ orders: answer.items, total: answer.total }),
        () => undefined,
      ),
    [post, page, status],
  );
  useBusEvent("message:order.status", reload);
  // Frames sent before the socket (re)connected, or before the island listened, are lost:
  // catch up once it runs and on each connection.
  useEffect(() => void reload(), [reload]);
  useBusEvent("message:hello", reload);

  if (shown.orders.length === 0) {
    return (
      <>
        <p>{intl.formatMessage({ id: status ? "order.list.emptyTab" : "order.list.empty" })}</p>
        <a className="sf-button sf-button--secondary" href={shopHref}>
          {intl.formatMessage({ id: "order.list.shop" })}
        </a>
      </>
    );
  }
  return (
    <>
      <ul className="sf-orders__list">
        {shown.orders.map((order) => (
          <li key={order.orderNo} className="sf-orders__item">
            <p className="sf-orders__number">{intl.formatMessage({ id: "order.number" }, { orderNo: order.orderNo })}</p>
            <p className="sf-orders__date">
              <LocalTime value={order.createdAt} />
            </p>
            <OrderStatus order={order} />
            <p className="sf-orders__total">
              {intl.formatMessage({ id: "order.total" }, { amount: formatPrice(intl, order.payAmount, order.currency) })}
            </p>
            <a className="sf-orders__link" href={orderHref.replace("{orderNo}", encodeURIComponent(order.orderNo))}>
              {intl.formatMessage({ id: "order.view" })}
              <span className="sf-visually-hidden"> {order.orderNo}</span>
            </a>
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(shown.total / ORDERS_PER_PAGE))}
        href={(n) => listHref(base, status, n)}
        labelId="order.pages"
      />
    </>
  );
}
