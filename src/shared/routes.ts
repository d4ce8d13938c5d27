// The route table of SPEC.md §2: every screen's name and path pattern, with the store's
// overrides (router config) applied, matched under an optional language prefix.
// Patterns are wouter's (`:param`, final `*`) and are compiled by wouter's own parser,
// regexparam, so islands' wouter hooks and this table read a pattern the same way. The
// table is plain data and functions: the server can match with it too.
import { parse } from "regexparam";
import { BUILT_IN_ROUTES, type RouteName } from "../../generated/routes";
import type { RouterConfig } from "../../generated/types";
import { splitPrefix } from "./language-prefix";
import type { Language } from "./languages";

export interface RouteDef {
  /** A built-in route's name, or `{type}-detail` for a router config category type. */
  name: string;
  pattern: string;
}

/** A route of the built-in table: its name must be one of ROUTE_NAMES. */
interface BuiltInRouteDef extends RouteDef {
  name: RouteName;
}

export interface RouteTable {
  /** Routes in match order: most specific pattern first. */
  readonly routes: readonly CompiledRoute[];
  readonly userPath: string;
}

interface CompiledRoute extends RouteDef {
  regexp: RegExp;
  keys: string[];
}

export interface RouteMatch {
  name: string;
  params: Record<string, string>;
  /** The language prefix written in the URL, null when there is none. */
  prefix: Language["prefix"] | null;
  language: Language;
  /** The path without its language prefix. */
  path: string;
}

export const DEFAULT_RULES = {
  appRule: "/app/*",
  articleRule: "/article/:slug",
  categoryRule: "/category/:slug",
  collectionRule: "/collection/:slug",
  pageRule: "/page/:slug",
  productRule: "/product/:slug",
  tagRule: "/tag/:slug",
} as const;

/**
 * Every route, in declaration order: the built-in routes of the page kinds
 * (schemas/pages/{kind}.schema.json `x-routes`, generated/routes.ts) with the router config's
 * rules and user path put in, then the config's category types, then the catch-alls.
 */
export function routeDefs(config: RouterConfig = {}): RouteDef[] {
  const user = `/${config.userPath ?? "user"}`;
  // A rule followed by more path drops its final wildcard: {productRule}/:sku.
  const expand = (pattern: string) =>
    pattern.replace(/\{(user|[a-z]+Rule)\}(.?)/g, (_, token: string, next: string) => {
      if (token === "user") return user + next;
      const rule = config[token as keyof typeof DEFAULT_RULES] ?? DEFAULT_RULES[token as keyof typeof DEFAULT_RULES];
      return (next ? rule.replace(/\/\*$/, "") : rule) + next;
    });
  const builtIn = (last: boolean): BuiltInRouteDef[] =>
    BUILT_IN_ROUTES.filter((route) => (route.last === true) === last).map((route) => ({
      name: route.name,
      pattern: expand(route.pattern),
    }));
  return [
    ...builtIn(false),
    ...(config.categories ?? []).flatMap((category) =>
      category.types.map((type) => ({ name: `${type}-detail`, pattern: category.path })),
    ),
    ...builtIn(true),
  ];
}

// Static segment beats :param beats *, compared segment by segment, so an override such
// as productRule "/:slug" never hides /cart, whatever the declaration order.
function segmentRank(segment: string | undefined): number {
  if (segment === undefined) return 0;
  if (segment.startsWith("*")) return 1;
  if (segment.startsWith(":")) return 2;
  return 3;
}

function compareSpecificity(a: string, b: string): number {
  const as = a.split("/").filter(Boolean);
  const bs = b.split("/").filter(Boolean);
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    const diff = segmentRank(bs[i]) - segmentRank(as[i]);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function createRouteTable(config: RouterConfig = {}): RouteTable {
  const routes = routeDefs(config)
    .map((def) => {
      const { pattern, keys } = parse(def.pattern);
      return { ...def, regexp: pattern, keys: keys as string[] };
    })
    // Array.prototype.sort is stable: equal patterns keep declaration order.
    .sort((a, b) => compareSpecificity(a.pattern, b.pattern));
  return { routes, userPath: config.userPath ?? "user" };
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The route of a pathname (prefix included), or null when no route answers it. */
export function matchPath(table: RouteTable, pathname: string): RouteMatch | null {
  const { prefix, language, path } = splitPrefix(pathname);
  for (const route of table.routes) {
    const result = route.regexp.exec(path);
    if (!result) continue;
    const params: Record<string, string> = {};
    route.keys.forEach((key, i) => {
      const value = result[i + 1];
      if (value !== undefined) params[key] = decode(value);
    });
    return { name: route.name, params, prefix, language, path };
  }
  return null;
}

/** Routes whose pages depend on the signed-in user or the cart: never prefetched, never shared between visitors. */
export function isPrivateRoute(name: string): boolean {
  return name.startsWith("user-") || name === "cart" || name === "checkout" || name === "checkout-thankyou";
}
