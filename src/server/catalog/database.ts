// The catalog's own SQLite file (DATA_DIR/catalog.sqlite, or an in-memory database for a
// store loaded without a data directory): the products of the store files, their groupings,
// the store's seed reviews and the search index, written by import.ts and read by
// queries.ts. It is derived data, rebuilt from the store files whenever they change, so it
// lives beside the shop's database rather than in its append-only migrations: a new layout
// here only bumps CATALOG_LAYOUT and the next start imports again.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

export type CatalogDb = Database.Database;

/** The layout of the tables below (the file's user_version); a file of another is emptied and imported again. */
export const CATALOG_LAYOUT = 5;

/**
 * How long a start waits for another process's import (BEGIN IMMEDIATE queues behind it):
 * a first import of 50,000 products takes tens of seconds on a busy machine.
 */
const IMPORT_WAIT_MS = 10 * 60 * 1000;

const TABLES = `
  CREATE TABLE IF NOT EXISTS catalog_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS products (
    position INTEGER PRIMARY KEY,
    id INTEGER NOT NULL,
    slug TEXT NOT NULL UNIQUE,
    category TEXT NOT NULL,
    price REAL NOT NULL,
    created_at TEXT NOT NULL,
    seed_count INTEGER NOT NULL,
    seed_sum INTEGER NOT NULL
  );
  -- Apart from the columns listings read: a product's entry is kilobytes, and with it in the
  -- same row a search that reads 10,000 rows would read 10,000 pages instead of a few hundred.
  -- card: what a product card shows (queries.ts CardEntry), a tenth of the entry to parse.
  CREATE TABLE IF NOT EXISTS product_data (
    position INTEGER PRIMARY KEY,
    stocks TEXT NOT NULL,
    card TEXT NOT NULL,
    data TEXT NOT NULL
  );
  -- The cards again, kept by category: a product's row above fills most of a page, and a
  -- category's products lie all over the table, so a listing page read 24 pages for 24 cards;
  -- here a category's cards lie side by side, about ten to a page.
  CREATE TABLE IF NOT EXISTS category_cards (
    category TEXT NOT NULL,
    position INTEGER NOT NULL,
    card TEXT NOT NULL,
    PRIMARY KEY (category, position)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS products_id ON products(id);
  CREATE INDEX IF NOT EXISTS products_category ON products(category, position);
  CREATE INDEX IF NOT EXISTS products_category_price ON products(category, price, position);
  CREATE INDEX IF NOT EXISTS products_category_created ON products(category, created_at, position);
  CREATE INDEX IF NOT EXISTS products_price ON products(price, position);
  CREATE TABLE IF NOT EXISTS variants (sku TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS product_tags (
    tag TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (tag, position)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS collection_products (
    collection TEXT NOT NULL,
    rank INTEGER NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (collection, rank)
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS seed_reviews (
    id INTEGER PRIMARY KEY,
    product TEXT NOT NULL,
    score INTEGER NOT NULL,
    at INTEGER NOT NULL,
    data TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS seed_reviews_product ON seed_reviews(product);
  CREATE TABLE IF NOT EXISTS untranslated (id INTEGER PRIMARY KEY, data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS search_entries (
    id INTEGER PRIMARY KEY,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    ref TEXT NOT NULL,
    position INTEGER,
    title TEXT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS search_entries_lang_kind ON search_entries(lang, kind, id);
  CREATE TABLE IF NOT EXISTS search_words (
    lang TEXT NOT NULL,
    word TEXT NOT NULL,
    uses INTEGER NOT NULL,
    PRIMARY KEY (lang, word)
  ) WITHOUT ROWID;
`;

/** One FTS5 table per message language, so a query never ranks another language's rows. */
export const FTS_TABLES = { en: "search_en", zh: "search_zh", "zh-HK": "search_zh_hk" } as const;

const FTS = Object.values(FTS_TABLES)
  .map(
    (name) =>
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${name} USING fts5(title, body, content='search_entries', content_rowid='id', tokenize='trigram');`,
  )
  .join("\n");

/** Every table an import fills, emptied before it writes. */
export const IMPORTED_TABLES = [
  "products",
  "product_data",
  "category_cards",
  "variants",
  "product_tags",
  "collection_products",
  "seed_reviews",
  "untranslated",
  "search_entries",
  "search_words",
] as const;

/** Opens (creating when needed) the catalog at `file`, ":memory:" for one that lives with the process. */
export function openCatalogDb(file: string): CatalogDb {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  if (file !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma(`busy_timeout = ${IMPORT_WAIT_MS}`);
  // Reads are of pages written once per import: a larger cache than the default 2 MB keeps
  // the hot part of the product table and the indexes in memory; the OS caches the rest of
  // the file outside the process, so a larger one would only add to each worker's memory.
  db.pragma("cache_size = -4000");
  if (db.pragma("user_version", { simple: true }) !== CATALOG_LAYOUT) {
    // A catalog of another layout (or none): dropped and created anew, which the import then
    // fills (no fingerprint is left). Under the write lock, looked at again: another process may
    // have done it.
    db.exec("BEGIN IMMEDIATE");
    try {
      if (db.pragma("user_version", { simple: true }) !== CATALOG_LAYOUT) {
        for (const table of [...Object.values(FTS_TABLES), ...IMPORTED_TABLES, "catalog_meta"]) {
          db.exec(`DROP TABLE IF EXISTS ${table}`);
        }
        db.exec(TABLES + FTS);
        db.pragma(`user_version = ${CATALOG_LAYOUT}`);
      }
      db.exec("COMMIT");
    } catch (err) {
      db.exec("ROLLBACK");
      db.close();
      throw err;
    }
  }
  return db;
}

export function readMeta(db: CatalogDb, key: string): string | undefined {
  return (db.prepare("SELECT value FROM catalog_meta WHERE key = ?").pluck().get(key) as string | undefined) ?? undefined;
}

export function writeMeta(db: CatalogDb, key: string, value: string): void {
  db.prepare("INSERT INTO catalog_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(
    key,
    value,
  );
}
