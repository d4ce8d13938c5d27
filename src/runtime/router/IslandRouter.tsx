// The wouter Router around every island. In the browser its location hook reads the
// router service's store (location-store.ts), so islands re-render when a navigation
// swaps the page; on the server it reads the path the server passes. Its base is the
// page's language prefix.
import { useMemo, useSyncExternalStore, type ReactNode } from "react";
import { Router, type BaseLocationHook } from "wouter";
import type { RouterConfig } from "../../../generated/types";
import { RoutesContext } from "./hooks";
import { locationStore, type LocationStore } from "./location-store";
import { splitPrefix } from "../../shared/language-prefix";
import { createRouteTable } from "../../shared/routes";

function hooksFor(store: LocationStore) {
  const useStoreLocation: BaseLocationHook = ({ ssrPath }: { ssrPath?: string } = {}) => [
    useSyncExternalStore(
      store.subscribe,
      () => store.get().path,
      () => ssrPath ?? store.get().path,
    ),
    store.navigate,
  ];
  const useStoreSearch = ({ ssrSearch }: { ssrSearch?: string } = {}) =>
    useSyncExternalStore(
      store.subscribe,
      () => store.get().search,
      () => ssrSearch ?? store.get().search,
    );
  return { useStoreLocation, useStoreSearch };
}

const browserHooks = hooksFor(locationStore);

export interface IslandRouterProps {
  /** Server rendering: the page's path and query. The browser follows the router instead. */
  path?: string;
  /** Server rendering: the store's router config (the browser's comes from the router service). */
  config?: RouterConfig;
  children?: ReactNode;
}

export function IslandRouter({ path, config, children }: IslandRouterProps) {
  const snapshot = useSyncExternalStore(locationStore.subscribe, locationStore.get, locationStore.get);
  const serverRoutes = useMemo(() => (config ? createRouteTable(config) : null), [config]);
  const { prefix } = splitPrefix(path?.split("?")[0] ?? snapshot.path);
  return (
    <Router
      hook={browserHooks.useStoreLocation}
      searchHook={browserHooks.useStoreSearch}
      ssrPath={path}
      base={prefix ? `/${prefix}` : ""}
    >
      <RoutesContext.Provider value={serverRoutes ?? snapshot.routes}>{children}</RoutesContext.Provider>
    </Router>
  );
}
