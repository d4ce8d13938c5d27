// @vitest-environment node
// /sitemap.xml, /sitemaps/{kind}.xml and /robots.txt (issue #15): well-formed XML of the
// sitemap protocol, every public product, category, article and page once per published
// prefix with its hreflang alternates, numbered parts beyond the protocol's limits, and a
// robots.txt that names the sitemap and keeps crawlers out of the shopper's own pages.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSitemaps, SITEMAP_LIMITS } from "../../../src/server/seo/sitemap";
import { withPrefix } from "../../../src/shared/language-prefix";
import { PREFIXES } from "../../../src/shared/languages";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const DEMO = join(process.cwd(), "fixtures/demo-store");
const PUBLIC_URL = "https://shop.example";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
/** The default (English, no prefix), zh and zh-HK: the three message languages. */
const PUBLISHED = [null, "zh", "zh-HK"] as const;

let store: TestStore;
// A copy of the demo store whose account area lives under /account, behind PUBLIC_URL.
let movedStore: TestStore;
let movedDir: string;
beforeAll(async () => {
  movedDir = mkdtempSync(join(tmpdir(), "seo-sitemaps-"));
  cpSync(DEMO, movedDir, { recursive: true });
  const configFile = join(movedDir, "config.json");
  const config = JSON.parse(readFileSync(configFile, "utf8"));
  config.router.userPath = "account";
  writeFileSync(configFile, JSON.stringify(config));
  [store, movedStore] = await Promise.all([startStore(), startStore({ storeDir: movedDir, publicUrl: PUBLIC_URL })]);
}, START_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([store.close(), movedStore.close()]);
  rmSync(movedDir, { recursive: true, force: true });
}, START_TIMEOUT_MS);

// A strict parser of the sitemaps' XML: no XML package is installed, and a lenient DOM parser
// would accept what a crawler refuses.
interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function characterData(raw: string, at: number): string {
  // A raw "<", or an "&" that starts no predefined entity, is not well-formed.
  if (/<|&(?!(amp|lt|gt|quot|apos);)/.test(raw)) throw new Error(`not well-formed character data at ${at}: ${raw.slice(0, 80)}`);
  return raw.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!);
}

function parseXml(source: string): XmlElement {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/.exec(source);
  if (!declaration) throw new Error("missing the XML declaration");
  let i = declaration[0].length;
  const element = (): XmlElement => {
    const open = /<([A-Za-z_][\w.:-]*)/y;
    open.lastIndex = i;
    const tag = open.exec(source);
    if (!tag) throw new Error(`expected an element at ${i}`);
    const name = tag[1]!;
    i = open.lastIndex;
    const attrs: Record<string, string> = {};
    const attr = /\s+([A-Za-z_][\w.:-]*)="([^"]*)"/y;
    for (;;) {
      attr.lastIndex = i;
      const m = attr.exec(source);
      if (!m) break;
      if (Object.hasOwn(attrs, m[1]!)) throw new Error(`attribute ${m[1]} twice at ${i}`);
      attrs[m[1]!] = characterData(m[2]!, i);
      i = attr.lastIndex;
    }
    if (source.startsWith("/>", i)) {
      i += 2;
      return { name, attrs, children: [], text: "" };
    }
    if (source[i] !== ">") throw new Error(`unterminated start tag <${name} at ${i}`);
    i += 1;
    const children: XmlElement[] = [];
    let text = "";
    for (;;) {
      const next = source.indexOf("<", i);
      if (next < 0) throw new Error(`<${name}> is never closed`);
      text += characterData(source.slice(i, next), i);
      i = next;
      if (source.startsWith(`</${name}>`, i)) {
        i += name.length + 3;
        return { name, attrs, children, text };
      }
      if (source.startsWith("</", i)) throw new Error(`mismatched end tag at ${i} inside <${name}>`);
      children.push(element());
    }
  };
  const root = element();
  if (source.slice(i).trim() !== "") throw new Error(`content after the root element at ${i}`);
  return root;
}

const named = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

describe("the XML parser of these tests", () => {
  it("refuses what is not well-formed", () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    expect(() => parseXml(`${head}<a><b></a></b>`)).toThrow(/mismatched/);
    expect(() => parseXml(`${head}<a>x & y</a>`)).toThrow(/character data/);
    expect(() => parseXml(`${head}<a x="1" x="2"/>`)).toThrow(/twice/);
    expect(() => parseXml(`${head}<a/><b/>`)).toThrow(/after the root/);
    expect(parseXml(`${head}<a x="&amp;"><b>1 &lt; 2</b></a>`)).toEqual({
      name: "a",
      attrs: { x: "&" },
      text: "",
      children: [{ name: "b", attrs: {}, children: [], text: "1 < 2" }],
    });
  });
});

/** Each <url> of a sitemap: its loc and its alternates as [hreflang, href]. */
function urlsOf(xml: string) {
  const root = parseXml(xml);
  expect(root.name).toBe("urlset");
  expect(root.attrs).toEqual({ xmlns: SITEMAP_NS, "xmlns:xhtml": XHTML_NS });
  return root.children.map((url) => {
    expect(url.name).toBe("url");
    const [loc, ...moreLocs] = named(url, "loc");
    expect(moreLocs).toEqual([]);
    const alternates = named(url, "xhtml:link").map((link) => {
      expect(link.attrs.rel).toBe("alternate");
      return [link.attrs.hreflang!, link.attrs.href!] as [string, string];
    });
    expect(url.children.length).toBe(1 + alternates.length);
    return { loc: loc!.text, alternates };
  });
}

async function get(url: string) {
  const response = await fetch(url);
  return { response, text: await response.text() };
}

/** The sitemap index's files, each file's URLs, fetched and parsed. */
async function allSitemaps(base: string, origin: string) {
  const { response, text } = await get(`${base}/sitemap.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
  const index = parseXml(text);
  expect(index.name).toBe("sitemapindex");
  expect(index.attrs).toEqual({ xmlns: SITEMAP_NS });
  const files = new Map<string, ReturnType<typeof urlsOf>>();
  for (const sitemap of index.children) {
    expect(sitemap.name).toBe("sitemap");
    const loc = named(sitemap, "loc")[0]!.text;
    expect(loc).toMatch(new RegExp(`^${origin.replace(/\./g, "\\.")}/sitemaps/[a-z-]+(-\\d+)?\\.xml$`));
    const file = await get(base + new URL(loc).pathname);
    expect(file.response.status).toBe(200);
    expect(file.response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(file.response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    files.set(new URL(loc).pathname.slice("/sitemaps/".length), urlsOf(file.text));
  }
  return files;
}

/** The locs a kind must list: each path under each published prefix. */
const expectedLocs = (origin: string, paths: string[]) =>
  paths.flatMap((path) => PUBLISHED.map((prefix) => origin + withPrefix(prefix, path))).sort();

describe("sitemaps", () => {
  it("the index names one sitemap per kind, and each lists every public page once per published prefix", async () => {
    const catalog = store.server.store;
    const files = await allSitemaps(store.url, store.url);
    expect([...files.keys()].sort()).toEqual([
      "articles.xml",
      "categories.xml",
      "collections.xml",
      "pages.xml",
      "products.xml",
      "tags.xml",
    ]);
    const locs = (file: string) =>
      files
        .get(file)!
        .map((u) => u.loc)
        .sort();
    expect(locs("products.xml")).toEqual(
      expectedLocs(
        store.url,
        catalog.products.map((p) => `/product/${p.slug}`),
      ),
    );
    expect(locs("products.xml")).toHaveLength(catalog.products.length * 3);
    expect(locs("categories.xml")).toEqual(
      expectedLocs(
        store.url,
        catalog.categories.map((c) => `/category/${c.slug}`),
      ),
    );
    expect(locs("articles.xml")).toEqual(
      expectedLocs(
        store.url,
        catalog.articles.map((a) => `/article/${a.slug}`),
      ),
    );
    const pagePaths = catalog.pages.map((p) => ((p.folder ?? "page") === "page" ? `/page/${p.slug}` : `/${p.folder}/${p.slug}`));
    expect(locs("pages.xml")).toEqual(expectedLocs(store.url, ["/", ...pagePaths]));
    expect(locs("collections.xml")).toEqual(
      expectedLocs(
        store.url,
        catalog.collections.map((c) => `/collection/${c.slug}`),
      ),
    );
    expect(locs("tags.xml")).toEqual(
      expectedLocs(
        store.url,
        catalog.tags.map((t) => `/tag/${t.slug}`),
      ),
    );
    // Once each, across every sitemap.
    const every = [...files.values()].flat().map((u) => u.loc);
    expect(new Set(every).size).toBe(every.length);
  });

  it("every address has the 16 alternates, and is the canonical address its page names", async () => {
    for (const urls of (await allSitemaps(store.url, store.url)).values()) {
      for (const { loc, alternates } of urls) {
        expect(loc.startsWith(`${store.url}/`), loc).toBe(true);
        expect(alternates.map(([hreflang]) => hreflang)).toEqual([...PREFIXES, "x-default"]);
        expect(alternates).toContainEqual(["x-default", alternates.find(([h]) => h === "en")![1]]);
        const html = await (await fetch(loc)).text();
        expect(html, loc).toContain(`<link rel="canonical" href="${loc}">`);
        for (const [hreflang, href] of alternates) {
          expect(html, loc).toContain(`<link rel="alternate" hreflang="${hreflang}" href="${href}">`);
        }
      }
    }
  }, 120_000);

  it("PUBLIC_URL names the origin of the index and every address", async () => {
    const files = await allSitemaps(movedStore.url, PUBLIC_URL);
    for (const urls of files.values()) {
      for (const { loc, alternates } of urls) {
        expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);
        for (const [, href] of alternates) expect(href.startsWith(`${PUBLIC_URL}/`), href).toBe(true);
      }
    }
  });

  it("answers 404 for a sitemap that does not exist", async () => {
    for (const file of ["nothing.xml", "products-2.xml", "products-1.xml"]) {
      expect((await fetch(`${store.url}/sitemaps/${file}`)).status, file).toBe(404);
    }
  });

  it("keeps the protocol's 50,000 addresses and 50 MiB per sitemap", () => {
    expect(SITEMAP_LIMITS).toEqual({ urls: 50_000, bytes: 50 * 1024 * 1024 });
  });

  it("splits a kind beyond the limits into numbered parts that together list it once", () => {
    const catalog = store.server.store;
    const whole = buildSitemaps(catalog, PUBLIC_URL);
    const split = buildSitemaps(catalog, PUBLIC_URL, { urls: 50, bytes: SITEMAP_LIMITS.bytes });
    // 48 products × 3 prefixes = 144 addresses: 50 + 50 + 44.
    const productFiles = [...split.files.keys()].filter((f) => f.startsWith("products"));
    expect(productFiles).toEqual(["products.xml", "products-2.xml", "products-3.xml"]);
    expect(productFiles.map((f) => urlsOf(split.files.get(f)!).length)).toEqual([50, 50, 44]);
    const index = parseXml(split.index).children.map((s) => named(s, "loc")[0]!.text);
    for (const file of split.files.keys()) expect(index).toContain(`${PUBLIC_URL}/sitemaps/${file}`);
    expect(productFiles.flatMap((f) => urlsOf(split.files.get(f)!))).toEqual(urlsOf(whole.files.get("products.xml")!));
    // The byte limit splits too: no part is larger than it.
    const bytes = 20_000;
    const small = buildSitemaps(catalog, PUBLIC_URL, { urls: SITEMAP_LIMITS.urls, bytes });
    const smallProducts = [...small.files].filter(([f]) => f.startsWith("products"));
    expect(smallProducts.length).toBeGreaterThan(1);
    for (const [, xml] of smallProducts) expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(bytes);
    expect(smallProducts.flatMap(([, xml]) => urlsOf(xml))).toEqual(urlsOf(whole.files.get("products.xml")!));
  });
});

describe("robots.txt", () => {
  async function robots(base: string) {
    const { response, text } = await get(`${base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    // A cacheable answer sets no visitor cookie.
    expect(response.headers.get("set-cookie")).toBeNull();
    return text.split("\n");
  }

  it("names the sitemap index and keeps crawlers out of the account, auth, cart, checkout and page-route answers", async () => {
    const lines = await robots(store.url);
    expect(lines[0]).toBe("User-agent: *");
    expect(lines).toContain(`Sitemap: ${store.url}/sitemap.xml`);
    for (const prefix of [null, ...PREFIXES]) {
      for (const area of ["/user/", "/auth/", "/cart$", "/cart?", "/checkout/"]) {
        expect(lines).toContain(`Disallow: ${withPrefix(prefix, area)}`);
      }
    }
    expect(lines).toContain("Disallow: /*?*request=route");
    // Nothing a shopper should find is hidden.
    for (const line of lines.filter((l) => l.startsWith("Disallow: "))) {
      expect(line).toMatch(
        /^Disallow: (\/[A-Za-z-]+)?\/(user\/|auth\/|cart\$|cart\?|checkout\/)$|^Disallow: \/\*\?\*request=route$/,
      );
    }
  });

  it("follows the router config's userPath and PUBLIC_URL", async () => {
    const lines = await robots(movedStore.url);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect(lines).toContain("Disallow: /account/");
    expect(lines).toContain("Disallow: /zh-HK/account/");
    expect(lines).not.toContain("Disallow: /user/");
  });
});
