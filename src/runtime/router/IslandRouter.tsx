// The wouter Router around every island. In the browser its location hook reads the
// router service's store (location-store.ts), so islands re-render when a navigation
// swaps the page; on the server it reads the path the server passes. Its base is the
// page's language prefix.
import { type ReactNode, useMemo, useSyncExternalStore } from "react";
import { type BaseLocationHook, Router } from "wouter";
import type { RouterConfig } from "../../../generated/types";
import { splitPrefix } from "../../shared/language-prefix";
import { createRouteTable, type RouteTable } from "../../shared/routes";
import { RoutesContext } from "./hooks";
import { locationStore } from "./location-store";

/** wouter's location hook, reading the router service's location store. */
const useStoreLocation: BaseLocationHook = ({ ssrPath }: { ssrPath?: string } = {}) => [
  useSyncExternalStore(
    locationStore.subscribe,
    () => locationStore.get().path,
    () => ssrPath ?? locationStore.get().path,
  ),
  locationStore.navigate,
];

/** wouter's search hook, reading the same store. */
const useStoreSearch = ({ ssrSearch }: { ssrSearch?: string } = {}) =>
  useSyncExternalStore(
    locationStore.subscribe,
    () => locationStore.get().search,
    () => ssrSearch ?? locationStore.get().search,
  );

export interface IslandRouterProps {
  /** Server rendering: the page's path and query. The browser follows the router instead. */
  path?: string;
  /** Server rendering: the store's router config (the browser's comes from the router service). */
  config?: RouterConfig;
  children?: ReactNode;
}

// Server rendering builds a table per island otherwise (a fifth of a page's render time); a
// store's router config is one object for as long as the store is loaded.
const tables = new WeakMap<RouterConfig, RouteTable>();
function routeTableOf(config: RouterConfig): RouteTable {
  const table = tables.get(config) ?? createRouteTable(config);
  tables.set(config, table);
  return table;
}

export function IslandRouter({ path, config, children }: IslandRouterProps) {
  const snapshot = useSyncExternalStore(locationStore.subscribe, locationStore.get, locationStore.get);
  const serverRoutes = useMemo(() => (config ? routeTableOf(config) : null), [config]);
  const { prefix } = splitPrefix(path?.split("?")[0] ?? snapshot.path);
  return (
    <Router hook={useStoreLocation} searchHook={useStoreSearch} ssrPath={path} base={prefix ? `/${prefix}` : ""}>
      <RoutesContext.Provider value={serverRoutes ?? snapshot.routes}>{children}</RoutesContext.Provider>
    </Router>
  );
}
