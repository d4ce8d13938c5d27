// Where a page is public and under which addresses: its canonical address (one per page,
// whichever route answered it) and the same page under each language prefix, for the head's
// canonical and hreflang links and the sitemaps, so the two always agree.
import type { PageAlternate } from "../../../generated/types";
import { splitPrefix, withPrefix } from "../../shared/language-prefix";
import { DEFAULT_PREFIX, PREFIXES, type Prefix } from "../../shared/languages";
import { isRouteName } from "../../shared/route-names";
import type { RouteMatch } from "../../shared/routes";
import { createLinks, type Links } from "../pages/links";
import type { Resolved } from "../pages/page-kinds";
import type { Store, StorePage } from "../store/load";

/**
 * The prefixes the sitemaps list: no prefix (English) and the other two message languages.
 * The other prefixes show English messages, so they stay alternates only.
 */
export const PUBLISHED_PREFIXES: readonly (Prefix | null)[] = [null, "zh", "zh-HK"];

/** /en/… is the same page as the address without a prefix, so the default prefix's address has none. */
export function localized(prefix: Prefix | null, path: string): string {
  return withPrefix(prefix === DEFAULT_PREFIX ? null : prefix, path);
}

/** A same-origin path made absolute; addresses that already name an origin stay as they are. */
export function absolute(origin: string, href: string): string {
  return href.startsWith("/") && !href.startsWith("//") ? origin + href : href;
}

/** The page at `path` (no prefix) under each of the 15 prefixes, and x-default without one. */
export function alternatesOf(origin: string, path: string): PageAlternate[] {
  return [
    ...PREFIXES.map((prefix) => ({ hreflang: prefix, href: origin + localized(prefix, path) })),
    { hreflang: "x-default", href: origin + path },
  ];
}

// Pages of one shopper, or steps of an order: never worth a search result, whatever the template says.
const PRIVATE_ROUTE = /^(user-|auth-|checkout)|^cart$/;

export function isPrivateRoute(name: string): boolean {
  return PRIVATE_ROUTE.test(name);
}

/** A store page's own address: page/ pages follow the page rule, the other folders their own route. */
export function storePagePath(links: Links, page: StorePage): string {
  const folder = page.folder ?? "page";
  return folder === "page" ? links.page(page.slug) : links.to(`/${folder}/${encodeURIComponent(page.slug)}`);
}

const CONTENT_ROUTES: ReadonlySet<string> = new Set(["page-detail", "custom-detail", "root-detail", "slug-detail"]);

/**
 * The canonical path of a page, without a language prefix: a product, category or store page
 * reached by another route (/linen-shirt, /brand/shirts, /about) names its own route's
 * address; a listing keeps its page number; any other query is left out.
 */
export function canonicalPath(match: RouteMatch, resolved: Resolved, store: Store, query: URLSearchParams): string {
  const links = createLinks(store.config.router, null);
  const slug = match.params.slug ?? "";
  switch (resolved.template) {
    case "product-detail":
      return splitPrefix(resolved.page.canonical).path;
    case "listing": {
      const number = Number(query.get("page"));
      const paging = Number.isInteger(number) && number > 1 ? `?page=${number}` : "";
      // category-detail, the root-level slug and the router config's {type}-detail routes list a category.
      const category =
        (match.name === "category-detail" || match.name === "slug-detail" || !isRouteName(match.name)) &&
        store.categories.some((c) => c.slug === slug);
      return (category ? links.category(slug) : match.path) + paging;
    }
    case "journal": {
      // The journal's pages are each their own page, like a listing's.
      const number = Number(query.get("page"));
      return match.path + (Number.isInteger(number) && number > 1 ? `?page=${number}` : "");
    }
    case "content": {
      const page = CONTENT_ROUTES.has(match.name) ? store.pages.find((p) => p.slug === slug) : undefined;
      return page ? storePagePath(links, page) : match.path;
    }
    default:
      return match.path;
  }
}
