// The cart's item count, kept in localStorage and shared between tabs: a change in one
// tab reaches the others through the `storage` event. Adding to the cart goes through
// here too, so that the service, not a component, announces it (cart:added).
//
// A page's count (the server's, rendered into the page) is older than any cart answer this
// browser received after the page was asked for: the page's islands may hydrate after the
// cart page's own cart/list answer. So a page's count is taken only while no answer, here or
// in another tab, has set the count since the current page was requested.
import type { Cart as CartData } from "../../generated/types";
import type { Api } from "./api/client";
import type { Bus, Events } from "./bus";
import type { EventSource } from "./env";
import type { Store } from "./storage";

export const MAX_CART_COUNT = 999_999;

export interface CartEnv {
  bus: Bus;
  store: Store;
  api: Pick<Api, "post">;
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
  /** Sets the count from the page's own data, unless an answer has set it since the page was requested. */
  fromPage(count: number): void;
  /** Adds (or, negative, removes) items. */
  add(delta: number): void;
  /**
   * Adds units of a variant on the server (cart/add), sets the count from its answer and
   * announces the new cart (cart:added, where the cart drawer opens). A failure rejects and
   * changes nothing; the api service has shown its toast.
   */
  addItem(sku: string, quantity: number): Promise<CartData>;
  /**
   * The last addition nobody has shown yet, once: the cart drawer takes it when cart:added comes,
   * or when it mounts after it (its island follows the one whose button added). A new page forgets it.
   */
  takeAdded(): Events["cart:added"] | null;
}

export function createCart(env: CartEnv): Cart {
  const { bus, store, api } = env;
  let count = store.get("cartCount") ?? 0;
  let stopWatching: (() => void) | null = null;
  // The document's first page was requested before this service existed.
  let answeredSincePage = false;
  let added: Events["cart:added"] | null = null;
  const pageRequested = () => {
    answeredSincePage = false;
    added = null;
  };

  function changed(next: number) {
    if (next === count) return;
    count = next;
    bus.emit("cart:changed", count);
  }

  function write(value: number) {
    const next = Number.isFinite(value) ? Math.min(MAX_CART_COUNT, Math.max(0, Math.trunc(value))) : 0;
    store.set("cartCount", next);
    changed(next);
  }

  function set(value: number) {
    answeredSincePage = true;
    write(value);
  }

  return {
    start() {
      if (!stopWatching) {
        const unwatch = store.watch(env.events, (key) => {
          if (key !== "cartCount") return;
          answeredSincePage = true;
          changed(store.get("cartCount") ?? 0);
        });
        bus.on("route:requested", pageRequested);
        stopWatching = () => {
          unwatch();
          bus.off("route:requested", pageRequested);
        };
      }
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
    fromPage(value) {
      if (!answeredSincePage) write(value);
    },
    add: (delta) => set(count + delta),
    async addItem(sku, quantity) {
      const cart = await api.post("cart/add", { sku, quantity });
      set(cart.count);
      added = { sku, quantity, cart };
      bus.emit("cart:added", added);
      return cart;
    },
    takeAdded() {
      const taken = added;
      added = null;
      return taken;
    },
  };
}
