// Category, tag and collection listings (and a promotion's products): ordered by the query's
// `sort`, cut into pages by its `page`, with the links of the sort form and the page list.
import type { ListingPageData, ListingPaging, ListingSortKey, ProductCardData } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { StoreProduct } from "../../store/load";
import type { Resolved } from "../page-kinds";
import { bySlugs, productCard, productStats, type ResolveContext, type Resolver, slugOf } from "./context";
import { notFound } from "./error";

export const PAGE_SIZE = 12;
const SORT_KEYS: readonly ListingSortKey[] = ["featured", "price-asc", "price-desc", "newest", "rating"];
/** Page links shown on each side of the current page before an ellipsis. */
const PAGE_WINDOW = 2;

export function sortKeyOf(value: string | null): ListingSortKey {
  return SORT_KEYS.find((k) => k === value) ?? "featured";
}

/** A page number from the query: anything that is not a whole number from 1 is page 1. */
export function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function sortProducts(
  products: StoreProduct[],
  key: ListingSortKey,
  scoreOf: (p: StoreProduct) => number,
): StoreProduct[] {
  const sorted = [...products];
  // Array.prototype.sort is stable, so ties keep the store's own order.
  if (key === "price-asc") sorted.sort((a, b) => a.price - b.price);
  else if (key === "price-desc") sorted.sort((a, b) => b.price - a.price);
  else if (key === "newest") sorted.sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
  else if (key === "rating") sorted.sort((a, b) => scoreOf(b) - scoreOf(a));
  return sorted;
}

/** The address of one page of a listing; page 1 and the default order stay out of the query. */
export function pageHref(path: string, sort: ListingSortKey, page: number): string {
  const query = new URLSearchParams();
  if (sort !== "featured") query.set("sort", sort);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export function paging(path: string, sort: ListingSortKey, page: number, pageCount: number): ListingPaging {
  return pageLinks(page, pageCount, (n) => pageHref(path, sort, n));
}

/** The links of a list split into pages: the first, the last and those near `page`, with `hrefOf` each page's address. */
export function pageLinks(page: number, pageCount: number, hrefOf: (page: number) => string): ListingPaging {
  const numbers = new Set([1, pageCount]);
  for (let n = page - PAGE_WINDOW; n <= page + PAGE_WINDOW; n++) if (n >= 1 && n <= pageCount) numbers.add(n);
  return {
    page,
    pageCount,
    ...(page > 1 ? { prevHref: hrefOf(page - 1) } : {}),
    ...(page < pageCount ? { nextHref: hrefOf(page + 1) } : {}),
    pages: [...numbers].sort((a, b) => a - b).map((number) => ({ number, href: hrefOf(number) })),
  };
}

export interface ListingInput {
  /** The listing's own path, with its language prefix. */
  path: string;
  query: URLSearchParams;
  title: string;
  description: string | undefined;
  products: StoreProduct[];
  card(product: StoreProduct): ProductCardData;
  /** Average review score, 0 when unreviewed. */
  score(product: StoreProduct): number;
}

/** The page data of the listing template, or null for a page past the end (a 404). */
export function listingPage(input: ListingInput): ListingPageData | null {
  const { path, query, title, description, products } = input;
  const sort = sortKeyOf(query.get("sort"));
  const pageCount = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
  const page = pageOf(query.get("page"));
  if (page > pageCount) return null;
  const ordered = sortProducts(products, sort, input.score);
  return {
    title: page > 1 ? `${title} (${page}/${pageCount})` : title,
    heading: title,
    ...(description ? { description } : {}),
    products: ordered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(input.card),
    total: products.length,
    sorting: { action: path, selected: sort },
    ...(pageCount > 1 ? { paging: paging(path, sort, page, pageCount) } : {}),
  };
}

/** A listing page of these products, or the 404 page for a page number past the end. */
export function listing(ctx: ResolveContext, title: string, description: string | undefined, products: StoreProduct[]): Resolved {
  const page = listingPage({
    path: ctx.links.to(ctx.match.path),
    query: ctx.query,
    title,
    description,
    products,
    card: (p) => productCard(ctx, p),
    score: (p) => productStats(ctx, p).score ?? 0,
  });
  return page ? { status: 200, template: "listing", page } : notFound(ctx);
}

/** The listing of a category, or null when there is no category of that slug. */
export function categoryPage(ctx: ResolveContext, slug: string): Resolved | null {
  const category = ctx.store.categories.find((c) => c.slug === slug);
  if (!category) return null;
  return listing(
    ctx,
    category.name,
    category.description,
    ctx.store.products.filter((p) => p.category === slug),
  );
}

export const resolvers = {
  "category-detail": (ctx) => categoryPage(ctx, slugOf(ctx)) ?? notFound(ctx),
  "tag-detail": (ctx) => {
    const slug = slugOf(ctx);
    const tag = ctx.store.tags.find((t) => t.slug === slug);
    return tag
      ? listing(
          ctx,
          tag.name,
          undefined,
          ctx.store.products.filter((p) => p.tags?.includes(slug)),
        )
      : notFound(ctx);
  },
  "collection-detail": (ctx) => {
    const collection = ctx.store.collections.find((c) => c.slug === slugOf(ctx));
    return collection ? listing(ctx, collection.title, collection.description, bySlugs(ctx, collection.products)) : notFound(ctx);
  },
} satisfies Partial<Record<RouteName, Resolver>>;
