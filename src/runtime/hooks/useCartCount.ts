import { useServiceState } from "./store-hook";
import { requireService, useServices } from "./services-context";

/** The cart's item count, updated when it changes here or in another tab. */
export function useCartCount(): number {
  return useServiceState(useServices().cart, 0);
}

/** The count and the actions that change it, for components that add to or load the cart. */
export function useCart() {
  const services = useServices();
  const count = useServiceState(services.cart, 0);
  const cart = () => requireService(services, "cart");
  return {
    count,
    set: (value: number) => cart().set(value),
    add: (delta: number) => cart().add(delta),
    /** Adds units of a variant on the server; the count follows and the cart drawer opens. */
    addItem: (sku: string, quantity: number) => cart().addItem(sku, quantity),
  };
}
