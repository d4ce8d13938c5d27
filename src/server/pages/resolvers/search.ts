// The search list: the products whose text holds every word of `q` (the search index,
// src/server/search/), narrowed by the address's filters (category, min and max price,
// stock=1, rating), ordered by `sort` and cut into pages by `page`. Every link the page
// writes (page numbers, the spelling suggestion) carries the rest of the query, so the
// address alone says what is shown. A page past the last shows the last.
import type { SearchFilters, SearchPageData, SearchSortKey } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { ProductRow } from "../../catalog/queries";
import { MAX_QUERY_LENGTH } from "../../search/index";
import { cardSourcesAt, productCards, type ResolveContext, type Resolver } from "./context";
import { PAGE_SIZE, pageLinks, pageOf, sortProducts } from "./listing";

const SORTS: readonly SearchSortKey[] = ["relevance", "price-asc", "price-desc", "newest", "rating"];
const MAX_PRICE = 100_000_000;
const ARTICLES_SHOWN = 5;
/**
 * The most category facets a page lists (the SearchResults schema allows 200): a longer list of
 * choices is hard to scan, and in a store of 500 categories it made half of a search page.
 */
const MAX_FACETS = 50;

function price(value: string | null): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE ? n : undefined;
}

/** The filters of the address; unknown values are ignored, and a minimum above the maximum is swapped. */
export function readFilters(query: URLSearchParams, categories: ReadonlySet<string>): SearchFilters {
  const category = query.get("category") ?? "";
  let min = price(query.get("min"));
  let max = price(query.get("max"));
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const rating = Number(query.get("rating"));
  return {
    ...(categories.has(category) ? { category } : {}),
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    inStock: query.get("stock") === "1",
    ...(Number.isInteger(rating) && rating >= 1 && rating <= 4 ? { rating } : {}),
    sort: SORTS.find((s) => s === query.get("sort")) ?? "relevance",
  };
}

/** The search address of a query, filters and page; defaults stay out of it. */
export function searchHref(action: string, q: string, filters: SearchFilters, page = 1): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (filters.category) query.set("category", filters.category);
  if (filters.min !== undefined) query.set("min", String(filters.min));
  if (filters.max !== undefined) query.set("max", String(filters.max));
  if (filters.inStock) query.set("stock", "1");
  if (filters.rating !== undefined) query.set("rating", String(filters.rating));
  if (filters.sort !== "relevance") query.set("sort", filters.sort);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `${action}?${search}` : action;
}

function countByCategory(rows: readonly ProductRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  return counts;
}

function searchPage(ctx: ResolveContext): SearchPageData {
  const q = (ctx.query.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const store = ctx.store;
  const filters = readFilters(ctx.query, new Set(store.categories.map((c) => c.slug)));
  const action = ctx.links.to("/search");
  const language = ctx.match.language.messages;
  const filtered =
    filters.category !== undefined ||
    filters.min !== undefined ||
    filters.max !== undefined ||
    filters.inStock ||
    filters.rating !== undefined;
  const searched = q !== "" || filtered;
  const title = q ? `${ctx.t("page.search.title")}: ${q}` : ctx.t("page.search.title");
  // Every category while they fit the list's bound; in a larger store, the chosen one and
  // those holding the most of what was found, in the store's order.
  const categoryFacets = (count: (slug: string) => number) => {
    const facets = store.categories.map((c) => ({ slug: c.slug, label: c.name, count: count(c.slug) }));
    if (facets.length <= MAX_FACETS) return facets;
    const kept = new Set(
      facets
        .filter((f) => f.count > 0 || f.slug === filters.category)
        .sort((a, b) => Number(b.slug === filters.category) - Number(a.slug === filters.category) || b.count - a.count)
        .slice(0, MAX_FACETS)
        .map((f) => f.slug),
    );
    return facets.filter((f) => kept.has(f.slug));
  };
  if (!searched) {
    return { title, query: q, action, searched, products: [], total: 0, filters, categories: categoryFacets(() => 0) };
  }

  // What the words find (every product for filters alone), in relevance order, kept by the
  // index with its category counts: without a filter that narrows it, a page is one slice of
  // it. Otherwise its light rows are filtered, counted and sorted here; only the page shown is
  // read in full.
  const matches = ctx.search.productMatches(language, q);
  let scoreOf: ((row: ProductRow) => number) | undefined;
  const score = (row: ProductRow) => {
    scoreOf ??= ctx.reviews.scores(matches.rows());
    return scoreOf(row);
  };
  const inStock = (row: ProductRow) => row.stocks.some(([sku, stock]) => stock > 0 && ctx.stockOf(sku, stock) > 0);
  /** Every filter but the category's, which the facets count across. */
  const passes = (row: ProductRow) =>
    (filters.min === undefined || row.price >= filters.min) &&
    (filters.max === undefined || row.price <= filters.max) &&
    (!filters.inStock || inStock(row)) &&
    (filters.rating === undefined || score(row) >= filters.rating);

  const narrowed = filters.min !== undefined || filters.max !== undefined || filters.inStock || filters.rating !== undefined;
  const candidates = narrowed ? matches.rows().filter(passes) : null;
  const counts = candidates ? countByCategory(candidates) : matches.categoryCounts();
  let total = matches.total;
  let slice = matches.slice;
  if (candidates || filters.category !== undefined || filters.sort !== "relevance") {
    const found = (candidates ?? matches.rows()).filter(
      (row) => filters.category === undefined || row.category === filters.category,
    );
    const ordered = filters.sort === "relevance" ? found : sortProducts(found, filters.sort, score);
    total = ordered.length;
    slice = (offset, limit) => ordered.slice(offset, offset + limit);
  }

  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(pageOf(ctx.query.get("page")), pageCount);
  const suggested = matches.total === 0 && q ? ctx.search.didYouMean(language, q) : null;
  const articles =
    q && page === 1
      ? ctx.search
          .find(language, "article", q, ARTICLES_SHOWN)
          .map((slug) => store.articles.find((a) => a.slug === slug))
          .filter((a) => a !== undefined)
          .map((a) => ({ label: a.title, href: ctx.links.article(a.slug) }))
      : [];
  return {
    title: page > 1 ? `${title} (${page}/${pageCount})` : title,
    query: q,
    action,
    searched,
    products: productCards(
      ctx,
      cardSourcesAt(
        ctx,
        slice((page - 1) * PAGE_SIZE, PAGE_SIZE).map((row) => row.position),
      ),
    ),
    total,
    filters,
    categories: categoryFacets((slug) => counts.get(slug) ?? 0),
    ...(pageCount > 1 ? { paging: pageLinks(page, pageCount, (n) => searchHref(action, q, filters, n)) } : {}),
    ...(suggested ? { suggestion: { query: suggested, href: searchHref(action, suggested, filters) } } : {}),
    ...(articles.length ? { articles } : {}),
  };
}

export const resolvers = {
  search: (ctx) => ({ status: 200, template: "search", page: searchPage(ctx) }),
} satisfies Partial<Record<RouteName, Resolver>>;
