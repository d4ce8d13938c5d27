// The wouter Router around every island. In the browser its location hook reads the
// router service's store (location-store.ts), so islands re-render when a navigation
// swaps the page, in a transition: typing in a field during a navigation stays responsive.
// On the server it reads the path the server passes. Its base is the page's language prefix.
import { type ReactNode, startTransition, useContext, useEffect, useMemo, useRef, useState } from "react";
import { type BaseLocationHook, Router } from "wouter";
import type { RouterConfig } from "../../../generated/types";
import { IslandFrameContext } from "../../shared/island-frame";
import { splitPrefix } from "../../shared/language-prefix";
import { createRouteTable, type RouteTable } from "../../shared/routes";
import { RoutesContext } from "./hooks";
import { type LocationSnapshot, locationStore } from "./location-store";

/**
 * One part of the address the island shows: the store's, or while its page is kept aside for
 * Back the one it had when it left, so that a page waiting in the snapshot cache does not
 * render the next page's address (island-frame.ts). Each hook reads only the part it needs
 * (a string, or the route table): an island re-renders only when that part changes, so a
 * new address does not render every island's router again.
 */
function useShownLocation<T>(part: (snapshot: LocationSnapshot) => T): T {
  const frame = useContext(IslandFrameContext);
  const held = useRef<LocationSnapshot | null>(null);
  const read = () => {
    if (!held.current || !frame.hidden()) held.current = locationStore.get();
    return part(held.current);
  };
  const [shown, setShown] = useState(read);
  // Not useSyncExternalStore, whose updates are never transitions. Both the address and the
  // island's frame (back on screen) may change what it shows; a change between the render and
  // this effect is caught by the first sync.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read depends only on frame and part
  useEffect(() => {
    const sync = () => startTransition(() => setShown(read));
    sync();
    const offLocation = locationStore.subscribe(sync);
    const offFrame = frame.subscribe(sync);
    return () => {
      offLocation();
      offFrame();
    };
  }, [frame, part]);
  return shown;
}

const pathOf = (snapshot: LocationSnapshot) => snapshot.path;
const searchOf = (snapshot: LocationSnapshot) => snapshot.search;
const prefixOf = (snapshot: LocationSnapshot) => splitPrefix(snapshot.path).prefix;
const routesOf = (snapshot: LocationSnapshot) => snapshot.routes;

/** wouter's location hook, reading the router service's location store. */
const useStoreLocation: BaseLocationHook = ({ ssrPath }: { ssrPath?: string } = {}) => {
  const path = useShownLocation(pathOf);
  return [ssrPath ?? path, locationStore.navigate];
};

/** wouter's search hook, reading the same store. */
const useStoreSearch = ({ ssrSearch }: { ssrSearch?: string } = {}) => {
  const search = useShownLocation(searchOf);
  return ssrSearch ?? search;
};

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
  const shownPrefix = useShownLocation(prefixOf);
  const shownRoutes = useShownLocation(routesOf);
  const serverRoutes = useMemo(() => (config ? routeTableOf(config) : null), [config]);
  const prefix = path === undefined ? shownPrefix : splitPrefix(path.split("?")[0]!).prefix;
  return (
    <Router hook={useStoreLocation} searchHook={useStoreSearch} ssrPath={path} base={prefix ? `/${prefix}` : ""}>
      <RoutesContext.Provider value={serverRoutes ?? shownRoutes}>{children}</RoutesContext.Provider>
    </Router>
  );
}
