// Brings the document head in line with the new page: title, description, keywords,
// canonical, language alternates, robots and Open Graph tags (the set src/server/document.ts
// writes on a first load, but for JSON-LD), and <html lang> of the page's language.
import type { PageMeta } from "../../../generated/types";

function setMeta(doc: Document, attr: "name" | "property", key: string, content: string | undefined) {
  let el = doc.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (content === undefined) {
    el?.remove();
    return;
  }
  if (!el) {
    el = doc.createElement("meta");
    el.setAttribute(attr, key);
    doc.head.appendChild(el);
  }
  el.setAttribute("content", content);
}

function setCanonical(doc: Document, href: string | undefined) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (href === undefined) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement("link");
    link.rel = "canonical";
    doc.head.appendChild(link);
  }
  link.setAttribute("href", href);
}

/** The language alternates: the old page's go, the new page's come (none on a noindex page). */
function setAlternates(doc: Document, alternates: PageMeta["alternates"]) {
  for (const link of doc.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  for (const { hreflang, href } of alternates ?? []) {
    const link = doc.createElement("link");
    link.rel = "alternate";
    link.hreflang = hreflang;
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * The page's JSON-LD describes the first page only: the page-route answer does not carry
 * it, and a stale description is worse than none. Crawlers load every page in full.
 */
function dropStructuredData(doc: Document) {
  for (const script of doc.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
}

export function applyHead(doc: Document, meta: PageMeta, lang: string): void {
  // Setting lang, even to the same value, restyles the whole document (every :lang() may change).
  if (doc.documentElement.lang !== lang) doc.documentElement.lang = lang;
  doc.title = meta.title;
  setMeta(doc, "name", "description", meta.description);
  setMeta(doc, "name", "keywords", meta.keywords);
  setMeta(doc, "name", "robots", meta.robots);
  setCanonical(doc, meta.canonical);
  setAlternates(doc, meta.alternates);
  dropStructuredData(doc);
  setMeta(doc, "property", "og:url", meta.canonical);
  setMeta(doc, "property", "og:title", meta.ogTitle ?? meta.title);
  setMeta(doc, "property", "og:description", meta.ogDescription ?? meta.description);
  setMeta(doc, "property", "og:image", meta.ogImage);
  setMeta(doc, "property", "og:type", meta.ogType ?? "website");
}
