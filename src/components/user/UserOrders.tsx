// The customer's orders, loaded with their token (the server cannot render them).
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, UserOrdersProps } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import OrderStatus from "./OrderStatus";
import SignInPrompt from "./SignInPrompt";

type State = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; orders: Order[] };

export default function UserOrders(props: UserOrdersProps) {
  const hydrated = useHydrated();
  const { signedIn } = useSession();
  if (hydrated && !signedIn) return <SignInPrompt titleId="order.list.title" signInHref={props.signInHref} />;
  return hydrated ? <OrderList {...props} /> : <OrdersSkeleton />;
}

function OrdersSkeleton() {
  const intl = useIntl();
  return (
    <section className="sf-orders" aria-busy="true">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.list.title" })}</h1>
      <div className="sf-skeleton sf-orders__placeholder" />
    </section>
  );
}

function OrderList({ orderHref, shopHref }: UserOrdersProps) {
  const intl = useIntl();
  const api = useApi();
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger, not read inside: bumping it re-runs the load.
  useEffect(() => {
    let live = true;
    api.post("order/list", { page: 1, pageSize: 50 }, { toast: false }).then(
      (answer) => live && setState({ kind: "ready", orders: answer.items }),
      (error: unknown) => live && setState({ kind: "failed", message: failureMessage(intl, error, "checkout.error.generic") }),
    );
    return () => {
      live = false;
    };
    // Reloads only when the shopper asks to try again (api and intl are stable for the island's life).
  }, [api, intl, attempt]);

  if (state.kind === "loading") return <OrdersSkeleton />;
  return (
    <section className="sf-orders">
      <h1 className="sf-orders__title">{intl.formatMessage({ id: "order.list.title" })}</h1>
      {state.kind === "failed" ? (
        <>
          <p role="alert" className="sf-form-error">
            {state.message}
          </p>
          <button type="button" className="sf-button sf-button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {intl.formatMessage({ id: "order.retry" })}
          </button>
        </>
      ) : state.orders.length === 0 ? (
        <>
          <p>{intl.formatMessage({ id: "order.list.empty" })}</p>
          <a className="sf-button sf-button--secondary" href={shopHref}>
            {intl.formatMessage({ id: "order.list.shop" })}
          </a>
        </>
      ) : (
        <ul className="sf-orders__list">
          {state.orders.map((order) => (
            <li key={order.orderNo} className="sf-orders__item">
              <p className="sf-orders__number">{intl.formatMessage({ id: "order.number" }, { orderNo: order.orderNo })}</p>
              <p className="sf-orders__date">{intl.formatDate(order.createdAt, { dateStyle: "medium" })}</p>
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
      )}
    </section>
  );
}
