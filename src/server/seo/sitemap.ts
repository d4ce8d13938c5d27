// The sitemaps: an index (/sitemap.xml) naming one sitemap per kind of page
// (/sitemaps/products.xml, …), each listing every public page of its kind once per published
// prefix, with the page's hreflang alternates. A kind beyond the protocol's limits (50,000
// addresses, 50 MiB) is split into numbered parts: products.xml, products-2.xml, …
import { createLinks } from "../pages/links";
import type { Store } from "../store/load";
import { alternatesOf, localized, PUBLISHED_PREFIXES, storePagePath } from "./page-urls";

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };
export type SitemapLimits = typeof SITEMAP_LIMITS;

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** Every public page's canonical path (no prefix), by kind; the same paths the pages name as canonical. */
export function sitemapPaths(store: Store): Record<string, string[]> {
  const links = createLinks(store.config.router, null);
  return {
    pages: ["/", ...store.pages.map((page) => storePagePath(links, page))],
    products: store.products.map((p) => links.product(p.slug)),
    categories: store.categories.map((c) => links.category(c.slug)),
    collections: store.collections.map((c) => links.collection(c.slug)),
    tags: store.tags.map((t) => links.tag(t.slug)),
    articles: store.articles.map((a) => links.article(a.slug)),
  };
}

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;
const URLSET_CLOSE = "</urlset>\n";

function urlEntry(origin: string, loc: string, path: string): string {
  const alternates = alternatesOf(origin, path)
    .map((alt) => `<xhtml:link rel="alternate" hreflang="${xml(alt.hreflang)}" href="${xml(alt.href)}"/>`)
    .join("");
  return `<url><loc>${xml(loc)}</loc>${alternates}</url>\n`;
}

/** The name of a kind's nth part (from 1): the first keeps the plain name, so it never moves. */
export function sitemapFile(kind: string, part: number): string {
  return part === 1 ? `${kind}.xml` : `${kind}-${part}.xml`;
}

export interface Sitemaps {
  index: string;
  /** Each sitemap's XML by file name. */
  files: Map<string, string>;
}

export function buildSitemaps(store: Store, origin: string, limits: SitemapLimits = SITEMAP_LIMITS): Sitemaps {
  const files = new Map<string, string>();
  const frame = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  for (const [kind, paths] of Object.entries(sitemapPaths(store))) {
    let entries: string[] = [];
    let bytes = frame;
    let part = 0;
    const flush = () => {
      if (entries.length === 0) return;
      part += 1;
      files.set(sitemapFile(kind, part), URLSET_OPEN + entries.join("") + URLSET_CLOSE);
      entries = [];
      bytes = frame;
    };
    for (const path of paths) {
      for (const prefix of PUBLISHED_PREFIXES) {
        const entry = urlEntry(origin, origin + localized(prefix, path), path);
        const size = Buffer.byteLength(entry);
        if (entries.length >= limits.urls || bytes + size > limits.bytes) flush();
        entries.push(entry);
        bytes += size;
      }
    }
    flush();
  }
  const index = [...files.keys()].map((file) => `<sitemap><loc>${xml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`).join("");
  return {
    index: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${index}</sitemapindex>\n`,
    files,
  };
}
