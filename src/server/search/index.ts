// The catalog's search index: products (name, summary, description, category, tags, option
// values), categories and articles, one row per message language, each language's text
// resolved from the store files (a translated entry also holds its English name), in the
// catalog database (src/server/catalog/) with one FTS5 table per language whose trigram
// tokenizer matches any substring of three characters or more, Chinese included (no word
// splitting needed). Shorter words (trigram's minimum is three; Chinese words are often two
// characters) are matched with LIKE over the same text. Every word of a query must match.
//
// The import writes it (writeSearchIndex) with the rest of the catalog, so a start whose store
// files have not changed finds it ready; searchIndexOf(store) prepares its queries once.

import type { Statement } from "better-sqlite3";
import { LRUCache } from "lru-cache";
import type { StoreCategory, StoreTag } from "../../../generated/types";
import { MESSAGE_LANGUAGES, type MessageLanguage } from "../../shared/languages";
import type { Catalog } from "../catalog/catalog";
import { type CatalogDb, FTS_TABLES } from "../catalog/database";
import type { CatalogInput } from "../catalog/import";
import type { ProductRow } from "../catalog/queries";
import type { LocalizedStore, Plain } from "../store/load";
import { resolveTexts } from "../store/texts.mjs";

export type EntryKind = "product" | "category" | "article";

export interface SuggestedRefs {
  products: string[];
  categories: string[];
  articles: string[];
}

/** What one search finds, kept with it: the pages of a search, and its facets, read it again without matching. */
export interface SearchMatches {
  /** How many products the words find. */
  readonly total: number;
  /** The catalog rows found, in relevance order. */
  rows(): readonly ProductRow[];
  /** The rows from `offset` in relevance order: only those are looked up. */
  slice(offset: number, limit: number): ProductRow[];
  /** How many of the products found each category holds, counted once per search kept. */
  categoryCounts(): ReadonlyMap<string, number>;
}

export interface SearchIndex {
  /** Slugs of the products matching every word of `query`, best first; all products, in store order, for an empty query. */
  products(language: MessageLanguage, query: string): string[];
  /**
   * The catalog rows of `products(language, query)`, in that order, for filters, facets and
   * sorts. Recent answers are kept as positions (the catalog does not change while the server
   * runs): the pages of one search, and popular words, are matched once.
   */
  productRows(language: MessageLanguage, query: string): readonly ProductRow[];
  /** `productRows` as a kept answer, for a page that shows one slice of it and its facets. */
  productMatches(language: MessageLanguage, query: string): SearchMatches;
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
/** How many product positions the searches kept may hold in all (4 bytes each). */
const KEPT_POSITIONS = 2_000_000;
/**
 * How many entry ids the single words' matches kept may hold in all (4 bytes each): a common
 * word matches a quarter of 50,000 products, in its titles half as many.
 */
const KEPT_WORD_IDS = 500_000;
/** trigram tokenizer: the shortest string (in characters) FTS5 can match. */
const TRIGRAM = 3;
/** A kind with fewer entries than this in a language is matched with LIKE alone. */
const SCAN_BELOW = 2_000;

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
export const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  /** A product's place in the store's order (its row in the catalog's products table). */
  position?: number;
  title: string;
  body: string;
}

/** What the import hands the index: the catalog files as read. */
type IndexInput = Pick<CatalogInput, "products" | "categories" | "tags" | "articles">;

/** What one language's store says about each product, category and article, one at a time. */
function* rowsOf(input: IndexInput, language: MessageLanguage): Generator<Row> {
  const plain = <T>(value: T) => resolveTexts(value, language) as Plain<T>;
  const categoryName = new Map(input.categories.map((c) => [c.slug, plain(c.name)]));
  const tagName = new Map(input.tags.map((t) => [t.slug, plain(t.name)]));
  for (const [position, raw] of input.products.entries()) {
    const p = plain(raw);
    const options = new Set(p.variants.flatMap((v) => Object.values(v.options ?? {})));
    yield {
      kind: "product",
      ref: p.slug,
      position,
      title: p.title,
      body: [
        p.summary ?? "",
        ...(p.description ?? []),
        categoryName.get(p.category) ?? p.category,
        ...(p.tags ?? []).map((t) => tagName.get(t) ?? t),
        ...options,
      ].join("\n"),
    };
  }
  for (const c of input.categories as StoreCategory[]) {
    yield { kind: "category", ref: c.slug, title: plain(c.name), body: plain(c.description) ?? "" };
  }
  for (const raw of input.articles) {
    const a = plain(raw);
    yield {
      kind: "article",
      ref: a.slug,
      title: a.title,
      body: [a.excerpt ?? "", ...(a.body ?? []), a.author ?? "", ...(a.tags ?? []).map((t) => tagName.get(t) ?? t)].join("\n"),
    };
  }
}

/** The words of a title, for spelling suggestions: runs of letters and digits of two characters or more. */
const wordsOf = (text: string) =>
  normalizeText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => charLength(w) >= 2);

/** Writes the index into the catalog database, inside the import's transaction. */
export function writeSearchIndex(db: CatalogDb, input: IndexInput): void {
  const entry = db.prepare("INSERT INTO search_entries (lang, kind, ref, position, title, body) VALUES (?, ?, ?, ?, ?, ?)");
  const word = db.prepare("INSERT INTO search_words (lang, word, uses) VALUES (?, ?, ?)");
  const englishTitles = new Map<string, string>();
  for (const row of rowsOf(input, "en")) englishTitles.set(`${row.kind} ${row.ref}`, row.title);
  for (const language of MESSAGE_LANGUAGES) {
    const fts = FTS_TABLES[language];
    const doc = db.prepare(`INSERT INTO ${fts} (rowid, title, body) VALUES (?, ?, ?)`);
    const words = new Map<string, number>();
    for (const row of rowsOf(input, language)) {
      // A translated entry is found by its English name too: shoppers type names they have seen.
      const english = englishTitles.get(`${row.kind} ${row.ref}`);
      const body = english && english !== row.title ? `${row.body}\n${english}` : row.body;
      const title = normalizeText(row.title);
      const normalized = normalizeText(body);
      const id = entry.run(language, row.kind, row.ref, row.position ?? null, title, normalized).lastInsertRowid;
      doc.run(id, title, normalized);
      for (const w of wordsOf(row.title)) words.set(w, (words.get(w) ?? 0) + 1);
    }
    for (const tag of input.tags as StoreTag[]) {
      for (const w of wordsOf(resolveTexts(tag.name, language) as string)) words.set(w, (words.get(w) ?? 0) + 1);
    }
    for (const [w, uses] of words) word.run(language, w, uses);
  }
}

/**
 * Where an index's entries are kept and how they are matched: every word of `words` (at least
 * one, normalized) found in an entry's title or body, entries whose title holds the whole query
 * first. The catalog's SQLite file (below) or PostgreSQL (postgres-search.ts).
 */
export interface SearchSource {
  /** Refs (or, with `positions`, product positions) of the entries of `kind` matching `words`, best first. */
  match(language: MessageLanguage, kind: EntryKind, words: string[], limit: number | undefined, positions: boolean): unknown[];
  /** Every entry of `kind`, in store order. */
  all(language: MessageLanguage, kind: EntryKind): string[];
  /** Each indexed word of titles and tags, and how many use it. */
  words(language: MessageLanguage): { word: string; uses: number }[];
}

/** What the whole query is looked for in titles as: entries whose title holds it (or its first word) come first. */
export const titleNeedle = (words: string[]) => (words.length > 1 ? words.join(" ") : words[0]!);

/** The ids in every one of `lists` (each ascending, at least one), ascending. */
export function intersection(lists: readonly Int32Array[]): Int32Array {
  const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
  let out = shortest!;
  for (const other of others) {
    const kept = new Int32Array(out.length);
    let n = 0;
    let j = 0;
    for (const id of out) {
      while (j < other.length && other[j]! < id) j++;
      if (j === other.length) break;
      if (other[j] === id) kept[n++] = id;
    }
    out = kept.subarray(0, n);
  }
  return out;
}

/** Ids of `all` (ascending), those also in `first` then those also in `second` (both ascending subsets of it) first. */
export function tiered(all: ArrayLike<number> & Iterable<number>, first: ArrayLike<number>, second: ArrayLike<number>): number[] {
  const out: number[] = Array.from(first);
  const rest: number[] = [];
  let i = 0;
  let j = 0;
  for (const id of all) {
    while (i < first.length && first[i]! < id) i++;
    if (i < first.length && first[i] === id) continue;
    while (j < second.length && second[j]! < id) j++;
    if (j < second.length && second[j] === id) out.push(id);
    else rest.push(id);
  }
  return out.concat(rest);
}

/**
 * The catalog's own search: FTS5 trigram tables for words of three characters or more, LIKE
 * for shorter ones and for kinds of few entries. Relevance is in tiers, each in the store's
 * own order: the whole query in the title, then every word in the title, then every word
 * anywhere. (BM25 ranked every match to sort them, three times the cost of finding them: a
 * search of a common word among 50,000 products took 15 ms.) Each language's entries of one
 * kind have consecutive ids (the import writes them so), so a kind is a rowid range FTS5
 * reads alone, and a product's position is its id's offset in the range.
 */
function sqliteSource(db: CatalogDb, scanBelow: number): SearchSource {
  const ranges = new Map<string, { lo: number; hi: number }>();
  for (const r of db
    .prepare("SELECT lang, kind, min(id) AS lo, max(id) AS hi, count(*) AS n FROM search_entries GROUP BY lang, kind")
    .all() as { lang: string; kind: string; lo: number; hi: number; n: number }[]) {
    if (r.hi - r.lo + 1 !== r.n) throw new Error(`catalog: the ${r.lang} ${r.kind} search entries are not consecutive`);
    ranges.set(`${r.lang} ${r.kind}`, { lo: r.lo, hi: r.hi });
  }
  // One statement per shape of query (language, how many long and short words), prepared once.
  const statements = new Map<string, Statement>();
  function prepared(key: string, sql: () => string): Statement {
    let found = statements.get(key);
    if (!found) {
      found = db.prepare(sql());
      statements.set(key, found);
    }
    return found;
  }
  /** Ids of the entries of a range an FTS5 query matches, ascending. */
  const idsMatching = (language: MessageLanguage, query: string, lo: number, hi: number) =>
    prepared(`ids ${language}`, () => {
      const fts = FTS_TABLES[language];
      return `SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? AND rowid BETWEEN ? AND ? ORDER BY rowid`;
    })
      .pluck()
      .all(query, lo, hi) as number[];
  /**
   * The ids of a range one long word matches, anywhere or in titles, kept: FTS5 reads a common
   * word's lists in 2-4 ms here, and a query of several words is the intersection of its words'
   * (every phrase of an FTS5 query must match, each in any column or each in the title), so a
   * new pair of words known apart costs no read.
   */
  const wordIds = new LRUCache<string, Int32Array>({ maxSize: KEPT_WORD_IDS, sizeCalculation: (ids) => Math.max(1, ids.length) });
  const idsOfWord = (language: MessageLanguage, word: string, inTitle: boolean, lo: number, hi: number): Int32Array => {
    const key = `${lo} ${inTitle ? "title" : "any"} ${word}`;
    let ids = wordIds.get(key);
    if (!ids) {
      ids = Int32Array.from(idsMatching(language, inTitle ? `{title} : ${phrase(word)}` : phrase(word), lo, hi));
      wordIds.set(key, ids);
    }
    return ids;
  };
  /** With a short word, LIKE reads each candidate's text, and orders by it too. */
  const withShortWords = (language: MessageLanguage, longWords: number, shortWords: number) =>
    prepared(`like ${language} ${longWords} ${shortWords}`, () => {
      const fts = longWords > 0 ? FTS_TABLES[language] : null;
      const like = "LIKE ? ESCAPE '\\'";
      const likes = Array.from({ length: shortWords }, () => `AND (e.title ${like} OR e.body ${like})`);
      const inTitle = Array.from({ length: longWords + shortWords }, () => `e.title ${like}`).join(" AND ");
      return `SELECT e.id
         FROM ${fts ? `${fts} JOIN search_entries e ON e.id = ${fts}.rowid` : "search_entries e"}
         WHERE ${fts ? `${fts} MATCH ? AND ${fts}.rowid BETWEEN ? AND ? AND` : ""} e.id BETWEEN ? AND ? ${likes.join(" ")}
         ORDER BY instr(e.title, ?) = 0, NOT (${inTitle}), e.id`;
    }).pluck();
  const refsOf = db.prepare("SELECT e.ref FROM json_each(?) j JOIN search_entries e ON e.id = j.value ORDER BY j.key").pluck();
  const allOfKind = db.prepare("SELECT ref FROM search_entries WHERE id BETWEEN ? AND ? ORDER BY id").pluck();
  const wordsQuery = db.prepare("SELECT word, uses FROM search_words WHERE lang = ?");
  return {
    match(language, kind, words, limit, positions) {
      const range = ranges.get(`${language} ${kind}`);
      if (!range) return [];
      const { lo, hi } = range;
      // A kind of few entries (articles, categories) is read whole: cheaper than FTS5's lists.
      const viaFts = hi - lo + 1 >= scanBelow;
      const long = viaFts ? words.filter((w) => charLength(w) >= TRIGRAM) : [];
      const short = viaFts ? words.filter((w) => charLength(w) < TRIGRAM) : words;
      let ids: number[];
      if (short.length === 0) {
        const all = intersection(long.map((w) => idsOfWord(language, w, false, lo, hi)));
        if (all.length === 0) return [];
        const named = intersection(long.map((w) => idsOfWord(language, w, true, lo, hi)));
        // A title holding the whole query holds every word of it: no title does when none holds them all.
        const whole =
          words.length === 1
            ? named
            : named.length === 0
              ? []
              : idsMatching(language, `{title} : ${phrase(titleNeedle(words))}`, lo, hi);
        ids = tiered(all, whole, named);
      } else {
        const params: unknown[] = long.length ? [long.map(phrase).join(" "), lo, hi] : [];
        params.push(lo, hi);
        for (const w of short) params.push(containing(w), containing(w));
        params.push(titleNeedle(words), ...[...long, ...short].map(containing));
        ids = withShortWords(language, long.length, short.length).all(...params) as number[];
      }
      if (limit !== undefined) ids = ids.slice(0, limit);
      return positions ? ids.map((id) => id - lo) : (refsOf.all(JSON.stringify(ids)) as string[]);
    },
    all(language, kind) {
      const range = ranges.get(`${language} ${kind}`);
      return range ? (allOfKind.all(range.lo, range.hi) as string[]) : [];
    },
    words: (language) => wordsQuery.all(language) as { word: string; uses: number }[],
  };
}

/** The index over `source`, for the products of `catalog`. */
export function searchIndexOver(catalog: Catalog, source: SearchSource): SearchIndex {
  /** Per language: each indexed word and how often titles use it, read on the first spelling suggestion. */
  const vocabulary = new Map<MessageLanguage, Map<string, number>>();

  function find(language: MessageLanguage, kind: EntryKind, text: string, limit?: number): string[] {
    const words = queryWords(text);
    if (words.length === 0) return limit === undefined ? source.all(language, kind) : [];
    return source.match(language, kind, words, limit, false) as string[];
  }

  function correct(language: MessageLanguage, word: string): string {
    let words = vocabulary.get(language);
    if (!words) {
      // A translated entry is found by its English name too (writeSearchIndex), so a typo of an
      // English word is spelled against the English titles' words as well as the language's own.
      const spoken = language === "en" ? [] : source.words("en");
      words = new Map([...spoken, ...source.words(language)].map((r) => [r.word, r.uses]));
      vocabulary.set(language, words);
    }
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

  // What recent searches found, as product positions (4 bytes each) and, once a page asked,
  // their category counts; least recently used out first. The empty query finds every
  // product, in store order.
  interface Kept {
    positions: Int32Array | null;
    counts?: Map<string, number>;
  }
  const kept = new LRUCache<string, Kept>({
    maxSize: KEPT_POSITIONS,
    sizeCalculation: (found) => Math.max(1, found.positions!.length),
  });
  const everything: Kept = { positions: null };
  function keptFor(language: MessageLanguage, text: string): Kept {
    const words = queryWords(text);
    if (words.length === 0) return everything;
    const key = `${language}\n${words.join(" ")}`;
    let found = kept.get(key);
    if (!found) {
      found = { positions: Int32Array.from(source.match(language, "product", words, undefined, true) as number[]) };
      kept.set(key, found);
    }
    return found;
  }

  function productMatches(language: MessageLanguage, text: string): SearchMatches {
    const found = keptFor(language, text);
    const all = catalog.allRows();
    const { positions } = found;
    const rows = () => (positions ? Array.from(positions, (position) => all[position]!) : all);
    return {
      total: positions ? positions.length : all.length,
      rows,
      slice: (offset, limit) =>
        positions
          ? Array.from(positions.subarray(offset, offset + limit), (position) => all[position]!)
          : all.slice(offset, offset + limit),
      categoryCounts() {
        if (!found.counts) {
          const { of, names } = catalog.categoriesByPosition();
          const tally = new Int32Array(names.length);
          if (positions) for (const position of positions) tally[of[position]!]!++;
          else for (const n of of) tally[n]!++;
          const counts = new Map<string, number>();
          for (const [n, name] of names.entries()) if (tally[n]) counts.set(name, tally[n]!);
          found.counts = counts;
        }
        return found.counts;
      },
    };
  }

  return {
    products: (language, query) => find(language, "product", query),
    productRows: (language, text) => productMatches(language, text).rows(),
    productMatches,
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

/** The index in the catalog's own file; `scanBelow` is for tests, to match even a small store's products with FTS5. */
export function catalogSearchIndex(catalog: Catalog, scanBelow = SCAN_BELOW): SearchIndex {
  return searchIndexOver(catalog, sqliteSource(catalog.db, scanBelow));
}

const opened = new WeakMap<Catalog, SearchIndex>();

/**
 * The index of a loaded store's catalog: the one `setSearchIndex` set, else the catalog file's
 * own, its queries prepared the first time it is asked for.
 */
export function searchIndexOf(store: Pick<LocalizedStore, "catalog">): SearchIndex {
  let index = opened.get(store.catalog);
  if (!index) {
    index = catalogSearchIndex(store.catalog);
    opened.set(store.catalog, index);
  }
  return index;
}

/** Makes `index` the one searchIndexOf answers for the store (a server on PostgreSQL searches there). */
export function setSearchIndex(store: Pick<LocalizedStore, "catalog">, index: SearchIndex): void {
  opened.set(store.catalog, index);
}

/** The same as searchIndexOf: the import has built the index already. */
export const buildSearchIndex = searchIndexOf;
