// The search index (src/server/search/): substring matching through FTS5's trigram tokenizer,
// LIKE for words under three characters (Chinese words are often two), one set of rows per
// language read through storeFor, and the spelling suggestion.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index";
import { loadSchemaSet } from "../../src/server/schemas";
import {
  buildSearchIndex,
  catalogSearchIndex,
  editDistance,
  intersection,
  normalizeText,
  queryWords,
  searchIndexOf,
  tiered,
} from "../../src/server/search/index";
import { loadStore } from "../../src/server/store/load";

const ROOT = process.cwd();
const schemas = loadSchemaSet(join(ROOT, "schemas"));
const demo = loadStore(join(ROOT, "fixtures/demo-store"), schemas, Object.keys(registry));

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The demo store with Chinese names for two products, as a translated store writes them, and one name in English only. */
function translatedStore() {
  const dir = mkdtempSync(join(tmpdir(), "search-store-"));
  made.push(dir);
  cpSync(join(ROOT, "fixtures/demo-store"), dir, { recursive: true });
  const file = join(dir, "products.json");
  const products = JSON.parse(readFileSync(file, "utf8")) as { items: { slug: string; title: unknown }[] };
  const names: Record<string, Record<string, string>> = {
    "linen-shirt": { en: "Linen Shirt", zh: "亚麻衬衫", "zh-HK": "亞麻恤衫" },
    "oxford-shirt": { en: "Oxford Shirt", zh: "牛津纺衬衫", "zh-HK": "牛津紡恤衫" },
  };
  const untranslated = products.items.find((item) => item.slug === "flannel-shirt")!;
  untranslated.title = "Flannel Shirt";
  for (const item of products.items) if (names[item.slug]) item.title = names[item.slug];
  writeFileSync(file, JSON.stringify(products));
  return loadStore(dir, schemas, Object.keys(registry));
}

describe("the search index", () => {
  const index = buildSearchIndex(demo);

  it("finds products by any part of their name, description, category or tags, every word required", () => {
    expect(index.products("en", "linen")).toEqual(expect.arrayContaining(["linen-shirt", "linen-throw"]));
    expect(index.products("en", "LINEN shirt")).toEqual(["linen-shirt"]);
    // "inen" is inside "linen": trigram matching needs no word boundaries.
    expect(index.products("en", "inen")).toContain("linen-shirt");
    expect(index.products("en", "shirts")).toContain("oxford-shirt");
    expect(index.products("en", "zzzz")).toEqual([]);
  });

  it("puts products whose name holds the query first", () => {
    const found = index.products("en", "shirt");
    const named = found.filter((slug) => slug.endsWith("-shirt"));
    expect(found.slice(0, named.length)).toEqual(named);
  });

  it("ranks the whole query in the name first, then every word in the name, then the rest, each in store order", () => {
    const items = (
      JSON.parse(readFileSync(join(ROOT, "fixtures/demo-store/products.json"), "utf8")) as {
        items: { slug: string; title: { en: string } }[];
      }
    ).items;
    const title = new Map(items.map((item) => [item.slug, normalizeText(item.title.en)]));
    const place = new Map(items.map((item, i) => [item.slug, i]));
    const tiers = new Set<number>();
    // "lin shirt": both words are in Linen Shirt's name and Poplin Shirt's, the whole query in Poplin Shirt's only.
    for (const query of [
      "shirt",
      "linen shirt",
      "shirt linen",
      "lin shirt",
      "cotton shirt",
      "wool",
      "tee",
      "a shirt",
      "oxford",
    ]) {
      const words = queryWords(query);
      const found = index.products("en", query);
      expect(catalogSearchIndex(demo.catalog, 0).products("en", query)).toEqual(found);
      const tier = (slug: string) => {
        const name = title.get(slug)!;
        if (name.includes(words.join(" "))) return 0;
        return words.every((w) => name.includes(w)) ? 1 : 2;
      };
      const expected = [...found].sort((a, b) => tier(a) - tier(b) || place.get(a)! - place.get(b)!);
      expect([query, found]).toEqual([query, expected]);
      for (const slug of found) tiers.add(tier(slug));
    }
    expect(index.products("en", "shirt linen")[0]).toBe("linen-shirt");
    expect([...tiers].sort()).toEqual([0, 1, 2]);
  });

  it("finds the same with FTS5 as with LIKE, which kinds of few entries use (all of this store's)", () => {
    const fts = catalogSearchIndex(demo.catalog, 0);
    const queries = [
      "shirt",
      "linen shirt",
      "shirt linen",
      // Several long words: FTS5 reads each word once, and the index intersects what it kept.
      "linen throw",
      "shirt shirt",
      "cotton linen shirt",
      "wool knit",
      "shirt zzzz",
      "a shirt",
      "inen",
      "wool",
      "knit",
      "zzzz",
      "Tee",
      "衬衫",
      "亚麻",
      "恤衫",
    ];
    for (const language of ["en", "zh", "zh-HK"] as const) {
      for (const query of queries) {
        expect([language, query, fts.products(language, query)]).toEqual([language, query, index.products(language, query)]);
        for (const kind of ["category", "article"] as const) {
          expect([language, query, kind, fts.find(language, kind, query, 5)]).toEqual([
            language,
            query,
            kind,
            index.find(language, kind, query, 5),
          ]);
        }
      }
    }
    expect(fts.products("en", "shirt").length).toBeGreaterThan(3);
  });

  it("intersects ascending lists of ids, the shortest first", () => {
    const list = (...ids: number[]) => Int32Array.from(ids);
    expect([...intersection([list(1, 3, 5, 7, 9), list(3, 4, 5, 9, 12), list(0, 5, 9)])]).toEqual([5, 9]);
    expect([...intersection([list(2, 4), list(1, 3)])]).toEqual([]);
    expect([...intersection([list(2, 4), list()])]).toEqual([]);
    expect([...intersection([list(8, 10)])]).toEqual([8, 10]);
  });

  it("puts ids of the first tier, then the second, before the rest, in their order", () => {
    expect(tiered([1, 2, 3, 5, 8, 9], [5], [2, 5, 9])).toEqual([5, 2, 9, 1, 3, 8]);
    expect(tiered([4, 6], [], [])).toEqual([4, 6]);
    expect(tiered([4, 6], [4, 6], [4, 6])).toEqual([4, 6]);
  });

  it("matches words under three characters with LIKE, as FTS5's trigrams cannot", () => {
    const short = index.products("en", "sh");
    expect(short).toContain("linen-shirt");
    expect(short.length).toBeGreaterThan(index.products("en", "shirt").length - 1);
    expect(index.products("en", "qj")).toEqual([]);
  });

  it("folds case, full-width letters and accents, and reads query syntax as text", () => {
    expect(normalizeText("ＬＩＮＥＮ Café")).toBe("linen cafe");
    expect(index.products("en", "ｌｉｎｅｎ")).toEqual(index.products("en", "linen"));
    expect(queryWords('  "linen"  OR  shirt* ')).toEqual(["linen", "or", "shirt*"]);
    // FTS5 operators and quotes are phrases to find, never syntax errors.
    expect(() => index.products("en", 'linen" OR NEAR(a b) *')).not.toThrow();
    expect(index.products("en", "50%_")).toEqual([]);
  });

  it("lists every product for an empty query and suggests nothing for it", () => {
    expect(index.products("en", "  ")).toHaveLength(demo.products.length);
    expect(index.suggest("en", "", 5)).toEqual({ products: [], categories: [], articles: [] });
  });

  it("suggests products, categories and articles, each bounded", () => {
    const found = index.suggest("en", "lin", 1);
    expect(found.products).toHaveLength(1);
    expect(index.suggest("en", "knit", 5).categories).toEqual(["knitwear"]);
    expect(index.suggest("en", "linen", 5).articles).toContain("caring-for-linen");
  });

  it("spells an unknown word as the closest indexed word that finds products", () => {
    expect(index.didYouMean("en", "linnen")).toBe("linen");
    expect(index.didYouMean("en", "shrit")).toBe("shirt");
    expect(index.didYouMean("en", "lether bakpack")).toBe("leather backpack");
    expect(index.didYouMean("en", "linen")).toBeNull();
    expect(index.didYouMean("en", "qqqqqqqq")).toBeNull();
    expect(editDistance("shrit", "shirt")).toBe(1);
    expect(editDistance("亚麻衫衫", "亚麻衬衫")).toBe(1);
  });

  // A search page shows one slice of what the words find, and counts its categories once.
  it("answers a kept search's slices and category counts as its rows say", () => {
    for (const query of ["shirt", "sh", ""]) {
      const matches = index.productMatches("en", query);
      const rows = matches.rows();
      expect(rows.map((r) => r.slug)).toEqual(index.products("en", query));
      expect(matches.total).toBe(rows.length);
      expect(matches.slice(2, 5)).toEqual(rows.slice(2, 7));
      expect(matches.slice(rows.length, 5)).toEqual([]);
      const counts = new Map<string, number>();
      for (const row of rows) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
      expect(matches.categoryCounts()).toEqual(counts);
      // Counted once: the next page of the same search finds them kept.
      expect(index.productMatches("en", query).categoryCounts()).toBe(matches.categoryCounts());
    }
  });

  it("keeps one index per loaded store", () => {
    expect(searchIndexOf(demo)).toBe(searchIndexOf(demo));
  });
});

describe("Chinese", () => {
  const store = translatedStore();
  const index = buildSearchIndex(store);

  it("matches a two-character word (LIKE) and a longer one (trigram) in the language's own rows", () => {
    expect(index.products("zh", "衬衫")).toEqual(expect.arrayContaining(["linen-shirt", "oxford-shirt"]));
    expect(index.products("zh", "亚麻衬衫")).toEqual(["linen-shirt"]);
    expect(index.products("zh", "牛津纺")).toEqual(["oxford-shirt"]);
    expect(index.products("zh-HK", "恤衫")).toEqual(expect.arrayContaining(["linen-shirt", "oxford-shirt"]));
  });

  it("keeps the languages apart", () => {
    expect(index.products("en", "衬衫")).toEqual([]);
    expect(index.products("zh-HK", "衬衫")).toEqual([]);
    expect(index.products("zh", "恤衫")).toEqual([]);
    // A product without a translation is found by its English name in every language.
    expect(index.products("zh", "flannel")).toEqual(["flannel-shirt"]);
  });

  it("suggests a Chinese spelling", () => {
    expect(index.didYouMean("zh", "亚麻衫衫")).toBe("亚麻衬衫");
  });

  // Every entry is found by its English name too, so a typo of one is spelled in every language (issue 49 item 12).
  it("spells an English word mistyped on a Chinese page", () => {
    expect(index.didYouMean("zh", "shrit")).toBe("shirt");
    expect(index.didYouMean("zh-HK", "shrit")).toBe("shirt");
    expect(index.didYouMean("zh-HK", "lether bakpack")).toBe("leather backpack");
    expect(index.didYouMean("zh", "qqqqqqqq")).toBeNull();
  });
});
