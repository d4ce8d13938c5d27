// The cart drawer: a modal dialog that opens when something was added to the cart (the
// bus's cart:added, which carries the server's cart, so opening costs no request; an addition
// made before this island mounted is taken from the cart service when it does). Focus
// moves into it and back to where it was (the "Add to cart" button) when it closes;
// Escape, the Close button and the backdrop close it, and Tab stays inside.
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { FormattedNumber, useIntl } from "react-intl";
import { useRouter } from "wouter";
import type { Cart, CartDrawerProps } from "../../../generated/types";
import { useBusEvent } from "../../runtime/hooks/useBusEvent";
import { useCart } from "../../runtime/hooks/useCartCount";
import { useIslandId } from "../../shared/island-id";
import { trapTab } from "../common/focus-trap";
import { usePresence } from "../common/use-presence";
import CartDrawerLine from "./CartDrawerLine";

export default function CartDrawer({ cartPath = "/cart", checkoutPath = "/checkout/cart" }: CartDrawerProps) {
  const intl = useIntl();
  const { base } = useRouter();
  const titleId = useIslandId();
  const [cart, setCart] = useState<Cart | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const { takeAdded } = useCart();
  const show = (next: Cart) => {
    if (!returnTo.current) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setCart(next);
  };
  useBusEvent("cart:added", ({ cart: next }) => {
    takeAdded();
    show(next);
  });
  // Mounted after an addition (this island waits until the page is in use, and the first press on
  // "Add to cart" may be what put it in use): it opens for that one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount; what it takes is taken once anyway.
  useEffect(() => {
    const added = takeAdded();
    if (added) show(added.cart);
  }, []);

  const open = cart !== null;
  // Closed, the drawer stays on screen for its leave transition (motion.css).
  const { shown, leaving } = usePresence(cart);
  // Focus and scroll lock come with the dialog's first paint, before a key pressed in that frame.
  useLayoutEffect(() => {
    if (!open) return;
    closeButton.current?.focus();
    // The page behind a modal dialog does not scroll.
    document.documentElement.classList.add("sf-drawer-open");
    return () => document.documentElement.classList.remove("sf-drawer-open");
  }, [open]);

  function close(restoreFocus = true) {
    setCart(null);
    const target = returnTo.current;
    returnTo.current = null;
    if (restoreFocus && target?.isConnected) target.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
      return;
    }
    if (panel.current) trapTab(event, panel.current);
  }

  if (!shown) return null;
  return (
    <div className={leaving ? "sf-drawer sf-leaving" : "sf-drawer"} inert={leaving}>
      <div className="sf-drawer__backdrop" aria-hidden="true" onClick={() => close()} />
      <div
        ref={panel}
        className="sf-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        onClick={(event) => {
          // Following a link leaves the page; the focus goes with it, not back.
          if ((event.target as Element).closest("a[href]")) close(false);
        }}
      >
        <div className="sf-drawer__head">
          <h2 id={titleId} className="sf-drawer__title">
            {intl.formatMessage({ id: "cart.drawer.title" })}
          </h2>
          <button ref={closeButton} type="button" className="sf-button sf-drawer__close" onClick={() => close()}>
            {intl.formatMessage({ id: "cart.drawer.close" })}
          </button>
        </div>
        {shown.items.length === 0 ? (
          <p className="sf-drawer__empty">{intl.formatMessage({ id: "cart.drawer.empty" })}</p>
        ) : (
          <ul className="sf-drawer__lines" aria-label={intl.formatMessage({ id: "cart.drawer.lines" }, { count: shown.count })}>
            {shown.items.map((item) => (
              <CartDrawerLine key={item.sku} item={item} currency={shown.currency} />
            ))}
          </ul>
        )}
        <p className="sf-drawer__subtotal">
          <span>{intl.formatMessage({ id: "cart.drawer.subtotal" })}</span>
          <FormattedNumber value={shown.total} style="currency" currency={shown.currency} />
        </p>
        <div className="sf-drawer__actions">
          <a className="sf-button sf-button--primary sf-button--block" href={base + checkoutPath} data-no-prefetch>
            {intl.formatMessage({ id: "cart.drawer.checkout" })}
          </a>
          <a className="sf-button sf-button--block" href={base + cartPath}>
            {intl.formatMessage({ id: "cart.drawer.viewCart" })}
          </a>
        </div>
      </div>
    </div>
  );
}
