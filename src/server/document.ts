// The document of a first page load, exactly as DESIGN.md's wire contract draws it.
import type { InitialData } from "../../generated/types";
import { escapeHtml, jsonForScript } from "./html";

export interface DocumentAssets {
  /** The boot module's URL. */
  boot: string;
  /** Stylesheet URLs. */
  styles: string[];
  /** Module URLs to preload (the boot chunk's static imports). */
  preload?: string[];
}

export interface DocumentParts {
  lang: string;
  initialData: InitialData;
  pageHead: string;
  pageBody: string;
  pageFoot: string;
  assets: DocumentAssets;
  /** Extra trusted markup for the head (theme variables, ...); its inline scripts and styles need hash sources (security.ts inlineSources). */
  headExtra?: string;
  /** JSON-LD items, each written as its own script in the head. */
  structuredData?: readonly unknown[];
}

export function renderDocument(parts: DocumentParts): string {
  const { meta } = parts.initialData;
  const head = [
    `<meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(meta.title)}</title>`,
    meta.description ? `<meta name="description" content="${escapeHtml(meta.description)}">` : "",
    meta.keywords ? `<meta name="keywords" content="${escapeHtml(meta.keywords)}">` : "",
    meta.robots ? `<meta name="robots" content="${escapeHtml(meta.robots)}">` : "",
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` : "",
    ...(meta.alternates ?? []).map(
      (alt) => `<link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.href)}">`,
    ),
    // The shared address of a page is its canonical one.
    meta.canonical ? `<meta property="og:url" content="${escapeHtml(meta.canonical)}">` : "",
    `<meta property="og:title" content="${escapeHtml(meta.ogTitle ?? meta.title)}">`,
    (meta.ogDescription ?? meta.description)
      ? `<meta property="og:description" content="${escapeHtml((meta.ogDescription ?? meta.description)!)}">`
      : "",
    meta.ogImage ? `<meta property="og:image" content="${escapeHtml(meta.ogImage)}">` : "",
    `<meta property="og:type" content="${escapeHtml(meta.ogType ?? "website")}">`,
    ...parts.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(parts.assets.preload ?? []).map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    parts.headExtra ?? "",
    // Data, not code (CSP does not run it, so it needs no source), escaped as the initial data is.
    ...(parts.structuredData ?? []).map((item) => `<script type="application/ld+json">${jsonForScript(item)}</script>`),
    `<script type="module" src="${escapeHtml(parts.assets.boot)}"></script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(parts.lang)}">
<head>
${head.join("\n")}
</head>
<body>
<div id="page-head">${parts.pageHead}</div>
<main id="page-body">${parts.pageBody}</main>
<div id="page-foot">${parts.pageFoot}</div>
<script id="__INITIAL_DATA__" type="application/json">${jsonForScript(parts.initialData)}</script>
</body>
</html>
`;
}
