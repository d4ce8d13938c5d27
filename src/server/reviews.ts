// A product's reviews as the shop shows them: the store's own (reviews.json, in the catalog
// database) and buyers' (the shop's database), in one list sorted by date or score and cut
// into pages, and the statistics over all of them (average, count, how many per star). Each
// is read per product, as it is asked for. The product page, the cards' scores, the listings'
// "best rated" order and the review calls all read through here, so they always agree.
import type { ProductReview, ReviewSummary } from "../../generated/types";
import { REVIEW_PAGE_SIZE, type ReviewSort } from "../shared/reviews";
import type { ProductRow } from "./catalog/queries";
import { inListReader } from "./db/in-list";
import type { Db } from "./db/open";
import type { Store } from "./store/load";

/** Where buyers' review photos are served from (files in DATA_DIR/reviews/). */
export const REVIEW_PHOTO_BASE = "/media/reviews/";

export interface ReviewPageQuery {
  sort?: ReviewSort;
  page?: number;
  pageSize?: number;
}

/** A page of a product's reviews, and the statistics over all of them (every caller shows both). */
export interface ReviewPage {
  items: ProductReview[];
  total: number;
  summary: ReviewSummary;
}

export interface Reviews {
  summary(productSlug: string): ReviewSummary;
  /**
   * `summary`'s average and count of each of these products (a page of cards), in their order,
   * from the seed reviews' count and score sum (a card entry's) and buyers' totals, in one query.
   */
  averagesOf(products: readonly { slug: string; seedCount: number; seedSum: number }[]): { average: number; count: number }[];
  /** Reads the store's reviews and buyers' per-star counts once for both the page and its summary. */
  page(productSlug: string, query?: ReviewPageQuery): ReviewPage;
  /** One buyer's review by its row id (u{id}), as lists show it. */
  byId(id: number): ProductReview | undefined;
  /**
   * The average score (0 when unreviewed) of these catalog rows, as `summary` computes it, for
   * sorting and filtering many products: buyers' totals of those products are read once, when
   * it is made (of the whole shop when they are more than WHOLE_SHOP_ABOVE).
   */
  scores(rows: readonly ProductRow[]): (row: ProductRow) => number;
}

/** Buyers' review count and score sum of a product. */
interface Totals {
  n: number;
  s: number;
}

/**
 * Above this many products, one scan of the whole index (about 15 ms with 200,000 reviews)
 * costs less than the lists of 500 would.
 */
const WHOLE_SHOP_ABOVE = 10_000;

interface Row {
  id: number;
  product_slug: string;
  author: string;
  score: number;
  title: string;
  body: string;
  variant_title: string;
  order_item_id: number | null;
  created_at: number;
}

/** A review with its sort keys; a buyer's is made (photos read) only if its page shows it. */
interface Keyed {
  score: number;
  at: number;
  make(): ProductReview;
}

const ORDER_SQL: Record<ReviewSort, string> = {
  newest: "created_at DESC, id DESC",
  highest: "score DESC, created_at DESC, id DESC",
  lowest: "score ASC, created_at DESC, id DESC",
};

function compare(sort: ReviewSort): (a: Keyed, b: Keyed) => number {
  const byDate = (a: Keyed, b: Keyed) => b.at - a.at;
  if (sort === "highest") return (a, b) => b.score - a.score || byDate(a, b);
  if (sort === "lowest") return (a, b) => a.score - b.score || byDate(a, b);
  return byDate;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The average (0 when unreviewed) and count of the store's reviews of a product with its buyers'. */
function withBuyers(seedCount: number, seedSum: number, bought: Totals | undefined): { average: number; count: number } {
  const count = seedCount + Number(bought?.n ?? 0);
  return { average: count ? round1((seedSum + Number(bought?.s ?? 0)) / count) : 0, count };
}

export function createReviews(db: Db, store: Store): Reviews {
  const catalog = store.catalog;
  /** The store's reviews of a product, with their sort keys. */
  function seeded(productSlug: string): Keyed[] {
    return catalog.seedReviews(productSlug).map((r) => {
      const review: ProductReview = {
        id: `s${r.id}`,
        productSlug: r.product,
        author: r.author,
        score: r.score,
        title: r.title ?? "",
        body: r.body,
        createdAt: r.createdAt ?? "2026-01-01",
        verified: false,
        photos: [],
      };
      return { score: r.score, at: r.createdAt ? Date.parse(r.createdAt) : 0, make: () => review };
    });
  }

  const starsOf = db.prepare("SELECT score, COUNT(*) AS n FROM reviews WHERE product_slug = ? GROUP BY score");
  const photosOf = db.prepare("SELECT file FROM review_photos WHERE review_id = ? ORDER BY position, id");
  const byIdQuery = db.prepare("SELECT * FROM reviews WHERE id = ?");
  const totalsQuery = db.prepare("SELECT product_slug, COUNT(*) AS n, SUM(score) AS s FROM reviews GROUP BY product_slug");
  // Buyers' totals of a list of products, read from the index reviews_product_score alone.
  const totalsIn = inListReader<{ product_slug: string } & Totals>(
    db,
    (list) =>
      `SELECT product_slug, COUNT(*) AS n, SUM(score) AS s FROM reviews WHERE product_slug IN (${list}) GROUP BY product_slug`,
  );
  const totalsOf = (slugs: readonly string[]): Map<string, Totals> => {
    const unique = [...new Set(slugs)];
    const rows =
      unique.length > WHOLE_SHOP_ABOVE ? (totalsQuery.all() as ({ product_slug: string } & Totals)[]) : totalsIn(unique);
    return new Map(rows.map((row) => [row.product_slug, row]));
  };
  const averagesOf: Reviews["averagesOf"] = (products) => {
    const bought = totalsOf(products.map((p) => p.slug));
    return products.map(({ slug, seedCount, seedSum }) => withBuyers(seedCount, seedSum, bought.get(slug)));
  };
  const pageQuery = (sort: ReviewSort) =>
    db.prepare<[string, number], Row>(`SELECT * FROM reviews WHERE product_slug = ? ORDER BY ${ORDER_SQL[sort]} LIMIT ?`);
  const pageQueries = { newest: pageQuery("newest"), highest: pageQuery("highest"), lowest: pageQuery("lowest") };

  function toReview(row: Row): ProductReview {
    return {
      id: `u${row.id}`,
      productSlug: row.product_slug,
      author: row.author,
      score: row.score,
      title: row.title,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
      ...(row.variant_title ? { variantTitle: row.variant_title } : {}),
      // Reviews written before issue 14 were of paid orders, not tied to a received line.
      verified: row.order_item_id !== null,
      photos: (photosOf.all(row.id) as { file: string }[]).map((p) => REVIEW_PHOTO_BASE + p.file),
    };
  }

  /** The store's reviews of a product, how many buyers wrote, and the statistics over both. */
  function statistics(productSlug: string): { own: Keyed[]; stored: number; summary: ReviewSummary } {
    const own = seeded(productSlug);
    const stars = [0, 0, 0, 0, 0];
    for (const { score } of own) stars[score - 1]! += 1;
    let stored = 0;
    for (const row of starsOf.all(productSlug) as { score: number; n: number }[]) {
      stars[row.score - 1]! += row.n;
      stored += row.n;
    }
    const count = stars.reduce((a, b) => a + b, 0);
    const sum = stars.reduce((a, n, i) => a + n * (i + 1), 0);
    return { own, stored, summary: { average: count ? round1(sum / count) : 0, count, stars } };
  }

  return {
    summary: (productSlug) => statistics(productSlug).summary,

    averagesOf,

    page(productSlug, query = {}) {
      const sort = query.sort ?? "newest";
      const pageSize = query.pageSize ?? REVIEW_PAGE_SIZE;
      const offset = ((query.page ?? 1) - 1) * pageSize;
      const { own, stored, summary } = statistics(productSlug);
      const total = own.length + stored;
      if (offset >= total) return { items: [], total, summary };
      // The first offset + pageSize of the union are among the first offset + pageSize of each
      // list; buyers' are read only when there are some.
      const wanted = offset + pageSize;
      const rows = stored > 0 ? pageQueries[sort].all(productSlug, wanted) : [];
      const merged = [
        ...own,
        ...rows.map((row) => ({ score: row.score, at: row.created_at, make: () => toReview(row) }) satisfies Keyed),
      ].sort(compare(sort));
      return { items: merged.slice(offset, wanted).map((k) => k.make()), total, summary };
    },

    byId(id) {
      const row = byIdQuery.get(id) as Row | undefined;
      return row ? toReview(row) : undefined;
    },

    scores(rows) {
      const buyers = totalsOf(rows.map((row) => row.slug));
      return (row) => withBuyers(row.seedCount, row.seedSum, buyers.get(row.slug)).average;
    },
  };
}

// Keyed by the catalog, which every language's store shares (reviews are never translated).
const readers = new WeakMap<Db, WeakMap<Store["catalog"], Reviews>>();

/** The reader of a database and store, made once (its statements are prepared once). */
export function reviewsOf(db: Db, store: Store): Reviews {
  let byStore = readers.get(db);
  if (!byStore) {
    byStore = new WeakMap();
    readers.set(db, byStore);
  }
  let reviews = byStore.get(store.catalog);
  if (!reviews) {
    reviews = createReviews(db, store);
    byStore.set(store.catalog, reviews);
  }
  return reviews;
}
