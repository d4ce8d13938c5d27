// Writes the store's catalog files into the catalog database (database.ts), replacing what an
// earlier import wrote: products with the columns listings filter and sort on, their SKUs,
// tags and collections, the seed reviews with each product's count and score sum, the
// catalog files' untranslated texts and the search index. Runs inside the caller's transaction.
import type {
  StoreArticle as FileArticle,
  StoreProduct as FileProduct,
  StoreCategory,
  StoreCollection,
  StoreReview,
  StoreTag,
} from "../../../generated/types";
import { writeSearchIndex } from "../search/index";
import type { UntranslatedText } from "../store/load";
import { type CatalogDb, FTS_TABLES, IMPORTED_TABLES } from "./database";
import type { CardEntry } from "./queries";

/** The catalog files as read and checked (store/load.ts). */
export interface CatalogInput {
  products: FileProduct[];
  categories: StoreCategory[];
  tags: StoreTag[];
  collections: StoreCollection[];
  articles: FileArticle[];
  reviews: StoreReview[];
  /** The catalog files' texts without a zh or zh-HK translation. */
  untranslated: UntranslatedText[];
}

export function writeCatalog(db: CatalogDb, input: CatalogInput): void {
  for (const table of IMPORTED_TABLES) db.exec(`DELETE FROM ${table}`);
  for (const fts of Object.values(FTS_TABLES)) db.exec(`INSERT INTO ${fts}(${fts}) VALUES ('delete-all')`);

  const seed = new Map<string, { count: number; sum: number }>();
  for (const r of input.reviews) {
    const s = seed.get(r.product) ?? { count: 0, sum: 0 };
    s.count += 1;
    s.sum += r.score;
    seed.set(r.product, s);
  }

  const product = db.prepare(
    `INSERT INTO products (position, id, slug, category, price, created_at, seed_count, seed_sum)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare("INSERT INTO product_data (position, stocks, card, data) VALUES (?, ?, ?, ?)");
  const variant = db.prepare("INSERT INTO variants (sku, position) VALUES (?, ?)");
  const tag = db.prepare("INSERT OR IGNORE INTO product_tags (tag, position) VALUES (?, ?)");
  const positions = new Map<string, number>();
  input.products.forEach((p, position) => {
    const s = seed.get(p.slug);
    product.run(position, p.id, p.slug, p.category, p.price, p.createdAt ?? "", s?.count ?? 0, s?.sum ?? 0);
    const card: CardEntry = {
      slug: p.slug,
      title: p.title,
      images: p.images.slice(0, 1),
      price: p.price,
      ...(p.linePrice !== undefined ? { linePrice: p.linePrice } : {}),
      variants: p.variants.map((v) => ({ sku: v.sku, stock: v.stock })),
      seedCount: s?.count ?? 0,
      seedSum: s?.sum ?? 0,
    };
    entry.run(position, JSON.stringify(p.variants.map((v) => [v.sku, v.stock])), JSON.stringify(card), JSON.stringify(p));
    positions.set(p.slug, position);
    for (const v of p.variants) variant.run(v.sku, position);
    for (const t of p.tags ?? []) tag.run(t, position);
  });

  // Written in key order, once the products are in: each B-tree page is filled once.
  db.exec(`INSERT INTO category_cards (category, position, card)
    SELECT p.category, p.position, d.card FROM products p JOIN product_data d ON d.position = p.position
    ORDER BY p.category, p.position`);

  const member = db.prepare("INSERT INTO collection_products (collection, rank, position) VALUES (?, ?, ?)");
  for (const c of input.collections) {
    c.products.forEach((slug, rank) => {
      const position = positions.get(slug);
      if (position !== undefined) member.run(c.slug, rank, position);
    });
  }

  const review = db.prepare("INSERT INTO seed_reviews (id, product, score, at, data) VALUES (?, ?, ?, ?, ?)");
  input.reviews.forEach((r, i) => {
    review.run(i, r.product, r.score, r.createdAt ? Date.parse(r.createdAt) : 0, JSON.stringify(r));
  });

  const untranslated = db.prepare("INSERT INTO untranslated (data) VALUES (?)");
  for (const u of input.untranslated) untranslated.run(JSON.stringify(u));

  writeSearchIndex(db, input);
}
