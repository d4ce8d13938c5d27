// Reads of the imported catalog (database.ts): a product's file entry by slug, SKU or id,
// the listings of a category, tag, collection or list of slugs (each order sorted in SQL once
// and kept as positions), card entries by position or slug, the light rows search filters and
// sorts, counts, the slugs in store order (sitemaps), and the store's seed reviews of a
// product. Statements are prepared once per catalog.

import type { Statement } from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type { StoreProduct as FileProduct, StoreReview } from "../../../generated/types";
import type { CatalogDb } from "./database";

export type ListingSort = "featured" | "price-asc" | "price-desc" | "newest" | "rating";

/** What a listing lists: a category's, a tag's or a collection's products, or these slugs in their order. */
export type ListingSource = { category: string } | { tag: string } | { collection: string } | { slugs: readonly string[] };

/** A product as filters and sorts read it, without its texts. */
export interface ProductRow {
  position: number;
  slug: string;
  category: string;
  price: number;
  createdAt: string;
  /** The store's seed reviews of it: how many and their scores' sum. */
  seedCount: number;
  seedSum: number;
  /** Each variant's SKU and the units the store file gives it (parsed when first read). */
  readonly stocks: [string, number][];
}

export interface ListingSlice {
  total: number;
  /** The products' positions (their rows in store order), for cardsAt. */
  positions: number[];
}

/**
 * What a product card shows of a product, written beside its entry at import: its texts still
 * in every language, its first image, its variants' SKUs and file stock, and the store's seed
 * reviews' count and score sum (no seed review to read for its stars).
 */
export interface CardEntry extends Pick<FileProduct, "slug" | "title" | "images" | "price" | "linePrice"> {
  variants: { sku: string; stock: number }[];
  seedCount: number;
  seedSum: number;
}

interface RawRow {
  position: number;
  slug: string;
  category: string;
  price: number;
  created_at: string;
  seed_count: number;
  seed_sum: number;
}

/** Slugs read per query when iterating over every product. */
const SLUG_PAGE = 1000;
/** How many product positions the listing orders kept may hold in all (4 bytes each). */
const KEPT_ORDER_POSITIONS = 1_000_000;

/** The columns of a ProductRow, from the products table named `p`. */
const ROW_COLUMNS = "p.position, p.slug, p.category, p.price, p.created_at, p.seed_count, p.seed_sum";

/** A row of the products table; the variants' stock is read only by a filter that asks for it. */
class Row implements ProductRow {
  readonly position: number;
  readonly slug: string;
  readonly category: string;
  readonly price: number;
  readonly createdAt: string;
  readonly seedCount: number;
  readonly seedSum: number;
  private parsed: [string, number][] | undefined;

  constructor(
    r: RawRow,
    private readonly reads: CatalogReads,
  ) {
    this.position = r.position;
    this.slug = r.slug;
    this.category = r.category;
    this.price = r.price;
    this.createdAt = r.created_at;
    this.seedCount = r.seed_count;
    this.seedSum = r.seed_sum;
  }

  get stocks(): [string, number][] {
    this.parsed ??= this.reads.stocksAt(this.position);
    return this.parsed;
  }
}

/** FROM and WHERE of each source, and the column that is its own ("featured") order. */
const SOURCES = {
  category: { from: "products p WHERE p.category = ?", order: "p.position" },
  tag: { from: "product_tags t JOIN products p ON p.position = t.position WHERE t.tag = ?", order: "p.position" },
  collection: {
    from: "collection_products c JOIN products p ON p.position = c.position WHERE c.collection = ?",
    order: "c.rank",
  },
  // CROSS JOIN keeps the list outside: each slug is one lookup in the products' unique index.
  slugs: { from: "json_each(?) j CROSS JOIN products p ON p.slug = j.value", order: "j.key" },
} as const;

type SourceKind = keyof typeof SOURCES;

const ORDERS: Record<Exclude<ListingSort, "rating">, (own: string) => string> = {
  featured: (own) => own,
  "price-asc": (own) => `p.price ASC, ${own}`,
  "price-desc": (own) => `p.price DESC, ${own}`,
  // Dates are ISO strings: their byte order is their time order (products without one last).
  newest: (own) => `p.created_at DESC, ${own}`,
};

function sourceOf(source: ListingSource): [SourceKind, string] {
  if ("category" in source) return ["category", source.category];
  if ("tag" in source) return ["tag", source.tag];
  if ("collection" in source) return ["collection", source.collection];
  return ["slugs", JSON.stringify(source.slugs)];
}

/** `of[position]` is the number of that product's category, `names[number]` the category. */
export interface CategoryNumbers {
  of: Int32Array;
  names: string[];
}

export class CatalogReads {
  private readonly statements = new Map<string, Statement>();
  private tagCountCache: Map<string, number> | undefined;
  private everyRow: ProductRow[] | undefined;
  private categoryNumbers: CategoryNumbers | undefined;
  /**
   * Listings in each order they were asked in, as positions: the catalog does not change while
   * it is open, so a listing is sorted in SQL once, and its pages, its size and its other
   * orders' ties are read from memory after.
   */
  private readonly keptOrders = new LRUCache<string, Int32Array>({
    maxSize: KEPT_ORDER_POSITIONS,
    sizeCalculation: (order) => Math.max(1, order.length),
  });

  constructor(readonly db: CatalogDb) {}

  private statement(sql: string): Statement {
    let found = this.statements.get(sql);
    if (!found) {
      found = this.db.prepare(sql);
      this.statements.set(sql, found);
    }
    return found;
  }

  /** The product as its file entry holds it (texts in every language), or undefined. */
  product(slug: string): FileProduct | undefined {
    const data = this.statement("SELECT d.data FROM products p JOIN product_data d ON d.position = p.position WHERE p.slug = ?")
      .pluck()
      .get(slug) as string | undefined;
    return data === undefined ? undefined : (JSON.parse(data) as FileProduct);
  }

  /**
   * The card entries of the products at these positions, in their order; unknown positions are
   * skipped. With `category` (a category's listing, a product's related products), from where
   * that category's cards lie together: positions of another category are skipped too.
   */
  cardsAt(positions: readonly number[], category?: string): CardEntry[] {
    if (category === undefined)
      return this.cardsOf("json_each(?) j CROSS JOIN product_data d ON d.position = j.value", positions);
    return this.cardsOf(
      "json_each(?) j CROSS JOIN category_cards d ON d.category = ? AND d.position = j.value",
      positions,
      category,
    );
  }

  /** The card entries of these slugs, in their order; unknown slugs are skipped. */
  cards(slugs: readonly string[]): CardEntry[] {
    return this.cardsOf(
      "json_each(?) j CROSS JOIN products p ON p.slug = j.value JOIN product_data d ON d.position = p.position",
      slugs,
    );
  }

  /** The cards `from` joins to a JSON list of keys (`j`, then `params`), in the list's order. */
  private cardsOf(from: string, keys: readonly (string | number)[], ...params: string[]): CardEntry[] {
    if (keys.length === 0) return [];
    const rows = this.statement(`SELECT d.card FROM ${from} ORDER BY j.key`)
      .pluck()
      .all(JSON.stringify(keys), ...params) as string[];
    return rows.map((card) => JSON.parse(card) as CardEntry);
  }

  hasProduct(slug: string): boolean {
    return this.statement("SELECT 1 FROM products WHERE slug = ?").pluck().get(slug) !== undefined;
  }

  slugOfSku(sku: string): string | undefined {
    return this.statement("SELECT p.slug FROM variants v JOIN products p ON p.position = v.position WHERE v.sku = ?")
      .pluck()
      .get(sku) as string | undefined;
  }

  slugOfId(id: number): string | undefined {
    return this.statement("SELECT slug FROM products WHERE id = ? ORDER BY position LIMIT 1").pluck().get(id) as
      | string
      | undefined;
  }

  productCount(): number {
    return this.statement("SELECT COUNT(*) FROM products").pluck().get() as number;
  }

  variantCount(): number {
    return this.statement("SELECT COUNT(*) FROM variants").pluck().get() as number;
  }

  /**
   * Every product's slug in store order, read a page at a time (sitemaps list 50,000 without
   * holding them). Pages rather than one open cursor: a streamed response reads between other
   * requests, and the connection runs no other statement while a cursor is open.
   */
  *slugs(): Generator<string> {
    const page = this.statement("SELECT position, slug FROM products WHERE position > ? ORDER BY position LIMIT ?");
    let after = -1;
    for (;;) {
      const rows = page.all(after, SLUG_PAGE) as { position: number; slug: string }[];
      for (const row of rows) yield row.slug;
      if (rows.length < SLUG_PAGE) return;
      after = rows[rows.length - 1]!.position;
    }
  }

  /** How many products a listing has. */
  count(source: ListingSource): number {
    return this.ordered(source, "featured").length;
  }

  /**
   * One page of a listing: `limit` positions from `offset` in `sort` order, ties in the
   * listing's own order, and the listing's size. "rating" needs buyers' reviews from the shop's
   * database: `scoresOf` gives the average of each of the listing's products, and the rows are
   * sorted here.
   */
  listing(
    source: ListingSource,
    sort: ListingSort,
    offset: number,
    limit: number,
    scoresOf: (rows: readonly ProductRow[]) => (row: ProductRow) => number,
  ): ListingSlice {
    if (sort === "rating") {
      const all = this.allRows();
      const rows = Array.from(this.ordered(source, "featured"), (position) => all[position]!);
      const scoreOf = scoresOf(rows);
      const scores = new Map(rows.map((r) => [r, scoreOf(r)]));
      // Array.prototype.sort is stable: ties keep the listing's own order.
      rows.sort((a, b) => scores.get(b)! - scores.get(a)!);
      return { total: rows.length, positions: rows.slice(offset, offset + limit).map((r) => r.position) };
    }
    const order = this.ordered(source, sort);
    return { total: order.length, positions: Array.from(order.subarray(offset, offset + limit)) };
  }

  /** Every position of a listing in `sort` order, sorted in SQL the first time it is asked for. */
  private ordered(source: ListingSource, sort: Exclude<ListingSort, "rating">): Int32Array {
    const [kind, key] = sourceOf(source);
    const name = `${kind}\n${sort}\n${key}`;
    let found = this.keptOrders.get(name);
    if (!found) {
      const { from, order } = SOURCES[kind];
      found = Int32Array.from(
        this.statement(`SELECT p.position FROM ${from} ORDER BY ${ORDERS[sort](order)}`)
          .pluck()
          .all(key) as number[],
      );
      this.keptOrders.set(name, found);
    }
    return found;
  }

  /**
   * Every product's row, in store order (index = position), read once and kept: a few MB for
   * 50,000 products, and what lets search keep its answers as positions only.
   */
  allRows(): readonly ProductRow[] {
    if (!this.everyRow) {
      const raw = this.statement(`SELECT ${ROW_COLUMNS} FROM products p ORDER BY p.position`).all() as RawRow[];
      // SQLite gives each row its own copy of a string: 50,000 rows hold 500 categories and a
      // few hundred dates, kept once each here (about 2 MB less in every worker).
      const once = new Map<string, string>();
      const shared = (text: string) => {
        const kept = once.get(text);
        if (kept !== undefined) return kept;
        once.set(text, text);
        return text;
      };
      this.everyRow = raw.map((r) => {
        r.category = shared(r.category);
        r.created_at = shared(r.created_at);
        return new Row(r, this);
      });
    }
    return this.everyRow;
  }

  /**
   * Every product's category as a number (by position), and the category of each number:
   * counting a search's thousands of matches per category in a typed array rather than a Map
   * of strings (facets: search/index.ts). Made once, from `allRows`.
   */
  categoriesByPosition(): CategoryNumbers {
    if (!this.categoryNumbers) {
      const names: string[] = [];
      const numbers = new Map<string, number>();
      const rows = this.allRows();
      const of = new Int32Array(rows.length);
      for (const row of rows) {
        let n = numbers.get(row.category);
        if (n === undefined) {
          n = names.push(row.category) - 1;
          numbers.set(row.category, n);
        }
        of[row.position] = n;
      }
      this.categoryNumbers = { of, names };
    }
    return this.categoryNumbers;
  }

  /** Each variant's SKU and file stock of the product at `position`. */
  stocksAt(position: number): [string, number][] {
    const json = this.statement("SELECT stocks FROM product_data WHERE position = ?").pluck().get(position) as string | undefined;
    return json === undefined ? [] : (JSON.parse(json) as [string, number][]);
  }

  /** The card entries of up to `limit` other products of a category, in store order (its kept listing). */
  relatedCards(category: string, except: string, limit: number): CardEntry[] {
    const first = this.ordered({ category }, "featured").subarray(0, limit + 1);
    return this.cardsAt(Array.from(first), category)
      .filter((card) => card.slug !== except)
      .slice(0, limit);
  }

  /** How many products carry each tag. */
  tagCounts(): Map<string, number> {
    this.tagCountCache ??= new Map(
      (this.statement("SELECT tag, COUNT(*) AS n FROM product_tags GROUP BY tag").all() as { tag: string; n: number }[]).map(
        (r) => [r.tag, r.n],
      ),
    );
    return this.tagCountCache;
  }

  /** The store's own reviews of a product (reviews.json), in file order. */
  seedReviews(slug: string): StoreReview[] {
    return (this.statement("SELECT data FROM seed_reviews WHERE product = ? ORDER BY id").pluck().all(slug) as string[]).map(
      (d) => JSON.parse(d) as StoreReview,
    );
  }

  /** Every seed review (for tools and tests on small stores). */
  allSeedReviews(): StoreReview[] {
    return (this.statement("SELECT data FROM seed_reviews ORDER BY id").pluck().all() as string[]).map(
      (d) => JSON.parse(d) as StoreReview,
    );
  }
}
