// The cart page: loads the cart through the API (the visitor's by cookie, the customer's
// by token), changes quantities and removes lines, and keeps the header count in step.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { Cart, CartPageProps } from "../../../generated/types";
import { useApi } from "../../runtime/hooks/useApi";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import CartPageLine from "./CartPageLine";

type State = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; cart: Cart };

export default function CartPage(props: CartPageProps) {
  const hydrated = useHydrated();
  return hydrated ? <CartView {...props} /> : <CartSkeleton />;
}

/** The server's render and the wait for the cart: the space the lines will take. */
function CartSkeleton() {
  const intl = useIntl();
  return (
    <section className="sf-cart-page" aria-busy="true">
      <h1 className="sf-cart-page__title">{intl.formatMessage({ id: "cart.page.title" })}</h1>
      <p className="sf-visually-hidden" role="status">
        {intl.formatMessage({ id: "cart.page.loading" })}
      </p>
      <div className="sf-skeleton sf-cart-page__placeholder" />
    </section>
  );
}

function CartView({ checkoutHref, shopHref }: CartPageProps) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busySku, setBusySku] = useState<string | null>(null);
  const [lineError, setLineError] = useState<{ sku: string; message: string } | null>(null);
  const intl = useIntl();
  const api = useApi();
  const cartCount = useCart();
  const setCount = cartCount.set;

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      const cart = await api.post("cart/list", {}, { toast: false });
      setCount(cart.count);
      setState({ kind: "ready", cart });
    } catch (error) {
      setState({ kind: "failed", message: failureMessage(intl, error, "checkout.error.generic") });
    }
    // Loads once per island: api, intl and the count setter keep their identity for its life.
  }, [api, intl, setCount]);

  useEffect(() => {
    void load();
  }, [load]);

  async function change(sku: string, run: () => Promise<Cart>) {
    setBusySku(sku);
    setLineError(null);
    try {
      const cart = await run();
      cartCount.set(cart.count);
      setState({ kind: "ready", cart });
    } catch (error) {
      setLineError({ sku, message: failureMessage(intl, error, "checkout.error.generic") });
    } finally {
      setBusySku(null);
    }
  }

  const title = <h1 className="sf-cart-page__title">{intl.formatMessage({ id: "cart.page.title" })}</h1>;
  if (state.kind === "loading") return <CartSkeleton />;
  if (state.kind === "failed") {
    return (
      <section className="sf-cart-page">
        {title}
        <p role="alert" className="sf-form-error">
          {state.message}
        </p>
        <button type="button" className="sf-button sf-button--secondary" onClick={() => void load()}>
          {intl.formatMessage({ id: "cart.page.retry" })}
        </button>
      </section>
    );
  }
  const { cart } = state;
  if (cart.items.length === 0) {
    return (
      <section className="sf-cart-page">
        {title}
        <p className="sf-cart-page__empty">{intl.formatMessage({ id: "cart.page.empty" })}</p>
        <a className="sf-button sf-button--secondary" href={shopHref}>
          {intl.formatMessage({ id: "cart.page.continue" })}
        </a>
      </section>
    );
  }
  return (
    <section className="sf-cart-page">
      {title}
      <div className="sf-cart-page__layout">
        <ul className="sf-cart-lines" aria-label={intl.formatMessage({ id: "cart.page.lines" })}>
          {cart.items.map((item) => (
            <CartPageLine
              key={item.sku}
              item={item}
              currency={cart.currency}
              busy={busySku === item.sku}
              error={lineError?.sku === item.sku ? lineError.message : null}
              onQuantity={(quantity) =>
                void change(item.sku, () => api.post("cart/update", { sku: item.sku, quantity }, { toast: false }))
              }
              onRemove={() => void change(item.sku, () => api.post("cart/remove", { skus: [item.sku] }, { toast: false }))}
            />
          ))}
        </ul>
        <aside className="sf-cart-page__summary" aria-labelledby="sf-cart-summary-title">
          <h2 id="sf-cart-summary-title" className="sf-cart-page__subtitle">
            {intl.formatMessage({ id: "cart.page.summary" })}
          </h2>
          <dl className="sf-totals">
            <div>
              <dt>{intl.formatMessage({ id: "cart.page.items" })}</dt>
              <dd>{intl.formatNumber(cart.count)}</dd>
            </div>
            <div className="sf-totals__total">
              <dt>{intl.formatMessage({ id: "cart.page.total" })}</dt>
              <dd>{formatPrice(intl, cart.total, cart.currency)}</dd>
            </div>
          </dl>
          <a className="sf-button sf-button--block" href={checkoutHref}>
            {intl.formatMessage({ id: "cart.page.checkout" })}
          </a>
        </aside>
      </div>
    </section>
  );
}
