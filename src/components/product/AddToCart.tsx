// "Add to cart": asks the cart service to add the variant, which posts cart/add, sets the
// header's count from the server's answer (kept in localStorage, so it survives a reload)
// and announces the new cart on the bus, where the cart drawer opens on it. A failure is
// shown by the api service's toast and leaves the button ready to try again.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { AddToCartProps } from "../../../generated/types";
import { useCart } from "../../runtime/hooks/useCartCount";

export default function AddToCart({ sku, stock, quantity = 1 }: AddToCartProps) {
  const intl = useIntl();
  const cart = useCart();
  const [busy, setBusy] = useState(false);
  const soldOut = stock === 0;

  async function add() {
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

  return (
    <div className="sf-add-to-cart">
      <button
        type="button"
        className="sf-button sf-button--primary sf-add-to-cart__button"
        aria-disabled={soldOut || busy || undefined}
        aria-describedby={soldOut ? `sf-sold-out-${sku}` : undefined}
        onClick={() => void add()}
      >
        {intl.formatMessage({ id: busy ? "product.addToCart.adding" : "product.addToCart" })}
      </button>
      {soldOut && (
        <p id={`sf-sold-out-${sku}`} className="sf-add-to-cart__reason">
          {intl.formatMessage({ id: "product.addToCart.soldOut" })}
        </p>
      )}
    </div>
  );
}
