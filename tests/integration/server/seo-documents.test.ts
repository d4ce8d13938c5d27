// @vitest-environment node
// Search-engine and preview metadata of the documents (issue #15): absolute canonical and
// Open Graph addresses, hreflang alternates under every prefix, JSON-LD for Google's product,
// breadcrumb and article rich results (escaped; data, so no CSP source), and noindex on a
// shopper's own pages; PUBLIC_URL names the origin.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app";
import { storeFor } from "../../../src/server/store/localize";
import { withPrefix } from "../../../src/shared/language-prefix";
import { PREFIXES, type Prefix } from "../../../src/shared/languages";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const DEMO = join(process.cwd(), "fixtures/demo-store");
const PUBLIC_URL = "https://shop.example";
const BREAKOUT = "Linen </script><script>alert(1)</script> Shirt";

let store: TestStore;
// A copy of the demo store behind PUBLIC_URL, with a product title that tries to end its script.
let publicStore: TestStore;
let publicDir: string;
beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), "seo-store-"));
  cpSync(DEMO, publicDir, { recursive: true });
  const productsFile = join(publicDir, "products.json");
  const products = JSON.parse(readFileSync(productsFile, "utf8"));
  products.items[0].title = BREAKOUT;
  writeFileSync(productsFile, JSON.stringify(products));
  [store, publicStore] = await Promise.all([startStore(), startStore({ storeDir: publicDir, publicUrl: `${PUBLIC_URL}/` })]);
}, START_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([store.close(), publicStore.close()]);
  rmSync(publicDir, { recursive: true, force: true });
}, START_TIMEOUT_MS);

/** The attributes of every head tag of this name whose `attr` is `value`. */
function headTags(html: string, tag: "link" | "meta", attr: string, value: string): Record<string, string>[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(new RegExp(`<${tag}\\s[^>]*>`, "g"))]
    .map((m) => Object.fromEntries([...m[0].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])))
    .filter((attrs) => attrs[attr] === value);
}

type Ld = Record<string, unknown>;

/** Every JSON-LD script of the document, parsed, with its nonce. */
function jsonLd(html: string): { nonce: string | undefined; data: Ld }[] {
  return [...html.matchAll(/<script type="application\/ld\+json"(?: nonce="([^"]*)")?>(.*?)<\/script>/gs)].map((m) => ({
    nonce: m[1],
    data: JSON.parse(m[2]!) as Ld,
  }));
}

const ofType = (html: string, type: string) =>
  jsonLd(html)
    .filter((s) => s.data["@type"] === type)
    .map((s) => s.data);

async function page(url: string) {
  const response = await fetch(url);
  return { response, html: await response.text() };
}

/** The head's canonical, og:url, og:image and alternates. */
function headLinks(html: string) {
  return {
    canonical: headTags(html, "link", "rel", "canonical").map((l) => l.href),
    ogUrl: headTags(html, "meta", "property", "og:url").map((m) => m.content),
    ogImage: headTags(html, "meta", "property", "og:image").map((m) => m.content),
    alternates: headTags(html, "link", "rel", "alternate").map((l) => [l.hreflang, l.href]),
  };
}

const isAbsolute = (value: unknown, origin: string) => typeof value === "string" && value.startsWith(`${origin}/`);

/** What the alternates of the page at `path` (no prefix) must be: 15 prefixes (en without one) and x-default. */
const expectedAlternates = (origin: string, path: string) => [
  ...PREFIXES.map((p: Prefix) => [p, origin + withPrefix(p === "en" ? null : p, path)]),
  ["x-default", origin + path],
];

describe("canonical, Open Graph and hreflang", () => {
  it.each([
    ["/", "/"],
    ["/category/shirts", "/category/shirts"],
    ["/product/linen-shirt", "/product/linen-shirt"],
    ["/article/caring-for-linen", "/article/caring-for-linen"],
  ])("the document of %s names its absolute addresses and 16 alternates", async (path, canonicalPath) => {
    const { html } = await page(store.url + path);
    const links = headLinks(html);
    expect(links.canonical).toEqual([store.url + canonicalPath]);
    expect(links.ogUrl).toEqual(links.canonical);
    expect(links.ogImage).toHaveLength(1);
    expect(isAbsolute(links.ogImage[0], store.url), links.ogImage[0]).toBe(true);
    expect(links.alternates).toHaveLength(16);
    expect(links.alternates).toEqual(expectedAlternates(store.url, canonicalPath));
  });

  it.each([
    ["/zh-HK/product/linen-shirt", "/zh-HK/product/linen-shirt"],
    ["/zh-hk/product/linen-shirt", "/zh-HK/product/linen-shirt"],
    ["/en/product/linen-shirt", "/product/linen-shirt"],
    ["/zh", "/zh"],
    ["/linen-shirt", "/product/linen-shirt"],
    ["/brand/shirts", "/category/shirts"],
    ["/about", "/page/about"],
    ["/page/contact", "/root/contact"],
    ["/category/shirts?sort=price-asc&page=1&utm_source=x", "/category/shirts"],
    ["/collection/sale?sort=price-asc&page=2&utm_source=x", "/collection/sale?page=2"],
    ["/product/linen-shirt/LINSHI-RUS-M", "/product/linen-shirt/LINSHI-RUS-M"],
  ])("%s names %s as its canonical address", async (path, canonical) => {
    const { html } = await page(store.url + path);
    expect(headLinks(html).canonical).toEqual([store.url + canonical]);
  });

  it("the page-route answer carries the same addresses for the client router", async () => {
    const body = await (await fetch(`${store.url}/zh/article/caring-for-linen?request=route`)).json();
    expect(body.data.meta.canonical).toBe(`${store.url}/zh/article/caring-for-linen`);
    expect(body.data.meta.alternates).toEqual(
      expectedAlternates(store.url, "/article/caring-for-linen").map(([hreflang, href]) => ({ hreflang, href })),
    );
  });

  it.each([
    "/cart",
    "/zh/cart",
    "/checkout/cart",
    "/checkout/thankyou",
    "/user/center",
    "/user/order",
    "/user/order/SO123456",
    "/auth/signin",
    "/auth/signup",
    "/auth/forget",
    "/search?q=linen",
    "/no-such-page",
  ])("%s is noindex, with no canonical, alternates or JSON-LD", async (path) => {
    const { html } = await page(store.url + path);
    expect(headTags(html, "meta", "name", "robots")[0]?.content).toMatch(/\bnoindex\b/);
    const links = headLinks(html);
    expect([links.canonical, links.ogUrl, links.alternates]).toEqual([[], [], []]);
    expect(jsonLd(html)).toEqual([]);
  });

  it("PUBLIC_URL names the origin of every address, whatever the request's host", async () => {
    const { html } = await page(`${publicStore.url}/zh/category/shirts`);
    const links = headLinks(html);
    expect(links.canonical).toEqual([`${PUBLIC_URL}/zh/category/shirts`]);
    expect(links.ogUrl).toEqual([`${PUBLIC_URL}/zh/category/shirts`]);
    expect(isAbsolute(links.ogImage[0], PUBLIC_URL)).toBe(true);
    expect(links.alternates).toEqual(expectedAlternates(PUBLIC_URL, "/category/shirts"));
    const ld = jsonLd(html).map((s) => JSON.stringify(s.data));
    expect(ld.join("")).not.toContain(publicStore.url);
    expect(ld.join("")).toContain(`${PUBLIC_URL}/zh/category/shirts`);
  });

  it("without PUBLIC_URL the request's host is used only when it is a plain host name", async () => {
    const inject = (host: string) => store.server.app.inject({ method: "GET", url: "/product/linen-shirt", headers: { host } });
    expect(headLinks((await inject("shop.test:8080")).body).canonical).toEqual(["http://shop.test:8080/product/linen-shirt"]);
    const odd = (await inject('x"><script>alert(1)</script>')).body;
    expect(headLinks(odd).canonical).toEqual(["http://localhost/product/linen-shirt"]);
    expect(odd).not.toContain("alert(1)");
  });

  it("refuses a PUBLIC_URL that is not an origin", async () => {
    // It is checked before anything opens, so no database is created for a refused start.
    const dataDir = join(publicDir, "never-created");
    for (const publicUrl of ["shop.example", "ftp://shop.example", "https://shop.example/store", "https://shop.example/?a=1"]) {
      await expect(buildApp({ publicUrl, dataDir }), publicUrl).rejects.toThrow(/PUBLIC_URL/);
    }
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe("JSON-LD", () => {
  const GOOGLE_AVAILABILITY = new Set(
    ["InStock", "OutOfStock", "BackOrder", "PreOrder", "LimitedAvailability", "SoldOut", "Discontinued"].map(
      (a) => `https://schema.org/${a}`,
    ),
  );

  /** Google's breadcrumb rich result: positions 1…n, a name and an absolute item each; the last is the page. */
  function checkBreadcrumb(html: string, origin: string, names: string[]) {
    const [crumbs, ...more] = ofType(html, "BreadcrumbList");
    expect(more).toEqual([]);
    expect(crumbs!["@context"]).toBe("https://schema.org");
    const items = crumbs!.itemListElement as Ld[];
    expect(items.map((i) => i.name)).toEqual(names);
    items.forEach((item, i) => {
      expect(item["@type"]).toBe("ListItem");
      expect(item.position).toBe(i + 1);
      expect(isAbsolute(item.item, origin), String(item.item)).toBe(true);
    });
    expect(items.at(-1)!.item).toBe(headLinks(html).canonical[0]);
  }

  it("every script parses, and carries no nonce (data, which CSP does not run; the cached body serves everyone)", async () => {
    const { html } = await page(`${store.url}/product/linen-shirt`);
    const scripts = jsonLd(html);
    expect(scripts.length).toBe(2);
    for (const script of scripts) expect(script.nonce).toBeUndefined();
  });

  it("every product page: Product with name, image, offers (price, currency, availability, url) and a rating when reviewed", async () => {
    const catalog = store.server.store;
    for (const product of catalog.products) {
      const { html } = await page(`${store.url}/product/${product.slug}`);
      const [item, ...more] = ofType(html, "Product");
      expect(more, product.slug).toEqual([]);
      expect(item!["@context"]).toBe("https://schema.org");
      expect(item!.name).toBe(product.title);
      expect(item!.url).toBe(`${store.url}/product/${product.slug}`);
      const images = item!.image as string[];
      expect(images.length).toBeGreaterThan(0);
      for (const image of images) expect(isAbsolute(image, store.url), image).toBe(true);
      const offers = item!.offers as Ld[];
      expect(offers.map((o) => o.sku)).toEqual(product.variants.map((v) => v.sku));
      for (const [i, offer] of offers.entries()) {
        expect(offer["@type"]).toBe("Offer");
        expect(offer.price).toBe(product.variants[i]!.price);
        expect(offer.priceCurrency).toBe("USD");
        expect(GOOGLE_AVAILABILITY.has(offer.availability as string), String(offer.availability)).toBe(true);
        expect(offer.url).toBe(`${store.url}/product/${product.slug}/${product.variants[i]!.sku}`);
      }
      const reviews = catalog.reviews.filter((r) => r.product === product.slug);
      if (reviews.length === 0) {
        expect(item!.aggregateRating, product.slug).toBeUndefined();
      } else {
        const rating = item!.aggregateRating as Ld;
        expect(rating["@type"]).toBe("AggregateRating");
        expect(rating.reviewCount).toBe(reviews.length);
        expect(rating.ratingValue).toBeCloseTo(reviews.reduce((a, r) => a + r.score, 0) / reviews.length, 1);
        expect(rating.ratingValue as number).toBeGreaterThanOrEqual(1);
        expect(rating.ratingValue as number).toBeLessThanOrEqual(5);
      }
      const category = catalog.categories.find((c) => c.slug === product.category)!;
      checkBreadcrumb(html, store.url, ["Demo Store", category.name, product.title]);
    }
  });

  it("a variant out of stock is offered as OutOfStock, one in stock as InStock", async () => {
    const { html } = await page(`${store.url}/product/linen-shirt`);
    const offers = ofType(html, "Product")[0]!.offers as Ld[];
    expect(offers.find((o) => o.sku === "LINSHI-SAN-L")!.availability).toBe("https://schema.org/OutOfStock");
    expect(offers.find((o) => o.sku === "LINSHI-SAN-M")!.availability).toBe("https://schema.org/InStock");
  });

  it("every category page: a breadcrumb from home", async () => {
    for (const category of store.server.store.categories) {
      const { html } = await page(`${store.url}/category/${category.slug}`);
      checkBreadcrumb(html, store.url, ["Demo Store", category.name]);
    }
  });

  it("every article page: Article with headline, image, author and date, and a breadcrumb", async () => {
    // The page is in Traditional Chinese, and so are the store texts it names.
    for (const article of storeFor(store.server.localizedStore, "zh-HK").articles) {
      const { html } = await page(`${store.url}/zh-HK/article/${article.slug}`);
      const [item, ...more] = ofType(html, "Article");
      expect(more).toEqual([]);
      expect(item!["@context"]).toBe("https://schema.org");
      expect(item!.headline).toBe(article.title);
      expect((item!.headline as string).length).toBeLessThanOrEqual(110);
      if (article.thumbnail) expect(item!.image).toEqual([store.url + article.thumbnail]);
      expect(item!.author).toEqual([{ "@type": "Person", name: article.author }]);
      if (article.publishedAt) expect(item!.datePublished).toBe(article.publishedAt);
      expect(item!.mainEntityOfPage).toBe(`${store.url}/zh-HK/article/${article.slug}`);
      checkBreadcrumb(html, store.url, ["示範商店", article.title]);
    }
  });

  it("home: Organization, and WebSite with the search box under the page's prefix", async () => {
    for (const [path, home, name] of [
      ["/", "/", "Demo Store"],
      ["/zh", "/zh", "示例商店"],
    ] as const) {
      const { html } = await page(store.url + path);
      const [organization] = ofType(html, "Organization");
      expect(organization).toEqual({
        "@context": "https://schema.org",
        "@type": "Organization",
        name,
        url: store.url + home,
      });
      const [site] = ofType(html, "WebSite");
      expect(site!.url).toBe(store.url + home);
      expect(site!.potentialAction).toEqual({
        "@type": "SearchAction",
        target: {
          "@type": "EntryPoint",
          urlTemplate: `${store.url}${withPrefix(path === "/" ? null : "zh", "/search")}?q={search_term_string}`,
        },
        "query-input": "required name=search_term_string",
      });
    }
  });

  it("data holding </script> stays inside its script, escaped as the initial data is", async () => {
    const { html } = await page(`${publicStore.url}/product/linen-shirt`);
    expect(html).not.toContain("<script>alert(1)");
    expect(ofType(html, "Product")[0]!.name).toBe(BREAKOUT);
    expect(ofType(html, "BreadcrumbList")[0]!.itemListElement).toContainEqual(expect.objectContaining({ name: BREAKOUT }));
  });
});
