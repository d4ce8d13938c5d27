// @vitest-environment node
// Issue 17: anonymous public pages come from the render cache (x-render-cache says so), from
// their address's second request on, until their data changes (an order takes stock, a review
// is added), in whichever process the write happened; signed-in answers never do and stay private; documents and page routes carry
// a strong ETag (304), a hash-based CSP, no visitor cookie when shared caches may keep them;
// static files answer 304, ranges and immutable hashed assets.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import { openDatabase } from "../../../src/server/db/open";
import { createAdmission } from "../../../src/server/pages/admission";
import { createPageService } from "../../../src/server/pages/page-service";
import { createRenderCache } from "../../../src/server/pages/render-cache";
import { SHARED_CACHE_CONTROL } from "../../../src/server/pages/routes-plugin";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore } from "../../../src/server/store/load";
import { payOrder, placeOrder } from "./orders-support";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

const DEMO = join(process.cwd(), "fixtures/demo-store");

let store: TestStore;
// A second server process on the same database, as the workers of `npm start` are (or, on
// PostgreSQL, as several instances are).
let twin: TestStore;
beforeAll(async () => {
  store = await startStore();
  twin = await startStore({ dataDir: store.dataDir, ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}) });
}, START_TIMEOUT_MS * 2);
afterAll(async () => {
  await twin.close();
  await store.close();
}, START_TIMEOUT_MS);

// Flannel shirt: 11 units of Sand / L (reviews-api.test.ts uses the same product's Sand / M).
const PRODUCT = "/product/flannel-shirt/FLASHI-SAN-L";
const SKU = "FLASHI-SAN-L";

const route = (base: string, path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}${path.includes("?") ? "&" : "?"}request=route`, { headers });

interface Variant {
  sku: string;
  stock: number;
}
async function pageOf(response: Response) {
  const body = (await response.json()) as {
    data: { data: { detail: { product: { variants: Variant[] } }; reviews: { summary: { count: number } } } };
  };
  return body.data.data;
}
const stockIn = async (response: Response) => (await pageOf(response)).detail.product.variants.find((v) => v.sku === SKU)!.stock;
/** The same, read from a document's initial data. */
async function documentStock(response: Response): Promise<number> {
  const json = /<script id="__INITIAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(await response.text())![1]!;
  const data = JSON.parse(json) as { pageData: { detail: { product: { variants: Variant[] } } } };
  return data.pageData.detail.product.variants.find((v) => v.sku === SKU)!.stock;
}

/** The sha256 CSP source of a text. */
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** An order of `sku`, paid, shipped and delivered at /dev/orders: its buyer may review it. */
async function receivedOrder(token: string, sku: string): Promise<string> {
  const orderNo = await placeOrder(store, token, { sku });
  await payOrder(store, token, orderNo);
  for (const step of ["ship", "deliver"]) {
    const answer = await fetch(`${store.url}/dev/orders/${orderNo}/${step}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(step === "ship" ? { expressName: "SF Express", expressNo: `SF${orderNo}` } : {}).toString(),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
  }
  return orderNo;
}

describe("the render cache", () => {
  it("serves an anonymous product page from the cache, and renders it again when an order takes its last units", async () => {
    const first = await route(store.url, PRODUCT);
    // Kept from its address's second request (admission.ts).
    expect(first.headers.get("x-render-cache")).toBe("miss");
    expect(await stockIn(first)).toBe(11);
    expect((await route(store.url, PRODUCT)).headers.get("x-render-cache")).toBe("stored");
    const again = await route(store.url, PRODUCT);
    expect(again.headers.get("x-render-cache")).toBe("hit");
    expect(again.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
    // The document of the same address has its own entry, and is cached too.
    await fetch(`${store.url}${PRODUCT}`);
    const document = await fetch(`${store.url}${PRODUCT}`);
    expect(document.headers.get("x-render-cache")).toBe("hit");
    expect(await documentStock(document)).toBe(11);
    // The other process caches its own copy.
    expect((await route(twin.url, PRODUCT)).headers.get("x-render-cache")).toBe("miss");
    expect((await route(twin.url, PRODUCT)).headers.get("x-render-cache")).toBe("stored");
    expect((await route(twin.url, PRODUCT)).headers.get("x-render-cache")).toBe("hit");

    // An order through the API takes every unit left.
    const { token } = await signUp(store);
    await placeOrder(store, token, { sku: SKU, quantity: 11 });
    const after = await route(store.url, PRODUCT);
    expect(after.headers.get("x-render-cache")).toBe("stored");
    expect(await stockIn(after)).toBe(0);
    expect(await documentStock(await fetch(`${store.url}${PRODUCT}`))).toBe(0);
    // The write happened in the other process's database too: its copy is stale as well, and
    // the address asked for before is kept again on its first render.
    const twinAfter = await route(twin.url, PRODUCT);
    expect(twinAfter.headers.get("x-render-cache")).toBe("stored");
    expect(await stockIn(twinAfter)).toBe(0);
  });

  it("keeps a cached page through an order of products it does not show and every later step of an order", async () => {
    const mug = "/product/enamel-mug";
    const shirts = "/category/shirts";
    const outcome = async (path: string) => (await route(store.url, path)).headers.get("x-render-cache");
    for (const path of [mug, shirts]) {
      await route(store.url, path);
      await route(store.url, path);
      expect(await outcome(path)).toBe("hit");
    }
    const { token } = await signUp(store);
    const orderNo = await placeOrder(store, token, { sku: "DENSHI-OLI-S" });
    // The mug's page shows no shirt: it stays. The shirts' page shows what the order took.
    expect(await outcome(mug)).toBe("hit");
    expect(await outcome(shirts)).toBe("stored");
    // Paying changes no stock: neither page is rendered again.
    await payOrder(store, token, orderNo);
    expect(await outcome(mug)).toBe("hit");
    expect(await outcome(shirts)).toBe("hit");
    // An unpaid order cancelled gives its shirt back: the shirts' page is rendered again.
    const unpaid = await placeOrder(store, token, { sku: "DENSHI-OLI-S" });
    expect(await outcome(shirts)).toBe("stored");
    expect((await store.post("order/cancel", { orderNo: unpaid }, { token })).data.status).toBe("cancelled");
    expect(await outcome(mug)).toBe("hit");
    expect(await outcome(shirts)).toBe("stored");
  });

  it("renders a product page again when a buyer's review is added", async () => {
    const path = "/product/cotton-rug";
    const { token } = await signUp(store);
    await receivedOrder(token, "COTRUG-WHI");
    // Cached after the order, so that only the review can make it stale.
    await route(store.url, path);
    const before = (await pageOf(await route(store.url, path))).reviews.summary.count;
    expect((await route(store.url, path)).headers.get("x-render-cache")).toBe("hit");
    const form = new FormData();
    for (const [key, value] of Object.entries({
      productSlug: "cotton-rug",
      score: "5",
      title: "Lovely",
      body: "Thick and soft.",
    }))
      form.append(key, value);
    const added = await fetch(`${store.url}/api/web/review/add`, { method: "POST", headers: { "x-auth": token }, body: form });
    expect(((await added.json()) as { code: number }).code).toBe(0);
    const after = await route(store.url, path);
    expect(after.headers.get("x-render-cache")).toBe("stored");
    expect((await pageOf(after)).reviews.summary.count).toBe(before + 1);
  });

  it("never serves a signed-in shopper from the cache, and keeps their answers private", async () => {
    const { token } = await signUp(store);
    // Cached for visitors first.
    await fetch(`${store.url}/`);
    await fetch(`${store.url}/`);
    expect((await fetch(`${store.url}/`)).headers.get("x-render-cache")).toBe("hit");
    for (let i = 0; i < 2; i++) {
      const document = await fetch(`${store.url}/`, { headers: { cookie: `sf_auth=${token}` } });
      expect(document.headers.get("x-render-cache")).toBe("bypass");
      expect(document.headers.get("cache-control")).toBe("private, no-cache");
      const page = await route(store.url, "/", { "x-auth": token });
      expect(page.headers.get("x-render-cache")).toBe("bypass");
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.headers.get("vary")).toContain("x-auth");
    }
    // A void token is a visitor's page, but the answer to a request with a session stays private.
    const stale = await route(store.url, "/", { "x-auth": "not-a-token" });
    expect(stale.headers.get("cache-control")).toBe("private, no-store");
    const staleCookie = await fetch(`${store.url}/`, { headers: { cookie: "sf_session=not-a-token" } });
    expect(staleCookie.headers.get("cache-control")).toBe("private, no-cache");
    // A shopper's own page is never stored anywhere.
    const account = await fetch(`${store.url}/user/center`, { headers: { cookie: `sf_auth=${token}` } });
    expect(account.headers.get("x-render-cache")).toBe("bypass");
    expect(account.headers.get("cache-control")).toBe("no-store");
  });

  it("renders a page once for the requests that miss it together", async () => {
    // Asked for once before, so that the render they share is kept (a request that comes after
    // it finished reads it from the cache).
    expect((await route(store.url, "/category/shirts?sort=price")).headers.get("x-render-cache")).toBe("miss");
    const answers = await Promise.all(Array.from({ length: 6 }, () => route(store.url, "/category/shirts?sort=price")));
    const outcomes = answers.map((a) => a.headers.get("x-render-cache")).sort();
    expect(outcomes).toEqual(["hit", "hit", "hit", "hit", "hit", "stored"]);
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it("counts the requests for each address in a bounded sketch, up to 15, halving every count as they age", () => {
    const admission = createAdmission(40);
    expect(admission.record("a")).toBe(1);
    expect(admission.record("b")).toBe(1);
    expect(admission.record("a")).toBe(2);
    expect(admission.frequency("a")).toBe(2);
    expect(admission.frequency("never asked")).toBe(0);
    // Long addresses are counted by digest, each its own.
    const long = `/search?q=${"x".repeat(100_000)}`;
    expect(admission.record(long)).toBe(1);
    expect(admission.record(`${long}y`)).toBe(1);
    expect(admission.record(long)).toBe(2);
    for (let i = 0; i < 20; i++) admission.record("hot");
    expect(admission.frequency("hot")).toBe(15);
    // The 40th request halves every count: what was popular gives way to what is.
    for (let i = 0; i < 14; i++) admission.record(`once ${i}`);
    expect(admission.frequency("hot")).toBe(7);
    expect(admission.frequency("a")).toBe(1);
    // And again 40 requests later, not sooner.
    for (let i = 0; i < 39; i++) admission.record(`later ${i}`);
    expect(admission.frequency("hot")).toBe(7);
    admission.record("last");
    expect(admission.frequency("hot")).toBe(3);
  });

  it("keeps a page from its address's second request, and once full only one asked for more often than the page it pushes out", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "page-cache-"));
    const local = loadStore(DEMO, loadSchemaSet(join(process.cwd(), "schemas")), Object.keys(registry));
    const db = openDatabase(dataDir);
    let version = 1;
    const pages = createPageService({
      store: local,
      db,
      registry,
      log: { error: (message) => expect.fail(message) },
      stock: () => Object.assign(() => 3, { prime: () => {}, held: new Map<string, number>() }),
      cache: {
        pages: createRenderCache({ entries: 2, bytes: 64 * 1024 * 1024 }),
        version: () => ({ data: version, stock: 0 }),
        admission: createAdmission(),
        stillHeld: () => true,
      },
    });
    const ask = async (address: string) => {
      const url = new URL(address, "http://localhost");
      return (await pages.renderCached({ pathname: url.pathname, query: url.searchParams, viewer: null })).cache;
    };
    const [A, B, C, D] = ["/category/shirts", "/category/shirts?sort=price-asc", "/tag/new", "/article"];
    try {
      expect([await ask(A), await ask(A), await ask(B), await ask(B)]).toEqual(["miss", "stored", "miss", "stored"]);
      // Full: C, asked for twice, does not outrank A (twice too), the least recently used.
      expect([await ask(C), await ask(C)]).toEqual(["miss", "miss"]);
      expect(await ask(A)).toBe("hit");
      // Asked for a third time, C outranks B (twice), now the least recently used, and takes its place.
      expect(await ask(C)).toBe("stored");
      expect([await ask(A), await ask(C), await ask(B)]).toEqual(["hit", "hit", "miss"]);
      // After a write the kept pages are unreachable: D, asked for twice, outranks them.
      version = 2;
      expect([await ask(D), await ask(D), await ask(D)]).toEqual(["miss", "stored", "hit"]);
    } finally {
      db.close();
      local.catalog.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("asks whether orders still hold what a page's SKUs had held only once the stock version moved, and then once", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "page-cache-"));
    const local = loadStore(DEMO, loadSchemaSet(join(process.cwd(), "schemas")), Object.keys(registry));
    const db = openDatabase(dataDir);
    let stock = 0;
    let holds = true;
    const asked: ReadonlyMap<string, number>[] = [];
    const pages = createPageService({
      store: local,
      db,
      registry,
      log: { error: (message) => expect.fail(message) },
      stock: () => Object.assign(() => 3, { prime: () => {}, held: new Map([["LINSHI-SAN-S", 2]]) }),
      cache: {
        pages: createRenderCache({ entries: 10, bytes: 64 * 1024 * 1024 }),
        version: () => ({ data: 1, stock }),
        admission: createAdmission(),
        stillHeld: (held) => {
          asked.push(held);
          return holds;
        },
      },
    });
    const ask = async () => (await pages.renderCached({ pathname: "/product/linen-shirt", query: new URLSearchParams() })).cache;
    try {
      expect([await ask(), await ask(), await ask()]).toEqual(["miss", "stored", "hit"]);
      expect(asked).toEqual([]);
      // An order of anything: the page's own SKUs are read once, and still hold.
      stock = 1;
      expect([await ask(), await ask()]).toEqual(["hit", "hit"]);
      expect(asked).toEqual([new Map([["LINSHI-SAN-S", 2]])]);
      // An order of one of its SKUs: rendered and kept again.
      stock = 2;
      holds = false;
      expect(await ask()).toBe("stored");
      holds = true;
      expect(await ask()).toBe("hit");
      expect(asked).toHaveLength(2);
    } finally {
      db.close();
      local.catalog.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("bounds its entries and bytes, least recently used first, and lets clock-bound pages expire", () => {
    const cache = createRenderCache<string>({ entries: 2, bytes: 100 });
    cache.set("a", "A", 10, Number.POSITIVE_INFINITY);
    cache.set("b", "B", 10, Number.POSITIVE_INFINITY);
    expect(cache.get("a", 0)).toBe("A");
    cache.set("c", "C", 10, Number.POSITIVE_INFINITY);
    // b was the least recently used.
    expect(cache.get("b", 0)).toBeUndefined();
    expect(cache.get("a", 0)).toBe("A");
    cache.set("d", "D", 95, Number.POSITIVE_INFINITY);
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
    cache.set("huge", "H", 101, Number.POSITIVE_INFINITY);
    expect(cache.get("huge", 0)).toBeUndefined();
    cache.set("timed", "T", 1, 1000);
    expect(cache.get("timed", 999)).toBe("T");
    expect(cache.get("timed", 1000)).toBeUndefined();
  });

  it("weighs a new entry against the least recently used live one only when full, and keeps it only when it outranks that one", () => {
    const cache = createRenderCache<string>({ entries: 2, bytes: 100 });
    const weighed: string[] = [];
    const placement = (wins: boolean) => ({
      now: 0,
      outranks: (victim: string) => {
        weighed.push(victim);
        return wins;
      },
    });
    expect(cache.set("a", "A", 10, Number.POSITIVE_INFINITY, placement(false))).toBe(true);
    expect(cache.set("b", "B", 10, 500, placement(false))).toBe(true);
    expect(weighed).toEqual([]);
    expect(cache.set("c", "C", 10, Number.POSITIVE_INFINITY, placement(false))).toBe(false);
    expect(weighed).toEqual(["a"]);
    expect([cache.get("b", 0), cache.get("a", 0), cache.get("c", 0)]).toEqual(["B", "A", undefined]);
    // Read before a, b is now the least recently used; once it has expired it goes without being weighed.
    expect(cache.set("c", "C", 10, Number.POSITIVE_INFINITY, { ...placement(false), now: 500 })).toBe(true);
    expect(weighed).toEqual(["a"]);
    expect(cache.get("c", 600)).toBe("C");
    // An entry that needs the room of two is weighed against the first, and both go.
    expect(cache.set("big", "BIG", 95, Number.POSITIVE_INFINITY, placement(true))).toBe(true);
    expect(weighed).toEqual(["a", "a"]);
    expect(cache.size()).toEqual({ entries: 1, bytes: 95 });
  });
});

describe("cacheable documents and page routes", () => {
  it("answers If-None-Match with 304 for a document and a page route, and 200 for a stale tag", async () => {
    for (const path of ["/product/linen-shirt", "/product/linen-shirt?request=route"]) {
      const first = await fetch(`${store.url}${path}`);
      const etag = first.headers.get("etag")!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      const body = await first.text();
      const again = await fetch(`${store.url}${path}`);
      expect(again.headers.get("etag")).toBe(etag);
      expect(await again.text()).toBe(body);
      const unchanged = await fetch(`${store.url}${path}`, { headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(unchanged.status).toBe(304);
      expect(await unchanged.text()).toBe("");
      expect(unchanged.headers.get("etag")).toBe(etag);
      expect(unchanged.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
      const changed = await fetch(`${store.url}${path}`, { headers: { "if-none-match": '"stale"' } });
      expect(changed.status).toBe(200);
    }
    // Not for a missing page: a 404 is never a 304.
    const missing = await fetch(`${store.url}/product/nope`);
    const tag = missing.headers.get("etag")!;
    expect((await fetch(`${store.url}/product/nope`, { headers: { "if-none-match": tag } })).status).toBe(404);
  });

  it("lets shared caches hold anonymous pages briefly, varying on what changes the answer, without a cookie", async () => {
    const document = await fetch(`${store.url}/`, { headers: { "accept-encoding": "gzip" } });
    expect(document.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    expect(document.headers.get("vary")).toBe("accept-encoding");
    expect(document.headers.get("set-cookie")).toBeNull();
    const page = await route(store.url, "/");
    expect(page.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
    expect(page.headers.get("vary")).toBe("x-hide-head, x-hide-foot, x-auth, accept-encoding");
    expect(page.headers.get("set-cookie")).toBeNull();
    // The page-route markers (visitor, referrer) are not part of the page: one entry serves them all.
    const marked = await fetch(`${store.url}/?request=route&ua=x&referer=y&cookie=someone`);
    expect(marked.headers.get("x-render-cache")).toBe("hit");
    // The page's first cart call gets the visitor an id, and runs as that visitor; other calls stay anonymous.
    const added = await fetch(`${store.url}/api/web/cart/add`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sku: "LINSHI-RUS-M", quantity: 1 }),
    });
    expect(((await added.json()) as { code: number }).code).toBe(0);
    const visitor = /^visitorId=([^;]+)/.exec(added.headers.get("set-cookie") ?? "")![1];
    expect((await store.post("cart/count", {}, { visitor })).data.count).toBe(1);
    const anonymous = await fetch(`${store.url}/api/web/newsletter/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "first-visit@example.com" }),
    });
    expect(anonymous.headers.get("set-cookie")).toBeNull();
    // A page a shared cache may not keep still hands a first-time visitor an id.
    const account = await fetch(`${store.url}/user/center`);
    expect(account.headers.get("cache-control")).toBe("no-store");
    expect(account.headers.get("set-cookie")).toMatch(/^visitorId=/);
  });

  it("keeps a shared document whole whatever x-hide-head / x-hide-foot say: they belong to page routes (issue #48)", async () => {
    const plain = await (await fetch(`${store.url}/category/shirts`)).text();
    const asked = await fetch(`${store.url}/category/shirts`, { headers: { "x-hide-head": "1", "x-hide-foot": "1" } });
    expect(asked.headers.get("cache-control")).toBe(SHARED_CACHE_CONTROL);
    // Whatever the document varies on is in Vary; these headers change nothing in it.
    expect(asked.headers.get("vary")).toBe("accept-encoding");
    const html = await asked.text();
    expect(html).toBe(plain);
    expect(html).toMatch(/<div id="page-head">\s*<[^/]/);
    expect(html).toMatch(/<div id="page-foot">\s*<[^/]/);
  });

  it("compresses a cached body once per encoding, as the client asks", async () => {
    const url = `${store.url}/product/linen-shirt`;
    await fetch(url);
    const plain = await fetch(url, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    for (const [accept, encoding] of [
      ["gzip, deflate, br", "br"],
      ["gzip;q=1, br;q=0", "gzip"],
      ["*", "br"],
      // The client's weights come before the server's preference.
      ["br;q=0.5, gzip", "gzip"],
    ]) {
      const answer = await fetch(url, { headers: { "accept-encoding": accept! } });
      expect(answer.headers.get("x-render-cache")).toBe("hit");
      expect(answer.headers.get("content-encoding"), accept).toBe(encoding);
      expect(answer.headers.get("etag")).toBe(plain.headers.get("etag"));
      expect(await answer.text()).toBe(text);
    }
  });

  it("allows exactly the document's inline style by its hash, and runs no other inline code", async () => {
    const response = await fetch(`${store.url}/`);
    const csp = response.headers.get("content-security-policy")!;
    const html = await response.text();
    const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(styles.length).toBe(1);
    const styleSrc = /style-src ([^;]*)/.exec(csp)![1]!;
    for (const style of styles) expect(styleSrc).toContain(sha256(style));
    // Every script is external ('self') or JSON data, which CSP does not run.
    for (const [, attrs] of html.matchAll(/<script([^>]*)>/g))
      expect(attrs).toMatch(/\ssrc="\/assets\/|type="application\/(json|ld\+json)"/);
    expect(/script-src ([^;]*)/.exec(csp)![1]).toBe("'self'");
  });

  it(
    "allows the dev-reload script by its hash",
    async () => {
      const dev = await startStore({ devReload: true });
      try {
        const response = await fetch(`${dev.url}/`);
        const html = await response.text();
        const script = /<script type="module">([\s\S]*?)<\/script><\/body>/.exec(html)![1]!;
        expect(script).toContain("EventSource");
        expect(/script-src ([^;]*)/.exec(response.headers.get("content-security-policy")!)![1]).toContain(sha256(script));
      } finally {
        await dev.close();
      }
    },
    START_TIMEOUT_MS,
  );
});

describe("static files", () => {
  it("answers 304 to a known ETag, ranges with 206, and caches hashed assets for good", async () => {
    const image = await fetch(`${store.url}/media/linen-shirt.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    const etag = image.headers.get("etag")!;
    const size = (await image.arrayBuffer()).byteLength;
    expect(etag).toBeTruthy();
    // fetch adds "cache-control: no-cache" to a conditional request unless one is given, and
    // the static files honour it (a reload); a browser revalidating sends max-age=0.
    const unchanged = await fetch(`${store.url}/media/linen-shirt.svg`, {
      headers: { "if-none-match": etag, "cache-control": "max-age=0" },
    });
    expect(unchanged.status).toBe(304);
    const part = await fetch(`${store.url}/media/linen-shirt.svg`, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const beyond = await fetch(`${store.url}/media/linen-shirt.svg`, { headers: { range: `bytes=${size + 10}-` } });
    expect(beyond.status).toBe(416);

    const html = await (await fetch(`${store.url}/`)).text();
    const css = /href="(\/assets\/app-[A-Z0-9]{8}\.css)"/.exec(html)![1]!;
    const asset = await fetch(store.url + css);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${store.url}/assets/manifest.json`)).status).toBe(404);
    expect((await fetch(`${store.url}/media/..%2f..%2fpackage.json`)).status).toBe(404);
    expect((await fetch(`${store.url}/media/.hidden`)).status).toBe(404);
  });
});
