// Head and foot islands that read the page's address only to write it into links and forms:
// the header's sign-in link (`?redirect=`, URL-encoded), its forms' `back` field and, on a
// search page, its search box's words; the newsletter form's `back` field; the language
// switch's links (the same path under each prefix). They are rendered once per language,
// prefix and props with a placeholder path (island-cache.ts keeps the markup), and each page
// writes its own address where the placeholder stands, raw or URL-encoded, escaped as React
// escapes an attribute.
// Addresses whose path these islands would write otherwise (see addressSlot) render in full.
// tests/integration/server/island-cache.test.ts requires the same markup as a render of each
// page alone, for every kind of address in every language.
import { splitPrefix, withPrefix } from "../../shared/language-prefix";

/** The islands whose markup depends on the address only through the path and query they write out. */
export const ADDRESS_SLOT_COMPONENTS: ReadonlySet<string> = new Set(["SiteHeader", "Newsletter", "LocaleSwitch"]);

/** Characters only (encodeURIComponent and React's escaping keep them as they are): never part of a real address here. */
const TOKEN = "__sf-here__";
const RAW = `/${TOKEN}`;

/** React's escaping of an attribute value (react-dom/server's escapeTextForBrowser), which the rendered markup holds. */
const REACT_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const escapeAttribute = (value: string): string => value.replace(/["&'<>]/g, (c) => REACT_ESCAPES[c]!);

export interface AddressSlot {
  /** The address the islands are rendered with: the placeholder under the page's language prefix. */
  path: string;
  /** The placeholder render with this page's path and query written in; null when a placeholder is left in a form not known here. */
  fill(html: string): string | null;
}

/**
 * The slot of a page at `pathname` with `search` (URLSearchParams text, no "?"), or null when
 * its islands must render in full: a sign-in or sign-up page (the header leaves out its own
 * redirect), the language's home (each island writes it differently: "/zh", "/zh/"), an address
 * with percent escapes (the router decodes them, in the path and the query), a path that names a
 * language again after its prefix, and an address holding the placeholder. On a search page the
 * placeholder also stands for the words, which the header's search box shows as its value.
 */
export function addressSlot(pathname: string, search: string, routeName: string): AddressSlot | null {
  if (routeName.startsWith("auth-")) return null;
  const { prefix, path } = splitPrefix(pathname);
  const address = path + (search ? `?${search}` : "");
  if (path === "/" || address.includes("%") || splitPrefix(path).prefix !== null || address.includes(TOKEN)) return null;
  const words = routeName === "search" ? (new URLSearchParams(search).get("q") ?? "") : null;
  const placeholder = words === null ? RAW : `${path}?q=${TOKEN}`;
  // Each form the placeholder takes in the markup, and what this page writes there instead.
  const forms: [string, string][] = [
    [escapeAttribute(placeholder), escapeAttribute(address)],
    [escapeAttribute(encodeURIComponent(placeholder)), escapeAttribute(encodeURIComponent(address))],
  ];
  if (words !== null) forms.push([`value="${TOKEN}"`, `value="${escapeAttribute(words)}"`]);
  return {
    path: withPrefix(prefix, placeholder),
    fill(html) {
      let filled = html;
      for (const [from, to] of forms) filled = filled.replaceAll(from, to);
      return filled.includes(TOKEN) ? null : filled;
    },
  };
}
