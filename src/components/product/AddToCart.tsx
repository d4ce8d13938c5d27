// "Add to cart": a plain form posting the variant's SKU and the quantity (children: the
// quantity field, which the product page places inside the form) to {prefix}/form/cart-add,
// so it works before and without JavaScript and lands on the cart page. Once hydrated it
// asks the cart service instead, which posts cart/add, sets the header's count from the
// server's answer (kept in localStorage, so it survives a reload) and announces the new cart
// on the bus, where the cart drawer opens on it. A failure is shown by the api service's
// toast and leaves the button ready to try again; a failed plain post comes back with its
// reason above the button.
import { type FormEvent, type ReactNode, useState } from "react";
import { useIntl } from "react-intl";
import type { AddToCartProps } from "../../../generated/types";
import { useCart } from "../../runtime/hooks/useCartCount";
import { BackField, ownFlash, useFormPost } from "../common/form-post";

export const CART_ADD_FORM = "cart-add";

export default function AddToCart({ sku, stock, quantity = 1, form, children }: AddToCartProps & { children?: ReactNode }) {
  const intl = useIntl();
  const cart = useCart();
  const post = useFormPost(CART_ADD_FORM);
  const [busy, setBusy] = useState(false);
  const soldOut = stock === 0;
  // The flash is about this variant only: another one chosen since has nothing to show.
  const flash = ownFlash(form, CART_ADD_FORM);
  const failure = flash?.values.sku === sku ? flash.failure : undefined;
  const failureId = `sf-add-failure-${sku}`;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || soldOut) return;
    setBusy(true);
    try {
      await cart.addItem(sku, quantity);
    } catch {
      // The api service has told the shopper (toast); nothing else changes.
    } finally {
      setBusy(false);
    }
  }

  const describedBy = [soldOut ? `sf-sold-out-${sku}` : null, failure ? failureId : null].filter(Boolean).join(" ");
  return (
    <form className="sf-add-to-cart" method="post" action={post.action} onSubmit={(event) => void add(event)}>
      <BackField back={post.back} />
      <input type="hidden" name="sku" value={sku} />
      {children}
      {failure && (
        <p id={failureId} className="sf-add-to-cart__reason" role="alert">
          {intl.formatMessage({ id: failure })}
        </p>
      )}
      <button
        type="submit"
        className="sf-button sf-button--primary sf-add-to-cart__button"
        aria-disabled={soldOut || busy || undefined}
        aria-describedby={describedBy || undefined}
      >
        {intl.formatMessage({ id: busy ? "product.addToCart.adding" : "product.addToCart" })}
      </button>
      {soldOut && (
        <p id={`sf-sold-out-${sku}`} className="sf-add-to-cart__reason">
          {intl.formatMessage({ id: "product.addToCart.soldOut" })}
        </p>
      )}
    </form>
  );
}
