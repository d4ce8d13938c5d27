// The cart page. The server renders the shopper's cart (`cart`: the visitor's by cookie, the
// customer's by session) as plain forms that post quantity changes and removals; once the
// island runs it makes the same changes through the API and keeps the header count in step.
// Without `cart` (a template that does not bind it) the island loads the cart itself.
import { useCallback, useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { Cart, CartPageProps, FormState } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { ownForm, usePlainForms } from "../checkout/plain-form";
import { failureMessage } from "../common/failure-message";
import { formatPrice } from "../common/format-price";
import CartPageLine, { MAX_QUANTITY } from "./CartPageLine";

type State = { kind: "loading" } | { kind: "failed"; message: string } | { kind: "ready"; cart: Cart };

export default function CartPage(props: CartPageProps) {
  const hydrated = useHydrated();
  if (props.cart) return <CartView {...props} initial={props.cart} />;
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

/** A refused cart-update or cart-remove post: the line it was about and what it says. */
function flashedError(form: FormState | null, cart: Cart, intl: ReturnType<typeof useIntl>) {
  const sku = form?.values.sku;
  const id = form?.errors.quantity ?? form?.failure;
  if (!form || !sku || !id) return null;
  const item = cart.items.find((i) => i.sku === sku);
  return { sku, message: intl.formatMessage({ id }, { count: item?.stock ?? 0, max: MAX_QUANTITY }) };
}

function CartView({ checkoutHref, shopHref, initial, form }: CartPageProps & { initial?: Cart }) {
  const intl = useIntl();
  const flash = ownForm(form, "cart-update", "cart-remove");
  const [state, setState] = useState<State>(initial ? { kind: "ready", cart: initial } : { kind: "loading" });
  const [busySku, setBusySku] = useState<string | null>(null);
  const [lineError, setLineError] = useState<{ sku: string; message: string } | null>(() =>
    initial ? flashedError(flash, initial, intl) : null,
  );
  const post = useApiPost();
  const cartCount = useCart();
  const setCount = cartCount.set;
  const fromPage = cartCount.fromPage;
  const hydrated = useHydrated();
  const forms = usePlainForms();

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      const cart = await post("cart/list", {}, { toast: false });
      setCount(cart.count);
      setState({ kind: "ready", cart });
    } catch (error) {
      setState({ kind: "failed", message: failureMessage(intl, error, "checkout.error.generic") });
    }
    // Loads once per island: post, intl and the count setter keep their identity for its life.
  }, [post, intl, setCount]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's cart is the island's first state only, read on mount.
  useEffect(() => {
    if (!initial) {
      void load();
      return;
    }
    fromPage(initial.count);
    // The server read the cart of the page's cookies; the API answers for the stored session,
    // which a first load may not have had as a cookie yet. The server's lines stay meanwhile.
    let live = true;
    post("cart/list", {}, { toast: false }).then(
      (cart) => {
        if (!live) return;
        setCount(cart.count);
        setState({ kind: "ready", cart });
      },
      // Unanswered, the server's lines stay on the page.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [load, setCount, fromPage]);

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
  const goneError = lineError && !cart.items.some((i) => i.sku === lineError.sku) && (
    <p role="alert" className="sf-form-error">
      {lineError.message}
    </p>
  );
  if (cart.items.length === 0) {
    return (
      <section className="sf-cart-page">
        {title}
        {goneError}
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
      {goneError}
      <div className="sf-cart-page__layout">
        <ul className="sf-cart-lines" aria-label={intl.formatMessage({ id: "cart.page.lines" })}>
          {cart.items.map((item) => (
            <CartPageLine
              key={item.sku}
              item={item}
              currency={cart.currency}
              busy={busySku === item.sku}
              error={lineError?.sku === item.sku ? lineError.message : null}
              typed={lineError?.sku === item.sku ? flash?.values.quantity : undefined}
              plain={
                hydrated ? null : { update: forms.action("cart-update"), remove: forms.action("cart-remove"), back: forms.back }
              }
              onQuantity={(quantity) =>
                void change(item.sku, () => post("cart/update", { sku: item.sku, quantity }, { toast: false }))
              }
              onRemove={() => void change(item.sku, () => post("cart/remove", { skus: [item.sku] }, { toast: false }))}
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
