import { findService, getService } from "./registry";
import { useServiceState } from "./store-hook";

/** The cart's item count, updated when it changes here or in another tab. */
export function useCartCount(): number {
  return useServiceState(findService("cart"), 0);
}

/** The count and the actions that change it, for components that add to or load the cart. */
export function useCart() {
  return {
    count: useCartCount(),
    set: (count: number) => getService("cart").set(count),
    add: (delta: number) => getService("cart").add(delta),
  };
}
