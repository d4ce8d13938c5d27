// One of the customer's orders: lines, amounts, shipping address, shipments and remarks.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, UserOrderDetailProps } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import OrderItems from "../checkout/OrderItems";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import OrderStatus from "./OrderStatus";
import SignInPrompt from "./SignInPrompt";

type State = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; order: Order };

export default function UserOrderDetail(props: UserOrderDetailProps) {
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  if (hydrated && !signedIn) return <SignInPrompt titleId="order.detail.title" signInHref={props.signInHref} />;
  return hydrated ? <OrderView {...props} /> : <DetailSkeleton />;
}

function DetailSkeleton() {
  const intl = useIntl();
  return (
    <section className="sf-order" aria-busy="true">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.detail.title" })}</h1>
      <div className="sf-skeleton sf-orders__placeholder" />
    </section>
  );
}

function OrderView({ orderNo, ordersHref }: UserOrderDetailProps) {
  const intl = useIntl();
  const api = useApi();
  const [state, setState] = useState<State>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    api.post("order/detail", { orderNo }, { toast: false }).then(
      (order) => live && setState({ kind: "ready", order }),
      (error: unknown) => live && setState({ kind: "failed", message: failureMessage(intl, error, "checkout.error.generic") }),
    );
    return () => {
      live = false;
    };
  }, [api, intl, orderNo]);

  const back = (
    <p>
      <a href={ordersHref}>{intl.formatMessage({ id: "order.back" })}</a>
    </p>
  );
  if (state.kind === "loading") return <DetailSkeleton />;
  if (state.kind === "failed") {
    return (
      <section className="sf-order">
        <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.detail.title" })}</h1>
        <p role="alert" className="sf-form-error">
          {state.message}
        </p>
        {back}
      </section>
    );
  }
  const { order } = state;
  const price = (amount: number) => formatPrice(intl, amount, order.currency);
  const a = order.address;
  return (
    <section className="sf-order">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.number" }, { orderNo: order.orderNo })}</h1>
      <p>
        {intl.formatDate(order.createdAt, { dateStyle: "medium", timeStyle: "short" })} <OrderStatus order={order} />
      </p>
      <h2 className="sf-checkout__subtitle">{intl.formatMessage({ id: "order.items" })}</h2>
      <OrderItems items={order.items} currency={order.currency} />
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
        <ul>
          {order.shipments.map((s) => (
            <li key={s.expressNo}>
              {s.expressName} {s.expressNo} · {intl.formatDate(s.createdAt, { dateStyle: "medium" })}
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
      {back}
    </section>
  );
}
