// The sitemaps: an index (/sitemap.xml) naming one sitemap per kind of page
// (/sitemaps/products.xml, …), each listing every public page of its kind once per published
// prefix, with the page's hreflang alternates. A kind beyond the protocol's limits (50,000
// addresses, 50 MiB) is split into numbered parts: products.xml, products-2.xml, …
// Products are read from the catalog as they are listed, and a part's XML is written when it
// is asked for, so 50,000 products never sit in memory as addresses or as XML.
import { createLinks } from "../pages/links";
import type { Store } from "../store/load";
import { alternatesOf, localized, PUBLISHED_PREFIXES, storePagePath } from "./page-urls";

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };
export type SitemapLimits = typeof SITEMAP_LIMITS;

/** Entries per piece of a streamed sitemap: large enough to write few chunks, small enough to hold little. */
const STREAM_BATCH = 500;

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const XHTML_NS = "http://www.w3.org/1999/xhtml";

/** Every public page's canonical path (no prefix), by kind, read anew at each call; the same paths the pages name as canonical. */
export function sitemapPaths(store: Store): Record<string, () => Iterable<string>> {
  const links = createLinks(store.config.router, null);
  return {
    pages: () => ["/", ...store.pages.map((page) => storePagePath(links, page))],
    products: function* () {
      for (const slug of store.catalog.slugs()) yield links.product(slug);
    },
    categories: () => store.categories.map((c) => links.category(c.slug)),
    collections: () => store.collections.map((c) => links.collection(c.slug)),
    tags: () => store.tags.map((t) => links.tag(t.slug)),
    articles: () => store.articles.map((a) => links.article(a.slug)),
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

/** The sitemaps' files by name, each written when read. */
export interface SitemapFiles extends Iterable<[string, string]> {
  keys(): IterableIterator<string>;
  get(file: string): string | undefined;
  /** A file's XML in pieces, written as they are read (a response streams it); undefined when there is no such file. */
  stream(file: string): Iterable<string> | undefined;
}

export interface Sitemaps {
  index: string;
  /** Each sitemap's XML by file name. */
  files: SitemapFiles;
}

/** Which entries of a kind a part holds: `count` from the `start`th. */
interface Part {
  kind: string;
  start: number;
  count: number;
}

export function buildSitemaps(store: Store, origin: string, limits: SitemapLimits = SITEMAP_LIMITS): Sitemaps {
  const kinds = sitemapPaths(store);
  function* entriesOf(kind: string): Generator<string> {
    for (const path of kinds[kind]!()) {
      for (const prefix of PUBLISHED_PREFIXES) yield urlEntry(origin, origin + localized(prefix, path), path);
    }
  }
  // The parts are planned once (sizes counted, no XML kept); each is written again when asked for.
  const parts = new Map<string, Part>();
  const frame = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  for (const kind of Object.keys(kinds)) {
    let part: Part | undefined;
    let bytes = frame;
    let n = 0;
    let numbered = 0;
    for (const entry of entriesOf(kind)) {
      const size = Buffer.byteLength(entry);
      if (!part || part.count >= limits.urls || bytes + size > limits.bytes) {
        part = { kind, start: n, count: 0 };
        numbered += 1;
        parts.set(sitemapFile(kind, numbered), part);
        bytes = frame;
      }
      part.count += 1;
      bytes += size;
      n += 1;
    }
  }
  function* pieces(part: Part): Generator<string> {
    yield URLSET_OPEN;
    let batch: string[] = [];
    let n = 0;
    for (const entry of entriesOf(part.kind)) {
      if (n >= part.start + part.count) break;
      if (n >= part.start) batch.push(entry);
      n += 1;
      if (batch.length === STREAM_BATCH) {
        yield batch.join("");
        batch = [];
      }
    }
    yield batch.join("") + URLSET_CLOSE;
  }
  const write = (part: Part): string => [...pieces(part)].join("");
  const files: SitemapFiles = {
    keys: () => parts.keys(),
    get: (file) => {
      const part = parts.get(file);
      return part ? write(part) : undefined;
    },
    stream: (file) => {
      const part = parts.get(file);
      return part ? pieces(part) : undefined;
    },
    *[Symbol.iterator]() {
      for (const [file, part] of parts) yield [file, write(part)];
    },
  };
  const index = [...parts.keys()].map((file) => `<sitemap><loc>${xml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`).join("");
  return {
    index: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${index}</sitemapindex>\n`,
    files,
  };
}
