// Addresses the server writes into pages, following the store's router rules and keeping
// the language prefix of the current URL.
import type { RouterConfig } from "../../../generated/types";
import type { Prefix } from "../../shared/languages";

export interface Links {
  home(): string;
  to(path: string): string;
  product(slug: string, sku?: string): string;
  category(slug: string): string;
  tag(slug: string): string;
  collection(slug: string): string;
  article(slug: string): string;
  page(slug: string): string;
  user(page: string): string;
}

/** Fills a pattern's :params. */
function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([a-zA-Z][a-zA-Z0-9]*)/g, (_, key: string) => encodeURIComponent(params[key] ?? ""));
}

export function createLinks(router: RouterConfig, urlPrefix: Prefix | null): Links {
  const base = urlPrefix ? `/${urlPrefix}` : "";
  const to = (path: string) => (path === "/" ? base || "/" : base + path);
  const rule = (value: string | undefined, fallback: string, slug: string) => to(fillPattern(value ?? fallback, { slug }));
  return {
    home: () => to("/"),
    to,
    product: (slug, sku) => rule(router.productRule, "/product/:slug", slug) + (sku ? `/${encodeURIComponent(sku)}` : ""),
    category: (slug) => rule(router.categoryRule, "/category/:slug", slug),
    tag: (slug) => rule(router.tagRule, "/tag/:slug", slug),
    collection: (slug) => rule(router.collectionRule, "/collection/:slug", slug),
    article: (slug) => rule(router.articleRule, "/article/:slug", slug),
    page: (slug) => rule(router.pageRule, "/page/:slug", slug),
    user: (page) => to(`/${router.userPath ?? "user"}/${page}`),
  };
}
