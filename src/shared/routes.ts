// The route table of SPEC.md §2: every screen's name and path pattern, with the store's
// overrides (router config) applied, matched under an optional language prefix.
// Patterns are wouter's (`:param`, final `*`) and are compiled by wouter's own parser,
// regexparam, so islands' wouter hooks and this table read a pattern the same way. The
// table is plain data and functions: the server can match with it too.
import { parse } from "regexparam";
import type { RouterConfig } from "../../generated/types";
import { splitPrefix } from "./language-prefix";
import type { Language } from "./languages";
import type { RouteName } from "./route-names";

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

const AUTH = ["forget", "reset-password", "signin", "signup", "verify-email", "verify-prompt"] as const;
const USER_PAGES = ["center", "account", "address", "article", "favorite", "security", "log", "info", "order", "return"] as const;

/** Every route, in declaration order; `user` is the account area's first segment. */
export function routeDefs(config: RouterConfig = {}): RouteDef[] {
  const rule = (key: keyof typeof DEFAULT_RULES) => config[key] ?? DEFAULT_RULES[key];
  const user = `/${config.userPath ?? "user"}`;
  const product = rule("productRule").replace(/\/\*$/, "");
  // Typed as built-in routes, so a misspelt name does not type-check.
  const builtIn: BuiltInRouteDef[] = [
    { name: "home", pattern: "/" },
    { name: "search", pattern: "/search" },
    { name: "cart", pattern: "/cart" },
    { name: "tag-list", pattern: "/tag" },
    { name: "tag-detail", pattern: rule("tagRule") },
    { name: "category-detail", pattern: rule("categoryRule") },
    { name: "product-detail", pattern: rule("productRule") },
    { name: "product-sku", pattern: `${product}/:sku` },
    { name: "article-detail", pattern: rule("articleRule") },
    { name: "page-detail", pattern: rule("pageRule") },
    { name: "collection-detail", pattern: rule("collectionRule") },
    { name: "inquiry-detail", pattern: "/inquiry/:slug" },
    { name: "checkout-thankyou", pattern: "/checkout/thankyou" },
    { name: "checkout", pattern: "/checkout/:slug" },
    { name: "promotion-list", pattern: "/promotion" },
    { name: "promotion-detail", pattern: "/promotion/:slug" },
    { name: "coupon-list", pattern: "/coupon" },
    { name: "coupon-detail", pattern: "/coupon/:slug" },
    { name: "custom-detail", pattern: "/custom/:slug" },
    { name: "root-detail", pattern: "/root/:slug" },
    ...AUTH.map((page) => ({ name: `auth-${page}` as const, pattern: `/auth/${page}` })),
    ...USER_PAGES.map((page) => ({ name: `user-${page}` as const, pattern: `${user}/${page}` })),
    { name: "user-security-activity", pattern: `${user}/security/activity` },
    { name: "user-order-detail", pattern: `${user}/order/:slug` },
    { name: "user-return-detail", pattern: `${user}/return/:slug` },
    { name: "error-404", pattern: "/error/404" },
    { name: "error-500", pattern: "/error/500" },
    { name: "error-403", pattern: "/error/403" },
    { name: "app", pattern: rule("appRule") },
  ];
  const fallback: BuiltInRouteDef = { name: "slug-detail", pattern: "/:slug" };
  return [
    ...builtIn,
    ...(config.categories ?? []).flatMap((category) =>
      category.types.map((type) => ({ name: `${type}-detail`, pattern: category.path })),
    ),
    fallback,
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

/** Routes whose pages depend on the signed-in user or the cart: never prefetched. */
export function isPrivateRoute(name: string): boolean {
  return name.startsWith("user-") || name === "checkout" || name === "checkout-thankyou";
}
