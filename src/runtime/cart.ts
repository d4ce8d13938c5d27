// The cart's item count, kept in localStorage and shared between tabs: a change in one
// tab reaches the others through the `storage` event.
import type { Bus } from "./bus";
import type { EventSource } from "./env";
import type { Store } from "./storage";

export const MAX_CART_COUNT = 999_999;

export interface CartEnv {
  bus: Bus;
  store: Store;
  /** Where `storage` events from other tabs arrive. */
  events: EventSource;
}

export interface Cart {
  start(): void;
  stop(): void;
  getSnapshot(): number;
  subscribe(onChange: () => void): () => void;
  /** Sets the count, for example from a cart answer of the server. */
  set(count: number): void;
  /** Adds (or, negative, removes) items. */
  add(delta: number): void;
}

export function createCart(env: CartEnv): Cart {
  const { bus, store } = env;
  let count = store.get("cartCount") ?? 0;
  let stopWatching: (() => void) | null = null;

  function changed(next: number) {
    if (next === count) return;
    count = next;
    bus.emit("cart:changed", count);
  }

  function set(value: number) {
    const next = Number.isFinite(value) ? Math.min(MAX_CART_COUNT, Math.max(0, Math.trunc(value))) : 0;
    store.set("cartCount", next);
    changed(next);
  }

  return {
    start() {
      stopWatching ??= store.watch(env.events, (key) => {
        if (key === "cartCount") changed(store.get("cartCount") ?? 0);
      });
      changed(store.get("cartCount") ?? 0);
    },
    stop() {
      stopWatching?.();
      stopWatching = null;
    },
    getSnapshot: () => count,
    subscribe(onChange) {
      bus.on("cart:changed", onChange);
      return () => bus.off("cart:changed", onChange);
    },
    set,
    add: (delta) => set(count + delta),
  };
}
