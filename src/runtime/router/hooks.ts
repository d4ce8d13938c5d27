// What islands know about the current page's route, through wouter's hooks: the route's
// name and params from the store's route table, and the language of its prefix. Islands
// rendered inside <IslandRouter> (every island: see IslandProviders) may also use
// wouter's own useLocation, useRoute, useSearch and <Link> directly; paths there are
// relative to the language prefix, so a link to "/cart" stays in the page's language.
import { createContext, useContext, useMemo } from "react";
import { useLocation, useRouter, useSearch } from "wouter";
import { splitPrefix } from "../../shared/language-prefix";
import type { Language, Prefix } from "../../shared/languages";
import { createRouteTable, matchPath, type RouteTable } from "../../shared/routes";

export const RoutesContext = createContext<RouteTable>(createRouteTable());

export interface RouteInfo {
  /** The route's name (product-detail, user-order, ...), null when no route answers. */
  name: string | null;
  params: Record<string, string>;
  prefix: Prefix | null;
  language: Language;
  /** The path without the language prefix. */
  path: string;
  /** The query, without "?". */
  search: string;
}

export function useRouteInfo(): RouteInfo {
  const { base } = useRouter();
  const [path] = useLocation();
  const search = useSearch();
  const routes = useContext(RoutesContext);
  return useMemo(() => {
    const full = base && path === "/" ? base : base + path;
    const match = matchPath(routes, full);
    const { prefix, language } = match ?? splitPrefix(full);
    return { name: match?.name ?? null, params: match?.params ?? {}, prefix, language, path: match?.path ?? path, search };
  }, [base, path, search, routes]);
}

/** Navigates in the page (through the router service) to a path under the page's prefix. */
export function useNavigate(): (to: string, options?: { replace?: boolean }) => void {
  return useLocation()[1];
}
