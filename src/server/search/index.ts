// The catalog's search index: products (name, summary, description, category, tags, option
// values), categories and articles, one row per message language, each language's text read
// through storeFor() (a translated entry also holds its English name), in an in-memory SQLite
// database with an FTS5 table whose trigram tokenizer matches any substring of three
// characters or more, Chinese included (no word splitting needed). Shorter words (trigram's
// minimum is three; Chinese words are often two characters) are matched with LIKE over the
// same text. Every word of a query must match.
//
// The index belongs to one loaded store: searchIndexOf(store) builds it on first use (the
// server asks at start) and a store loaded again gets an index of its own.
import Database from "better-sqlite3";
import { MESSAGE_LANGUAGES, type MessageLanguage } from "../../shared/languages";
import type { LocalizedStore, Store } from "../store/load";
import { storeFor } from "../store/localize";

export type EntryKind = "product" | "category" | "article";

export interface SuggestedRefs {
  products: string[];
  categories: string[];
  articles: string[];
}

export interface SearchIndex {
  /** Slugs of the products matching every word of `query`, best first; all products, in store order, for an empty query. */
  products(language: MessageLanguage, query: string): string[];
  /** Up to `limit` slugs of one kind matching `query`, best first; none for an empty query. */
  find(language: MessageLanguage, kind: EntryKind, query: string, limit: number): string[];
  /** Up to `limit` slugs of each kind matching `query`, best first. */
  suggest(language: MessageLanguage, query: string, limit: number): SuggestedRefs;
  /**
   * A spelling of `query` that finds products, its unknown words replaced by the closest
   * indexed words (edit distance); null when the query is fine or nothing close finds any.
   */
  didYouMean(language: MessageLanguage, query: string): string | null;
}

/** The longest query the index reads; longer ones are cut. */
export const MAX_QUERY_LENGTH = 200;
/** At most this many words of a query are matched (each one more condition). */
const MAX_WORDS = 8;
/** trigram tokenizer: the shortest string (in characters) FTS5 can match. */
const TRIGRAM = 3;

/**
 * Text as the index compares it: compatibility forms folded (full-width Latin letters and
 * digits, the ideographic space), lower case, accents dropped from Latin letters.
 */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/(\p{Script=Latin})\p{Mn}+/gu, "$1")
    .normalize("NFC");
}

/** The words of a query, normalized: split at spaces and list punctuation, at most MAX_WORDS. */
export function queryWords(query: string): string[] {
  return normalizeText(query.slice(0, MAX_QUERY_LENGTH))
    .split(/[\s,;，、；。]+/u)
    .map((w) => w.replace(/^["'“”‘’]+|["'“”‘’]+$/gu, ""))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

const charLength = (word: string) => [...word].length;

/** An FTS5 phrase: the word in double quotes, its own quotes doubled, so no word is read as syntax. */
const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/** A LIKE pattern finding `word` anywhere (with \ as the escape character). */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours cost 1. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[s.length]![t.length]!;
}

/** How many edits a word of this length may need to count as a misspelling of another. */
function allowedEdits(length: number): number {
  if (length <= 2) return length === 2 ? 1 : 0;
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

interface Row {
  kind: EntryKind;
  ref: string;
  title: string;
  body: string;
}

/** What one language's store says about each product, category and article. */
function rowsOf(store: Store): Row[] {
  const categoryName = new Map(store.categories.map((c) => [c.slug, c.name]));
  const tagName = new Map(store.tags.map((t) => [t.slug, t.name]));
  const rows: Row[] = [];
  for (const p of store.products) {
    const options = new Set(p.variants.flatMap((v) => Object.values(v.options ?? {})));
    rows.push({
      kind: "product",
      ref: p.slug,
      title: p.title,
      body: [
        p.summary ?? "",
        ...(p.description ?? []),
        categoryName.get(p.category) ?? p.category,
        ...(p.tags ?? []).map((t) => tagName.get(t) ?? t),
        ...options,
      ].join("\n"),
    });
  }
  for (const c of store.categories) rows.push({ kind: "category", ref: c.slug, title: c.name, body: c.description ?? "" });
  for (const a of store.articles) {
    rows.push({
      kind: "article",
      ref: a.slug,
      title: a.title,
      body: [a.excerpt ?? "", ...(a.body ?? []), a.author ?? "", ...(a.tags ?? []).map((t) => tagName.get(t) ?? t)].join("\n"),
    });
  }
  return rows;
}

/** The words of a title, for spelling suggestions: runs of letters and digits of two characters or more. */
const wordsOf = (text: string) =>
  normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => charLength(w) >= 2);

export function buildSearchIndex(store: LocalizedStore): SearchIndex {
  const db = new Database(":memory:");
  db.exec(`
    CREATE TABLE entries (
      id INTEGER PRIMARY KEY,
      lang TEXT NOT NULL,
      kind TEXT NOT NULL,
      ref TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL
    );
    CREATE INDEX entries_lang_kind ON entries(lang, kind, id);
    CREATE VIRTUAL TABLE docs USING fts5(title, body, content='entries', content_rowid='id', tokenize='trigram');
  `);
  const insert = db.prepare("INSERT INTO entries (lang, kind, ref, title, body) VALUES (?, ?, ?, ?, ?)");
  /** Per language: each indexed word and how often titles use it. */
  const vocabulary = new Map<MessageLanguage, Map<string, number>>();
  const englishTitles = new Map(rowsOf(storeFor(store, "en")).map((row) => [`${row.kind} ${row.ref}`, row.title]));
  db.transaction(() => {
    for (const language of MESSAGE_LANGUAGES) {
      const words = new Map<string, number>();
      const local = storeFor(store, language);
      for (const row of rowsOf(local)) {
        // A translated entry is found by its English name too: shoppers type names they have seen.
        const english = englishTitles.get(`${row.kind} ${row.ref}`);
        const body = english && english !== row.title ? `${row.body}\n${english}` : row.body;
        insert.run(language, row.kind, row.ref, normalizeText(row.title), normalizeText(body));
        for (const word of wordsOf(row.title)) words.set(word, (words.get(word) ?? 0) + 1);
      }
      for (const tag of local.tags) for (const word of wordsOf(tag.name)) words.set(word, (words.get(word) ?? 0) + 1);
      vocabulary.set(language, words);
    }
    db.exec("INSERT INTO docs(docs) VALUES ('rebuild')");
  })();

  // One statement per shape of query (how many long and short words), prepared once.
  const statements = new Map<string, Database.Statement>();
  function statement(longWords: number, shortWords: number, limited: boolean): Database.Statement {
    const key = `${longWords} ${shortWords} ${limited}`;
    let found = statements.get(key);
    if (!found) {
      const fts = longWords > 0;
      const likes = Array.from({ length: shortWords }, () => "AND (e.title LIKE ? ESCAPE '\\' OR e.body LIKE ? ESCAPE '\\')");
      found = db.prepare(
        `SELECT e.ref AS ref FROM entries e ${fts ? "JOIN docs ON docs.rowid = e.id AND docs MATCH ?" : ""}
         WHERE e.lang = ? AND e.kind = ? ${likes.join(" ")}
         ORDER BY instr(e.title, ?) = 0, ${fts ? "bm25(docs, 10.0, 1.0)," : ""} e.id
         ${limited ? "LIMIT ?" : ""}`,
      );
      statements.set(key, found);
    }
    return found;
  }
  const allOfKind = db.prepare("SELECT ref FROM entries WHERE lang = ? AND kind = ? ORDER BY id");

  function find(language: MessageLanguage, kind: EntryKind, query: string, limit?: number): string[] {
    const words = queryWords(query);
    if (words.length === 0) return limit === undefined ? (allOfKind.pluck().all(language, kind) as string[]) : [];
    const long = words.filter((w) => charLength(w) >= TRIGRAM);
    const short = words.filter((w) => charLength(w) < TRIGRAM);
    const params: unknown[] = [];
    if (long.length) params.push(long.map(phrase).join(" "));
    params.push(language, kind);
    for (const w of short) params.push(containing(w), containing(w));
    // Entries whose title holds the whole query (or its first word) come first.
    params.push(words.length > 1 ? words.join(" ") : words[0]);
    if (limit !== undefined) params.push(limit);
    return statement(long.length, short.length, limit !== undefined)
      .pluck()
      .all(...params) as string[];
  }

  function correct(language: MessageLanguage, word: string): string {
    const words = vocabulary.get(language)!;
    const length = charLength(word);
    if (words.has(word) || length < 2) return word;
    // A word some indexed word contains is already found as it is.
    for (const known of words.keys()) if (known.includes(word)) return word;
    let best: { word: string; distance: number; uses: number } | null = null;
    const allowed = allowedEdits(length);
    for (const [candidate, uses] of words) {
      if (Math.abs(charLength(candidate) - length) > allowed) continue;
      const distance = editDistance(word, candidate);
      if (distance > allowed) continue;
      if (!best || distance < best.distance || (distance === best.distance && uses > best.uses)) {
        best = { word: candidate, distance, uses };
      }
    }
    return best?.word ?? word;
  }

  return {
    products: (language, query) => find(language, "product", query),
    find,
    suggest: (language, query, limit) => ({
      products: find(language, "product", query, limit),
      categories: find(language, "category", query, limit),
      articles: find(language, "article", query, limit),
    }),
    didYouMean(language, query) {
      const words = queryWords(query);
      if (words.length === 0) return null;
      const corrected = words.map((w) => correct(language, w));
      if (corrected.every((w, i) => w === words[i])) return null;
      const spelled = corrected.join(" ");
      return find(language, "product", spelled, 1).length > 0 ? spelled : null;
    },
  };
}

const built = new WeakMap<LocalizedStore, SearchIndex>();

/** The index of a loaded store, built the first time it is asked for. */
export function searchIndexOf(store: LocalizedStore): SearchIndex {
  let index = built.get(store);
  if (!index) {
    index = buildSearchIndex(store);
    built.set(store, index);
  }
  return index;
}
