// @vitest-environment node
// The catalog in SQLite (src/server/catalog/): imported from the store files, skipped when
// they have not changed, redone when one does (and refused, the last import kept, when the
// change breaks a rule); listings sorted in SQL (and kept) exactly as the in-memory catalog
// did; and a generated store of 5,000 products served from it.
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateStore } from "../../../scripts/store-generate.mjs";
import { registry } from "../../../src/registry/index";
import { HOME_CATEGORIES } from "../../../src/server/pages/resolvers/home";
import { sortProducts } from "../../../src/server/pages/resolvers/listing";
import { reviewsOf } from "../../../src/server/reviews";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore, StoreFileError, type StoreProduct } from "../../../src/server/store/load";
import { resolveTexts } from "../../../src/server/store/texts.mjs";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const schemas = loadSchemaSet(join(process.cwd(), "schemas"));
const components = Object.keys(registry);
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  dirs.push(dir);
  return dir;
}

/** The products of the page's ProductGrid (or, `component`, another list's) island. */
function islandProps<T>(html: string, component: string): T {
  const match = new RegExp(`data-component="${component}" data-props="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no ${component} island`);
  const json = match[1]!
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return JSON.parse(json) as T;
}

function gridSlugs(html: string, component = "ProductGrid"): { slugs: string[]; total: number } {
  const props = islandProps<{ products: { slug: string }[]; total?: number }>(html, component);
  return { slugs: props.products.map((p) => p.slug), total: props.total ?? props.products.length };
}

async function routeBody(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${url}${url.includes("?") ? "&" : "?"}request=route`);
  const json = (await response.json()) as { data: { pageBody: string } };
  return { status: response.status, body: json.data.pageBody };
}

describe("import", () => {
  it("imports a store once, skips it while its files are unchanged, and imports again when one changes", () => {
    const dir = tempDir("catalog-store");
    cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
    const catalogFile = join(tempDir("catalog-data"), "catalog.sqlite");
    const load = () => loadStore(dir, schemas, components, { catalogFile });

    const first = load();
    expect(first.catalog.imported).toBe(true);
    const version = first.catalog.version;
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    first.catalog.close();

    const again = load();
    expect(again.catalog.imported).toBe(false);
    expect(again.catalog.version).toBe(version);
    expect(again.productBySlug.get("linen-shirt")?.slug).toBe("linen-shirt");
    again.catalog.close();

    // Touched, same bytes: the hash says nothing changed.
    const products = join(dir, "products.json");
    const later = new Date(Date.now() + 60_000);
    utimesSync(products, later, later);
    const touched = load();
    expect(touched.catalog.imported).toBe(false);
    expect(touched.catalog.version).toBe(version);
    touched.catalog.close();

    // A catalog file of another layout (an older server's) is emptied and imported again.
    const older = new Database(catalogFile);
    older.pragma("user_version = 1000");
    older.close();
    const relaid = load();
    expect(relaid.catalog.imported).toBe(true);
    expect(relaid.catalog.version).toBe(version);
    expect(relaid.productBySlug.get("linen-shirt")?.slug).toBe("linen-shirt");
    relaid.catalog.close();

    writeFileSync(products, readFileSync(products, "utf8").replace('"price": 79.99,', '"price": 81.5,'));
    const changed = load();
    expect(changed.catalog.imported).toBe(true);
    expect(changed.catalog.version).not.toBe(version);
    expect(changed.products.some((p) => p.price === 81.5)).toBe(true);
    changed.catalog.close();
    // The first load compiles the store files' validators: seconds on a busy two-core machine.
  }, 30_000);

  it("refuses a changed store that breaks a rule with file:line: rule, and keeps the last import", () => {
    const dir = tempDir("catalog-bad");
    cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
    const catalogFile = join(tempDir("catalog-data"), "catalog.sqlite");
    const good = loadStore(dir, schemas, components, { catalogFile });
    const version = good.catalog.version;
    const count = good.catalog.productCount();
    good.catalog.close();

    const reviews = join(dir, "reviews.json");
    const text = readFileSync(reviews, "utf8");
    const first = (JSON.parse(text) as { items: { product: string }[] }).items[0]!.product;
    writeFileSync(reviews, text.replace(`"product": "${first}"`, '"product": "no-such-product"'));
    let error: unknown;
    try {
      loadStore(dir, schemas, components, { catalogFile });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StoreFileError);
    const e = error as StoreFileError;
    expect(e.file).toMatch(/reviews\.json$/);
    expect(e.line).toBeGreaterThan(1);
    expect(e.rule).toBe('/items/0/product "no-such-product" is not in products.json');

    // The file put back as it was: the import is current again, and nothing was lost.
    writeFileSync(reviews, text);
    const back = loadStore(dir, schemas, components, { catalogFile });
    expect(back.catalog.imported).toBe(false);
    expect(back.catalog.version).toBe(version);
    expect(back.catalog.productCount()).toBe(count);
    back.catalog.close();
  }, 30_000);
});

describe("listings on the demo store", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startStore();
  }, START_TIMEOUT_MS);
  afterAll(() => store.close(), START_TIMEOUT_MS);

  const SORTS = ["featured", "price-asc", "price-desc", "newest", "rating"] as const;
  const PAGE_SIZE = 12;

  /** What the in-memory catalog answered: the listing's products sorted (stable) and cut into pages. */
  function expected(products: StoreProduct[], sort: (typeof SORTS)[number], page: number): string[] {
    const reviews = reviewsOf(store.server.db, store.server.store);
    const score = (p: StoreProduct) => reviews.summary(p.slug).average;
    return sortProducts(products, sort, score)
      .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
      .map((p) => p.slug);
  }

  async function check(path: string, products: StoreProduct[]) {
    const pages = Math.max(1, Math.ceil(products.length / PAGE_SIZE));
    for (const sort of SORTS) {
      for (let page = 1; page <= pages; page++) {
        const { status, body } = await routeBody(`${store.url}${path}?sort=${sort}&page=${page}`);
        expect(status, `${path} ${sort} ${page}`).toBe(200);
        const grid = gridSlugs(body);
        expect(grid.slugs, `${path} ${sort} ${page}`).toEqual(expected(products, sort, page));
        expect(grid.total).toBe(products.length);
      }
    }
    const past = await routeBody(`${store.url}${path}?page=${pages + 1}`);
    expect(past.status).toBe(404);
  }

  it("lists each category in every order and page as the in-memory catalog did", async () => {
    const { products, categories } = store.server.store;
    for (const c of categories) {
      const mine = products.filter((p) => p.category === c.slug);
      if (mine.length) await check(`/category/${c.slug}`, mine);
    }
  }, 120_000);

  // Cards are drawn from these entries, never from the whole product (src/server/pages/resolvers/context.ts).
  it("keeps beside each product its card entry, and a card's stars are the product's, buyers' reviews included", () => {
    const { products, reviews: seeds, catalog } = store.server.store;
    const db = store.server.db;
    const user = Number(
      db.prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, 'x', 0)").run(`cards-${Date.now()}@example.com`)
        .lastInsertRowid,
    );
    const addReview = db.prepare(
      "INSERT INTO reviews (user_id, product_slug, score, body, author, created_at) VALUES (?, ?, ?, 'Fine.', 'Mei', 0)",
    );
    for (const [i, p] of products.slice(0, 6).entries()) addReview.run(user, p.slug, 1 + (i % 5));
    const reviews = reviewsOf(db, store.server.store);
    const entries = catalog.cards(products.map((p) => p.slug));
    expect(entries.map((e) => e.slug)).toEqual(products.map((p) => p.slug));
    for (const [i, p] of products.entries()) {
      const mine = seeds.filter((r) => r.product === p.slug);
      // Texts kept in every language; this store is English's.
      expect(resolveTexts(entries[i], "en")).toEqual({
        slug: p.slug,
        title: p.title,
        images: p.images.slice(0, 1),
        price: p.price,
        ...(p.linePrice !== undefined ? { linePrice: p.linePrice } : {}),
        variants: p.variants.map((v) => ({ sku: v.sku, stock: v.stock })),
        seedCount: mine.length,
        seedSum: mine.reduce((sum, r) => sum + r.score, 0),
      });
      const { average, count } = reviews.summary(p.slug);
      expect(reviews.averagesOf([{ slug: p.slug, seedCount: entries[i]!.seedCount, seedSum: entries[i]!.seedSum }])).toEqual([
        { average, count },
      ]);
    }
    // A page's cards read buyers' totals in one query, a product listed twice included.
    const page = [...entries.slice(0, 8), entries[2]!].map((e) => ({ slug: e.slug, seedCount: e.seedCount, seedSum: e.seedSum }));
    expect(reviews.averagesOf(page)).toEqual(
      page.map((e) => {
        const { average, count } = reviews.summary(e.slug);
        return { average, count };
      }),
    );
    expect(reviews.averagesOf([])).toEqual([]);
    expect(catalog.cards(["no-such-product", products[1]!.slug]).map((e) => e.slug)).toEqual([products[1]!.slug]);
    db.prepare("DELETE FROM users WHERE id = ?").run(user);
  });

  it("scores rows from buyers' totals of those products, however many are asked about", () => {
    const { catalog } = store.server.store;
    const db = store.server.db;
    const user = Number(
      db
        .prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, 'x', 0)")
        .run(`scores-${Date.now()}@example.com`).lastInsertRowid,
    );
    const addReview = db.prepare(
      "INSERT INTO reviews (user_id, product_slug, score, body, author, created_at) VALUES (?, ?, ?, 'Fine.', 'Mei', 0)",
    );
    const reviews = reviewsOf(db, store.server.store);
    const shop = catalog.allRows();
    // Rows beyond the catalog's (buyers' reviews name a product by slug): more than one list of
    // 500, and more than the whole-shop threshold of 10,000, with some seed reviews of their own.
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        ...shop[0]!,
        slug: `scored-${i}`,
        seedCount: i % 3,
        seedSum: 4 * (i % 3),
        stocks: [],
      }));
    db.exec("BEGIN");
    for (let i = 0; i < 10_500; i += 7) {
      addReview.run(user, `scored-${i}`, 1 + (i % 5));
      if (i % 2) addReview.run(user, `scored-${i}`, 5);
    }
    db.exec("COMMIT");
    const expected = (row: { slug: string; seedCount: number; seedSum: number }) => {
      const mine = db
        .prepare("SELECT COUNT(*) AS n, COALESCE(SUM(score), 0) AS s FROM reviews WHERE product_slug = ?")
        .get(row.slug) as { n: number; s: number };
      const count = row.seedCount + mine.n;
      return count ? Math.round(((row.seedSum + mine.s) / count) * 10) / 10 : 0;
    };
    for (const n of [0, 5, 33, 500, 1_234, 10_500]) {
      const asked = rows(n);
      const scoreOf = reviews.scores(asked);
      expect(
        asked.map((row) => scoreOf(row)),
        `${n} rows`,
      ).toEqual(asked.map(expected));
    }
    // A product's score is the one its summary shows.
    const scoreOf = reviews.scores(shop);
    for (const row of shop.slice(0, 10)) expect(scoreOf(row)).toBe(reviews.summary(row.slug).average);
    db.prepare("DELETE FROM reviews WHERE user_id = ?").run(user);
    db.prepare("DELETE FROM users WHERE id = ?").run(user);
  });

  it("draws a product's related cards from its category in store order, never the product itself", () => {
    const { products, catalog } = store.server.store;
    for (const product of products) {
      const others = products.filter((p) => p.category === product.category && p.slug !== product.slug).slice(0, 4);
      expect(
        catalog.relatedCards(product.category, product.slug, 4).map((c) => c.slug),
        product.slug,
      ).toEqual(others.map((p) => p.slug));
    }
    const positions = [3, 0, 3];
    expect(catalog.cardsAt(positions).map((c) => c.slug)).toEqual(positions.map((i) => products[i]!.slug));
  });

  it("reads a category's cards from where they lie together: the same entries, another category's skipped", () => {
    const { products, categories, catalog } = store.server.store;
    for (const c of categories) {
      const mine = products.flatMap((p, position) => (p.category === c.slug ? [position] : []));
      // Out of store order and with a repeat, as a page sorted by price or rating asks.
      const asked = [...mine].reverse().concat(mine.slice(0, 1));
      expect(catalog.cardsAt(asked, c.slug), c.slug).toEqual(catalog.cardsAt(asked));
    }
    const shirt = products.findIndex((p) => p.category === "shirts");
    const other = products.findIndex((p) => p.category !== "shirts");
    expect(catalog.cardsAt([other, shirt, 99_999], "shirts").map((c) => c.slug)).toEqual([products[shirt]!.slug]);
    // Every product has its card there once, under its own category.
    const db = catalog.db;
    expect(db.prepare("SELECT COUNT(*) FROM category_cards").pluck().get()).toBe(products.length);
    expect(
      db
        .prepare(
          "SELECT COUNT(*) FROM category_cards c JOIN products p ON p.position = c.position AND p.category = c.category JOIN product_data d ON d.position = c.position AND d.card = c.card",
        )
        .pluck()
        .get(),
    ).toBe(products.length);
  });

  it("lists each tag and collection in every order as the in-memory catalog did", async () => {
    const { products, tags, collections, productBySlug } = store.server.store;
    for (const t of tags) {
      const mine = products.filter((p) => p.tags?.includes(t.slug));
      if (mine.length) await check(`/tag/${t.slug}`, mine);
    }
    for (const c of collections) {
      await check(
        `/collection/${c.slug}`,
        c.products.flatMap((slug) => productBySlug.get(slug) ?? []),
      );
    }
  }, 120_000);
});

describe("a generated store of 5,000 products", () => {
  let store: TestStore;
  beforeAll(async () => {
    const storeDir = join(tempDir("catalog-5000"), "store");
    // More categories than a search page lists facets for (50): it names those it found in.
    generateStore({ products: 5000, categories: 300, out: storeDir });
    store = await startStore({ storeDir });
  }, 120_000);
  afterAll(() => store?.close(), START_TIMEOUT_MS);

  it("answers a category page, a product page and a search with the right products", async () => {
    expect(store.server.localizedStore.catalog.productCount()).toBe(5000);
    // The generator spreads products over the categories in turn: item-n (n from 48, after the
    // demo store's) is in category-(n % 300).
    const category = await routeBody(`${store.url}/category/category-20?sort=price-asc&page=2`);
    expect(category.status).toBe(200);
    const grid = gridSlugs(category.body);
    const inCategory = Array.from({ length: 5000 - 48 }, (_, i) => i + 48).filter((n) => n % 300 === 20).length;
    expect(grid.total).toBe(inCategory);
    expect(grid.slugs).toHaveLength(inCategory - 12);
    const prices = grid.slugs.map((slug) => store.server.store.productBySlug.get(slug)!);
    for (const p of prices) expect(p.category).toBe("category-20");
    expect(prices.map((p) => p.price)).toEqual([...prices.map((p) => p.price)].sort((a, b) => a - b));

    const product = store.server.store.productBySlug.get("item-4321")!;
    const page = await routeBody(`${store.url}/product/item-4321`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(product.title);

    const search = await routeBody(`${store.url}/search?q=${encodeURIComponent(product.title)}`);
    expect(search.status).toBe(200);
    expect(gridSlugs(search.body, "SearchResults").slugs[0]).toBe("item-4321");
    const word = await routeBody(`${store.url}/search?q=lamp`);
    expect(gridSlugs(word.body, "SearchResults").total).toBeGreaterThan(100);
    // The chosen category and those holding the most of what was found, in the store's order.
    const chosen = await routeBody(`${store.url}/search?q=lamp&category=category-299`);
    const facets = islandProps<{ categories: { slug: string; count: number }[] }>(chosen.body, "SearchResults").categories;
    expect(facets).toHaveLength(50);
    expect(facets.map((f) => f.slug)).toContain("category-299");
    const order = store.server.store.categories.map((c) => c.slug);
    expect(facets.map((f) => order.indexOf(f.slug))).toEqual(facets.map((f) => order.indexOf(f.slug)).sort((a, b) => a - b));
    const everyCount = islandProps<{ categories: { count: number }[] }>(word.body, "SearchResults").categories.map(
      (f) => f.count,
    );
    const least = Math.min(...facets.filter((f) => f.slug !== "category-299").map((f) => f.count));
    expect(everyCount.filter((count) => count > least).length).toBeLessThan(50);

    // Home names the store's first categories, not all 300 (more than its list may hold).
    const home = await routeBody(`${store.url}/`);
    const listed = islandProps<{ links: { href: string }[] }>(home.body, "LinkList").links.map((l) => l.href);
    expect(listed).toEqual(order.slice(0, HOME_CATEGORIES).map((slug) => `/category/${slug}`));

    const zh = await fetch(`${store.url}/zh/product/item-4321?request=route`);
    expect(((await zh.json()) as { data: { pageBody: string } }).data.pageBody).toContain(
      (await import("../../../src/server/store/localize"))
        .storeFor(store.server.localizedStore, "zh")
        .productBySlug.get("item-4321")!.title,
    );
  }, 60_000);
});
