// Brings the document head in line with the new page: title, description, keywords,
// canonical, robots and Open Graph tags (the same set src/server/document.ts writes on a
// first load), and <html lang> of the page's language.
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

export function applyHead(doc: Document, meta: PageMeta, lang: string): void {
  doc.documentElement.lang = lang;
  doc.title = meta.title;
  setMeta(doc, "name", "description", meta.description);
  setMeta(doc, "name", "keywords", meta.keywords);
  setMeta(doc, "name", "robots", meta.robots);
  setCanonical(doc, meta.canonical);
  setMeta(doc, "property", "og:title", meta.ogTitle ?? meta.title);
  setMeta(doc, "property", "og:description", meta.ogDescription ?? meta.description);
  setMeta(doc, "property", "og:image", meta.ogImage);
  setMeta(doc, "property", "og:type", meta.ogType ?? "website");
}
