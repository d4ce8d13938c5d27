// @vitest-environment node
// Search on PostgreSQL (src/server/search/postgres-search.ts: pg_trgm and tsvector) finds what
// the SQLite search (FTS5 trigrams) finds on the demo store, in each language: the same
// products, categories and articles, those whose name holds the query first, the same spelling
// suggestions.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import type { Db } from "../../../src/server/db/engine";
import { openPostgresStore } from "../../../src/server/db/postgres/open";
import { loadSchemaSet } from "../../../src/server/schemas";
import { buildSearchIndex, queryWords, type SearchIndex, titleNeedle } from "../../../src/server/search/index";
import { openPostgresSearchIndex } from "../../../src/server/search/postgres-search";
import { loadStore } from "../../../src/server/store/load";
import { MESSAGE_LANGUAGES } from "../../../src/shared/languages";
import { type PostgresCluster, postgresBinaries, startPostgres } from "./postgres-support";

const binaries = postgresBinaries();
const ROOT = process.cwd();

describe.skipIf("missing" in binaries)(`search on PostgreSQL${"missing" in binaries ? `: ${binaries.missing}` : ""}`, () => {
  const demo = loadStore(join(ROOT, "fixtures/demo-store"), loadSchemaSet(join(ROOT, "schemas")), Object.keys(registry));
  const sqlite = buildSearchIndex(demo);
  let cluster: PostgresCluster;
  let db: Db;
  let postgres: SearchIndex;

  beforeAll(async () => {
    cluster = await startPostgres((binaries as { bin: string }).bin);
    db = openPostgresStore(cluster.createDatabase());
    postgres = openPostgresSearchIndex(db, demo.catalog);
  }, 60_000);

  afterAll(() => {
    db?.close();
    cluster?.stop();
  });

  /** Queries a shopper of `language` might type: fixed ones, and parts of the catalog's own titles (two characters, four, a word). */
  function queriesOf(language: (typeof MESSAGE_LANGUAGES)[number]): string[] {
    const titles = demo.catalog.db
      .prepare("SELECT title FROM search_entries WHERE lang = ? ORDER BY id")
      .pluck()
      .all(language) as string[];
    const parts = titles.flatMap((title) => [
      ...new Set([[...title].slice(0, 2).join(""), [...title].slice(0, 4).join(""), title.split(" ")[0]!]),
    ]);
    return [
      ...new Set([
        ...parts,
        "linen",
        "LINEN shirt",
        "inen",
        "blue cotton",
        "ａｂ",
        "mug",
        '"linen" shirt',
        "100%",
        "under_score",
        "x",
        "nothing-like-this",
      ]),
    ];
  }

  it("finds the same entries in every language, those whose name holds the query first", () => {
    const titleOf = demo.catalog.db.prepare("SELECT title FROM search_entries WHERE lang = ? AND kind = ? AND ref = ?").pluck();
    for (const language of MESSAGE_LANGUAGES) {
      for (const query of queriesOf(language)) {
        const needle = queryWords(query).length ? titleNeedle(queryWords(query)) : "";
        for (const kind of ["product", "category", "article"] as const) {
          const found = postgres.find(language, kind, query, 100);
          const expected = sqlite.find(language, kind, query, 100);
          expect([language, kind, query, [...found].sort()]).toEqual([language, kind, query, [...expected].sort()]);
          // Within each group the engines rank differently (bm25 over trigrams; ts_rank and similarity).
          const named = expected.filter((ref) => (titleOf.get(language, kind, ref) as string).includes(needle)).length;
          expect([query, new Set(found.slice(0, named))]).toEqual([query, new Set(expected.slice(0, named))]);
        }
        expect(postgres.productRows(language, query).length).toBe(sqlite.productRows(language, query).length);
      }
    }
  });

  it("suggests the same spellings", () => {
    for (const [language, query] of [
      ["en", "lnen shirt"],
      ["en", "flanel"],
      ["en", "linen"],
      ["zh", "亚麻"],
      ["en", "qqqqqq"],
    ] as const) {
      expect([query, postgres.didYouMean(language, query)]).toEqual([query, sqlite.didYouMean(language, query)]);
    }
    expect(postgres.didYouMean("en", "flanel")).toBe("flannel");
  });

  it("copies the entries once per catalog version", () => {
    const count = () => db.prepare("SELECT count(*) FROM catalog_search").pluck().get() as number;
    const before = count();
    expect(before).toBe(demo.catalog.db.prepare("SELECT count(*) FROM search_entries").pluck().get());
    openPostgresSearchIndex(db, demo.catalog);
    expect(count()).toBe(before);
  });
});
