// Category, tag and collection listings (and a promotion's products): ordered by the query's
// `sort`, cut into pages by its `page`, with the links of the sort form and the page list.
// The catalog sorts and pages in SQL (src/server/catalog/queries.ts); only the page shown is
// read and localized.
import type { ListingPageData, ListingPaging, ListingSortKey, ProductCardData } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { ListingSource } from "../../catalog/queries";
import type { StoreProduct } from "../../store/load";
import type { Resolved } from "../page-kinds";
import { type CardSource, cardSourcesAt, productCards, type ResolveContext, type Resolver, slugOf } from "./context";
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

/** Products (or catalog rows) in `key` order, ties in their own order. */
export function sortProducts<P extends { price: number; createdAt?: string }>(
  products: P[],
  key: ListingSortKey,
  scoreOf: (p: P) => number,
): P[] {
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

/** One page of a listing in some order, and how many products the listing has. */
export type ListingSlice = (sort: ListingSortKey, offset: number, limit: number) => { total: number; products: CardSource[] };

interface ListingBase {
  /** The listing's own path, with its language prefix. */
  path: string;
  query: URLSearchParams;
  title: string;
  description: string | undefined;
  cards(products: CardSource[]): ProductCardData[];
}

/** The products as a list in memory (sorted here, `score` the average review score, 0 when unreviewed), or read a page at a time. */
export type ListingInput = ListingBase &
  ({ products: StoreProduct[]; score(product: StoreProduct): number } | { slice: ListingSlice });

function inMemory(products: StoreProduct[], score: (p: StoreProduct) => number): ListingSlice {
  return (sort, offset, limit) => ({
    total: products.length,
    products: sortProducts(products, sort, score).slice(offset, offset + limit),
  });
}

/** The page data of the listing template, or null for a page past the end (a 404). */
export function listingPage(input: ListingInput): ListingPageData | null {
  const { path, query, title, description } = input;
  const slice = "slice" in input ? input.slice : inMemory(input.products, input.score);
  const sort = sortKeyOf(query.get("sort"));
  const page = pageOf(query.get("page"));
  const { total, products } = slice(sort, (page - 1) * PAGE_SIZE, PAGE_SIZE);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pageCount) return null;
  return {
    title: page > 1 ? `${title} (${page}/${pageCount})` : title,
    heading: title,
    ...(description ? { description } : {}),
    products: input.cards(products),
    total,
    sorting: { action: path, selected: sort },
    ...(pageCount > 1 ? { paging: paging(path, sort, page, pageCount) } : {}),
  };
}

/** A page of a catalog listing, sorted and cut in SQL, its cards read from the catalog's card entries. */
export function catalogSlice(ctx: ResolveContext, source: ListingSource): ListingSlice {
  return (sort, offset, limit) => {
    const { total, positions } = ctx.store.catalog.listing(source, sort, offset, limit, (rows) => ctx.reviews.scores(rows));
    return { total, products: cardSourcesAt(ctx, positions, "category" in source ? source.category : undefined) };
  };
}

/** A listing page of these products, or the 404 page for a page number past the end. */
export function listing(ctx: ResolveContext, title: string, description: string | undefined, source: ListingSource): Resolved {
  const page = listingPage({
    path: ctx.links.to(ctx.match.path),
    query: ctx.query,
    title,
    description,
    slice: catalogSlice(ctx, source),
    cards: (products) => productCards(ctx, products),
  });
  return page ? { status: 200, template: "listing", page } : notFound(ctx);
}

/** The listing of a category, or null when there is no category of that slug. */
export function categoryPage(ctx: ResolveContext, slug: string): Resolved | null {
  const category = ctx.store.categories.find((c) => c.slug === slug);
  if (!category) return null;
  return listing(ctx, category.name, category.description, { category: slug });
}

export const resolvers = {
  "category-detail": (ctx) => categoryPage(ctx, slugOf(ctx)) ?? notFound(ctx),
  "tag-detail": (ctx) => {
    const slug = slugOf(ctx);
    const tag = ctx.store.tags.find((t) => t.slug === slug);
    return tag ? listing(ctx, tag.name, undefined, { tag: slug }) : notFound(ctx);
  },
  "collection-detail": (ctx) => {
    const collection = ctx.store.collections.find((c) => c.slug === slugOf(ctx));
    return collection ? listing(ctx, collection.title, collection.description, { collection: collection.slug }) : notFound(ctx);
  },
} satisfies Partial<Record<RouteName, Resolver>>;
