// The address islands see, as a store (subscribe + snapshot) that wouter's location hook
// reads. The router service writes it when a new page is swapped in and hands it its
// navigate function; until then it follows the browser's location and navigating loads
// the page. It also carries the route table, built from the store's router config.
import { createRouteTable, type RouteTable } from "../../shared/routes";

export interface LocationSnapshot {
  /** Path with its language prefix, without query or fragment. */
  path: string;
  /** Query without the leading "?". */
  search: string;
  routes: RouteTable;
}

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface LocationStore {
  get(): LocationSnapshot;
  subscribe(listener: () => void): () => void;
  /** The router swapped in the page at this address. */
  set(url: Pick<URL, "pathname" | "search">): void;
  setRoutes(routes: RouteTable): void;
  navigate: Navigate;
  /** The router's navigate; null gives back the browser's full page load. */
  setNavigator(navigate: Navigate | null): void;
}

type Where = Pick<Location, "pathname" | "search" | "assign" | "replace">;

export function createLocationStore(where: () => Where | undefined): LocationStore {
  const listeners = new Set<() => void>();
  let snapshot: LocationSnapshot | null = null;
  let navigator: Navigate | null = null;

  function update(next: Partial<LocationSnapshot>) {
    const current = store.get();
    if (Object.entries(next).every(([key, value]) => current[key as keyof LocationSnapshot] === value)) return;
    snapshot = { ...current, ...next };
    for (const listener of Array.from(listeners)) listener();
  }

  const store: LocationStore = {
    get() {
      if (!snapshot) {
        const location = where();
        snapshot = {
          path: location?.pathname || "/",
          search: (location?.search ?? "").replace(/^\?/, ""),
          routes: createRouteTable(),
        };
      }
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(url) {
      update({ path: url.pathname, search: url.search.replace(/^\?/, "") });
    },
    setRoutes(routes) {
      update({ routes });
    },
    navigate(to, options) {
      if (navigator) return navigator(to, options);
      const location = where();
      if (options?.replace) location?.replace(to);
      else location?.assign(to);
    },
    setNavigator(navigate) {
      navigator = navigate;
    },
  };
  return store;
}

/** The one store of the page, shared by the router service and every island. */
export const locationStore = createLocationStore(() => (typeof location === "undefined" ? undefined : location));
