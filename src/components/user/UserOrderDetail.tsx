// One of the customer's orders, rendered by the server for the signed-in shopper: what they
// can do with it now (pay, cancel or ask to cancel, confirm receipt, request a return), its
// lines, amounts, payment, address, shipments, remarks and timeline. It follows the live
// channel, so a payment or a shipment that lands while the page is open shows without a reload.
import { useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, UserOrderDetailProps } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import OrderItems from "../checkout/OrderItems";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import OrderReviews from "../product/OrderReviews";
import LocalTime from "./LocalTime";
import OrderStatus from "./OrderStatus";
import OrderTimeline from "./OrderTimeline";
import PayNow, { CASH_ON_DELIVERY, payOnHandover } from "./PayNow";
import ReturnApplyForm from "./ReturnApplyForm";

export default function UserOrderDetail({ order: initial, ordersHref, returnHref, productHref }: UserOrderDetailProps) {
  const intl = useIntl();
  const post = useApiPost();
  const [order, setOrder] = useState(initial);
  // A payment, shipment or return that lands while the page is open; a failed reload keeps what is shown.
  const reload = useCallback(
    () => post("order/detail", { orderNo: initial.orderNo }, { toast: false }).then(setOrder, () => undefined),
    [post, initial.orderNo],
  );
  useBusEvent("message:order.status", (frame) => {
    if ((frame.data as { orderNo?: unknown } | undefined)?.orderNo === initial.orderNo) reload();
  });
  // Frames sent before the socket (re)connected, or before the island listened, are lost: catch
  // up once it runs (the webhook may land between the server's render and then) and on each connection.
  useEffect(() => void reload(), [reload]);
  useBusEvent("message:hello", reload);

  const back = (
    <p>
      <a href={ordersHref}>{intl.formatMessage({ id: "order.back" })}</a>
    </p>
  );
  const price = (amount: number) => formatPrice(intl, amount, order.currency);
  const a = order.address;
  const method = intl.messages[`order.method.${order.paymentMethod}`]
    ? intl.formatMessage({ id: `order.method.${order.paymentMethod}` })
    : order.paymentMethod;
  return (
    <section className="sf-order">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.number" }, { orderNo: order.orderNo })}</h1>
      <p className="sf-order__meta">
        <LocalTime value={order.createdAt} time /> <OrderStatus order={order} />
      </p>
      {/* Following the order live, and its actions, run in script. */}
      <noscript>
        <p className="sf-noscript">{intl.formatMessage({ id: "order.noscript" })}</p>
      </noscript>
      <OrderActions order={order} onChange={setOrder} returnHref={returnHref} />
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.items" })}</h2>
      <OrderItems items={order.items} currency={order.currency} />
      {productHref && <OrderReviews order={order} productHref={productHref} />}
      <dl className="sf-totals">
        <div>
          <dt>{intl.formatMessage({ id: "checkout.goods" })}</dt>
          <dd>{price(order.goodsAmount)}</dd>
        </div>
        {order.discountAmount > 0 && (
          <div>
            <dt>{intl.formatMessage({ id: "checkout.discount" })}</dt>
            <dd>−{price(order.discountAmount)}</dd>
          </div>
        )}
        <div>
          <dt>{intl.formatMessage({ id: "checkout.shippingFee" })}</dt>
          <dd>{price(order.shippingFee)}</dd>
        </div>
        <div className="sf-totals__total">
          <dt>{intl.formatMessage({ id: "checkout.total" })}</dt>
          <dd>{price(order.payAmount)}</dd>
        </div>
      </dl>
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.payment" })}</h2>
      <dl className="sf-order__facts">
        <div>
          <dt>{intl.formatMessage({ id: "order.payment.method" })}</dt>
          <dd>{method}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: "order.payment.status" })}</dt>
          <dd>{intl.formatMessage({ id: `order.pay.${order.payStatus}` })}</dd>
        </div>
      </dl>
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.address" })}</h2>
      <address className="sf-order__address">
        {a.firstName} {a.lastName}
        <br />
        {[a.address, a.apartment].filter(Boolean).join(", ")}
        <br />
        {[a.area, a.city, a.province, a.postalCode, a.country].filter(Boolean).join(", ")}
        <br />
        {a.countryCode} {a.phone}
      </address>
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.shipments" })}</h2>
      {order.shipments.length === 0 ? (
        <p>{intl.formatMessage({ id: "order.shipments.none" })}</p>
      ) : (
        <ul className="sf-order__shipments">
          {order.shipments.map((s) => (
            <li key={s.expressNo}>
              {intl.formatMessage(
                { id: "order.shipment" },
                { expressName: s.expressName, expressNo: s.expressNo, date: <LocalTime key="at" value={s.createdAt} /> },
              )}
            </li>
          ))}
        </ul>
      )}
      {order.remarks && (
        <>
          <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.remarks" })}</h2>
          <p>{order.remarks}</p>
        </>
      )}
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.timeline" })}</h2>
      <OrderTimeline events={order.timeline} />
      {back}
    </section>
  );
}

type Action = "cancel" | "confirm";

/** What the shopper may do now; the server checks each change again against the order's state. */
function OrderActions({ order, onChange, returnHref }: { order: Order; onChange: (order: Order) => void; returnHref: string }) {
  const intl = useIntl();
  const post = useApiPost();
  // The server's buttons do nothing until the island runs, so they say so.
  const inert = !useHydrated();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const [applying, setApplying] = useState(false);
  const [applied, setApplied] = useState<string | null>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) first.current?.focus();
  }, [confirming]);

  const open = order.status === "in_progress";
  const shipped = order.shipments.length > 0;
  const payable = open && order.payStatus === "unpaid" && order.paymentMethod !== CASH_ON_DELIVERY;
  const onDelivery = open && order.payStatus === "unpaid" && order.paymentMethod === CASH_ON_DELIVERY;
  const cancellable = open && !shipped;
  const receivable = open && shipped;
  const returnable =
    order.payStatus === "paid" &&
    (order.status === "in_progress" || order.status === "completed") &&
    order.items.some((i) => i.returnable > 0);
  const cancelLabel = order.payStatus === "paid" ? "order.requestCancel" : "order.cancel";

  async function run(action: Action) {
    setBusy(true);
    setError("");
    try {
      onChange(await post(action === "cancel" ? "order/cancel" : "order/confirm", { orderNo: order.orderNo }, { toast: false }));
      setConfirming(null);
    } catch (failure) {
      setError(failureMessage(intl, failure, "checkout.error.generic"));
    } finally {
      setBusy(false);
    }
  }

  if (!payable && !cancellable && !receivable && !returnable && !applied) return null;
  return (
    <div className="sf-order__actions">
      {applied && (
        <p role="status">
          {intl.formatMessage(
            { id: "return.applied" },
            { link: <a href={returnHref.replace("{returnNo}", encodeURIComponent(applied))}>{applied}</a> },
          )}
        </p>
      )}
      {onDelivery && <p>{intl.formatMessage({ id: payOnHandover(order) })}</p>}
      {payable && (
        <div className="sf-order__pay">
          <p>{intl.formatMessage({ id: "order.payment.waiting" })}</p>
          <PayNow orderNo={order.orderNo} />
        </div>
      )}
      {confirming ? (
        <fieldset className="sf-order__confirm">
          <legend>
            {intl.formatMessage({ id: confirming === "cancel" ? `${cancelLabel}.confirm` : "order.confirmReceipt.confirm" })}
          </legend>
          <button ref={first} type="button" className="sf-button" disabled={busy} onClick={() => void run(confirming)}>
            {intl.formatMessage({ id: confirming === "cancel" ? `${cancelLabel}.yes` : "order.confirmReceipt.yes" })}
          </button>
          <button type="button" className="sf-button sf-button--secondary" disabled={busy} onClick={() => setConfirming(null)}>
            {intl.formatMessage({ id: "order.keep" })}
          </button>
        </fieldset>
      ) : (
        <div className="sf-order__buttons">
          {receivable && (
            <button type="button" className="sf-button" onClick={() => setConfirming("confirm")} disabled={inert}>
              {intl.formatMessage({ id: "order.confirmReceipt" })}
            </button>
          )}
          {returnable && !applying && (
            <button type="button" className="sf-button sf-button--secondary" onClick={() => setApplying(true)} disabled={inert}>
              {intl.formatMessage({ id: "return.request" })}
            </button>
          )}
          {cancellable && (
            <button
              type="button"
              className="sf-button sf-button--secondary"
              onClick={() => setConfirming("cancel")}
              disabled={inert}
            >
              {intl.formatMessage({ id: cancelLabel })}
            </button>
          )}
        </div>
      )}
      <p role="alert" className="sf-form-error">
        {error}
      </p>
      {applying && (
        <ReturnApplyForm
          order={order}
          onCancel={() => setApplying(false)}
          onApplied={(returnNo) => {
            setApplying(false);
            setApplied(returnNo);
          }}
        />
      )}
    </div>
  );
}
