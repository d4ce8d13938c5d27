// After placing an order: its number, whether it still waits for payment ("Pay now"), and
// where to follow it. The payment state loads in the browser with the shopper's token and
// follows the live channel, so a payment that lands meanwhile shows without a reload.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, ThankYouProps } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import PayNow, { CASH_ON_DELIVERY, payOnHandover } from "../user/PayNow";

export default function ThankYou({ orderNo, orderHref, ordersHref, homeHref }: ThankYouProps) {
  const intl = useIntl();
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  return (
    <section className="sf-status sf-thankyou">
      <h1 className="sf-status__title">{intl.formatMessage({ id: "page.thankyou.title" })}</h1>
      {orderNo ? (
        <p className="sf-status__text">
          {intl.formatMessage({ id: "checkout.thankyou.number" }, { orderNo: <strong key="no">{orderNo}</strong> })}
        </p>
      ) : (
        <p className="sf-status__text">{intl.formatMessage({ id: "page.thankyou.text" })}</p>
      )}
      {orderNo && hydrated && signedIn && <Payment orderNo={orderNo} />}
      <ul className="sf-status__links">
        {orderNo && orderHref && (
          <li>
            <a href={orderHref}>{intl.formatMessage({ id: "checkout.thankyou.order" })}</a>
          </li>
        )}
        <li>
          <a href={ordersHref}>{intl.formatMessage({ id: "checkout.thankyou.orders" })}</a>
        </li>
        <li>
          <a href={homeHref}>{intl.formatMessage({ id: "checkout.thankyou.continue" })}</a>
        </li>
      </ul>
    </section>
  );
}

function Payment({ orderNo }: { orderNo: string }) {
  const intl = useIntl();
  const api = useApi();
  const [order, setOrder] = useState<Order | null>(null);
  const load = useCallback(() => {
    api.post("order/detail", { orderNo }, { toast: false }).then(setOrder, () => setOrder(null));
  }, [api, orderNo]);
  useEffect(load, [load]);
  useBusEvent("message:order.status", (frame) => {
    if ((frame.data as { orderNo?: unknown } | undefined)?.orderNo === orderNo) load();
  });
  // Frames sent before the socket (re)connected are lost: catch up on each connection.
  useBusEvent("message:hello", load);

  if (order?.status !== "in_progress") return null;
  if (order.payStatus === "paid") {
    return (
      <p className="sf-thankyou__payment" role="status">
        {intl.formatMessage({ id: "order.payment.received" })}
      </p>
    );
  }
  if (order.paymentMethod === CASH_ON_DELIVERY) {
    return <p className="sf-thankyou__payment">{intl.formatMessage({ id: payOnHandover(order) })}</p>;
  }
  return (
    <div className="sf-thankyou__payment">
      <p>{intl.formatMessage({ id: "order.payment.waiting" })}</p>
      <PayNow orderNo={orderNo} />
    </div>
  );
}
