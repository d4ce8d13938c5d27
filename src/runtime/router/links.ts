// Which clicks become client navigations. Only a plain left click on a same-origin link
// to a page the route table knows is taken over; everything else (modifier keys, a
// target, download, another origin, a #fragment on this page, files, data-reload) keeps
// the browser's default behaviour.
export interface LinkRules {
  /** The address the visitor is on. */
  current(): URL;
  /** True when the route table answers this path. */
  isRoute(url: URL): boolean;
}

/** Attribute on a link, a form or any ancestor: let the browser load the page itself. */
export const RELOAD_ATTR = "data-reload";

const PAGE_EXTENSION = /\.(?!html?$)[a-z0-9]+$/i;

/** The address to navigate to in the page, or null when the browser should handle it. */
export function navigableUrl(url: URL, rules: LinkRules): URL | null {
  const current = rules.current();
  if (url.origin !== current.origin) return null;
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  // Files (images, PDFs, feeds, ...) are not pages.
  if (PAGE_EXTENSION.test(url.pathname)) return null;
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (samePage && url.hash) return null;
  return rules.isRoute(url) ? url : null;
}

function anchorOf(target: EventTarget | null): HTMLAnchorElement | HTMLAreaElement | null {
  const el = target as Element | null;
  if (!el || typeof el.closest !== "function") return null;
  return el.closest<HTMLAnchorElement | HTMLAreaElement>("a[href], area[href]");
}

export interface LinkClick {
  url: URL;
  link: Element;
}

/** The main button without a modifier key: a press that may navigate in the page (the others open tabs, windows, menus). */
export function isPlainPress(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function clickedLink(event: MouseEvent, rules: LinkRules): LinkClick | null {
  if (event.defaultPrevented || !isPlainPress(event)) return null;
  const click = hoveredLink(event.target, rules);
  // A link to a fragment of this page only scrolls.
  if (!click || click.link.getAttribute("href")!.startsWith("#")) return null;
  return click;
}

/** The link a pointer is over, when it is one a click would navigate to. */
export function hoveredLink(target: EventTarget | null, rules: LinkRules): LinkClick | null {
  const link = anchorOf(target);
  if (!link) return null;
  const attr = link.getAttribute("target");
  if ((attr && attr !== "_self") || link.hasAttribute("download") || link.closest(`[${RELOAD_ATTR}]`)) return null;
  try {
    const url = navigableUrl(new URL(link.getAttribute("href")!, link.ownerDocument.baseURI), rules);
    return url ? { url, link } : null;
  } catch {
    return null;
  }
}
