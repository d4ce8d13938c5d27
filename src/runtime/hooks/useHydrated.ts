import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true once the island runs in the browser. A
 * component that depends on browser state (the stored token, the cart count) renders what
 * the server rendered until then, so hydration matches. An island rendered into without
 * server HTML has nothing to match and is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
