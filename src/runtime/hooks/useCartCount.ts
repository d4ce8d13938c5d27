import { useMemo } from "react";
import { requireService, useServices } from "./services-context";
import { useServiceState } from "./store-hook";

/** The cart's item count, updated when it changes here or in another tab. */
export function useCartCount(): number {
  return useServiceState(useServices().cart, 0);
}

/** The count and the actions that change it, for components that add to or load the cart. */
export function useCart() {
  const services = useServices();
  const count = useServiceState(services.cart, 0);
  // The actions keep their identity while the cart service does, so effects may depend on them.
  const service = services.cart;
  const actions = useMemo(() => {
    const cart = () => requireService({ cart: service }, "cart");
    return {
      set: (value: number) => cart().set(value),
      /** The count the page's own data brings; an answer received since the page was asked for wins. */
      fromPage: (value: number) => cart().fromPage(value),
      add: (delta: number) => cart().add(delta),
      /** Adds units of a variant on the server; the count follows and the cart drawer opens. */
      addItem: (sku: string, quantity: number) => cart().addItem(sku, quantity),
      /** The last addition nobody has shown yet, once (the cart drawer's). */
      takeAdded: () => cart().takeAdded(),
    };
  }, [service]);
  return { count, ...actions };
}
