// The search index of a server on PostgreSQL (DATABASE_URL), with PostgreSQL's own tools: the
// entries each instance's catalog import wrote (index.ts, text already normalized) are copied
// into the shared database once per catalog version; pg_trgm's GIN indexes find any substring
// of three characters or more, Chinese included, as FTS5's trigram tokenizer does on SQLite
// (shorter words fall back to a scan, as LIKE does there), and a weighted tsvector (title A,
// body B) ranks whole-word matches, pg_trgm's similarity to the title breaking ties, so a word
// with a typo in it still puts the closest title first. Every word must match, as on SQLite:
// the same query finds the same entries on both engines.
import type { MessageLanguage } from "../../shared/languages";
import type { Catalog } from "../catalog/catalog";
import type { Db } from "../db/engine";
import { containing, type SearchIndex, type SearchSource, searchIndexOver, titleNeedle } from "./index";

/** Rows copied per INSERT: few round trips through the statement bridge, well under PostgreSQL's 65,535 parameters. */
const COPY_BATCH = 500;

const TABLES = `
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE TABLE IF NOT EXISTS catalog_search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS catalog_search (
    id BIGINT PRIMARY KEY,
    lang TEXT NOT NULL,
    kind TEXT NOT NULL,
    ref TEXT NOT NULL,
    position INTEGER,
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    document tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
    ) STORED
  );
  CREATE INDEX IF NOT EXISTS catalog_search_lang_kind ON catalog_search (lang, kind, id);
  CREATE INDEX IF NOT EXISTS catalog_search_title_trgm ON catalog_search USING gin (title gin_trgm_ops);
  CREATE INDEX IF NOT EXISTS catalog_search_body_trgm ON catalog_search USING gin (body gin_trgm_ops);
  CREATE TABLE IF NOT EXISTS catalog_search_words (
    lang TEXT NOT NULL,
    word TEXT NOT NULL,
    uses INTEGER NOT NULL,
    PRIMARY KEY (lang, word)
  );
`;

interface EntryRow {
  id: number;
  lang: string;
  kind: string;
  ref: string;
  position: number | null;
  title: string;
  body: string;
}

function copyRows(db: Db, table: string, columns: string[], rows: unknown[][]): void {
  for (let start = 0; start < rows.length; start += COPY_BATCH) {
    const batch = rows.slice(start, start + COPY_BATCH);
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`).run(...batch.flat());
  }
}

/**
 * Brings the shared search tables to `catalog`'s version: the first instance to start on new
 * store files copies its entries, under the store's write lock, and the others find them there.
 * Instances on different store files would copy in turn: all must serve the same files.
 */
export function syncPostgresSearch(db: Db, catalog: Catalog): void {
  db.transaction(() => {
    db.exec(TABLES);
    const version = db.prepare("SELECT value FROM catalog_search_meta WHERE key = 'version'").pluck().get() as string | undefined;
    if (version === catalog.version) return;
    db.exec("DELETE FROM catalog_search; DELETE FROM catalog_search_words");
    const entries = catalog.db
      .prepare("SELECT id, lang, kind, ref, position, title, body FROM search_entries ORDER BY id")
      .all() as EntryRow[];
    copyRows(
      db,
      "catalog_search",
      ["id", "lang", "kind", "ref", "position", "title", "body"],
      entries.map((e) => [e.id, e.lang, e.kind, e.ref, e.position, e.title, e.body]),
    );
    const words = catalog.db.prepare("SELECT lang, word, uses FROM search_words").raw().all() as unknown[][];
    copyRows(db, "catalog_search_words", ["lang", "word", "uses"], words);
    db.prepare(
      `INSERT INTO catalog_search_meta (key, value) VALUES ('version', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(catalog.version);
  })();
}

function postgresSource(db: Db): SearchSource {
  const allOfKind = db.prepare("SELECT ref FROM catalog_search WHERE lang = ? AND kind = ? ORDER BY id").pluck();
  const wordsQuery = db.prepare("SELECT word, uses FROM catalog_search_words WHERE lang = ?");
  return {
    match(language, kind, words, limit, positions) {
      const params: unknown[] = [language, kind];
      const conditions = words.map(() => "AND (title LIKE CAST(? AS TEXT) OR body LIKE CAST(? AS TEXT))");
      for (const w of words) params.push(containing(w), containing(w));
      // Any of the words as a whole lexeme raises the rank; the words that are parts of longer ones rank by similarity.
      const anyWord = words.map(() => "plainto_tsquery('simple', CAST(? AS TEXT))").join(" || ");
      params.push(titleNeedle(words), ...words, titleNeedle(words));
      if (limit !== undefined) params.push(limit);
      return db
        .prepare(
          `SELECT ${positions ? "position" : "ref"} FROM catalog_search
           WHERE lang = ? AND kind = ? ${conditions.join(" ")}
           ORDER BY strpos(title, CAST(? AS TEXT)) = 0, ts_rank(document, ${anyWord}) DESC,
             similarity(title, CAST(? AS TEXT)) DESC, id
           ${limit !== undefined ? "LIMIT ?" : ""}`,
        )
        .pluck()
        .all(...params);
    },
    all: (language, kind) => allOfKind.all(language, kind) as string[],
    words: (language: MessageLanguage) => wordsQuery.all(language) as { word: string; uses: number }[],
  };
}

/** The search index of `catalog` on the shared database, its tables brought to the catalog's version first. */
export function openPostgresSearchIndex(db: Db, catalog: Catalog): SearchIndex {
  syncPostgresSearch(db, catalog);
  return searchIndexOver(catalog, postgresSource(db));
}
