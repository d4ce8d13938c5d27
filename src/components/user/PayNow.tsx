// Paying an order: order/pay opens a session on the payment provider's hosted page and the
// browser goes there; the provider sends it back to the order's page afterwards.
import { useContext, useState } from "react";
import { useIntl } from "react-intl";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { RoutesContext, useRouteInfo } from "../../runtime/router/hooks";
import { failureMessage } from "../common/failure-message";

/** The payment method paid on handover (the store's checkout.json); every other one is paid online. */
export const CASH_ON_DELIVERY = "cod";

/** The shipping method whose orders the shopper collects at the store (checkout.json). */
const PICKUP = "pickup";

/** What a cash-on-delivery order says about paying: at the store when collected, else to the courier. */
export function payOnHandover(order: { shippingMethod: string }): "order.payment.onPickup" | "order.payment.onDelivery" {
  return order.shippingMethod === PICKUP ? "order.payment.onPickup" : "order.payment.onDelivery";
}

/** The order's page in the current language: where the provider sends the shopper back. */
export function useOrderPath(): (orderNo: string) => string {
  const { prefix } = useRouteInfo();
  const { userPath } = useContext(RoutesContext);
  return (orderNo) => `${prefix ? `/${prefix}` : ""}/${userPath}/order/${encodeURIComponent(orderNo)}`;
}

/** Starts a payment and leaves for the provider's page; rejects when the shop refuses it. */
export function useStartPayment(): (orderNo: string) => Promise<void> {
  const post = useApiPost();
  const { language } = useRouteInfo();
  const orderPath = useOrderPath();
  return async (orderNo) => {
    const { payUrl } = await post(
      "order/pay",
      { orderNo, returnPath: orderPath(orderNo), language: language.messages },
      { toast: false },
    );
    window.location.assign(payUrl);
  };
}

export default function PayNow({ orderNo }: { orderNo: string }) {
  const intl = useIntl();
  const start = useStartPayment();
  // The server's button does nothing until the island runs, so it says so.
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  async function pay() {
    setBusy(true);
    setError("");
    try {
      await start(orderNo);
    } catch (failure) {
      setError(failureMessage(intl, failure, "checkout.error.generic"));
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="sf-button" onClick={pay} disabled={busy || !hydrated} aria-busy={busy}>
        {intl.formatMessage({ id: "order.payNow" })}
      </button>
      <p role="alert" className="sf-form-error">
        {error}
      </p>
    </>
  );
}
