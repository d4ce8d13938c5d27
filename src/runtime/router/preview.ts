// SPEC.md §4: preview mode, once on (preview=true in a query), is carried to every next
// route, so a merchant previewing an unpublished page keeps previewing as they click.
export interface PreviewMode {
  /** Notes an address the visitor is on; preview=true there turns preview mode on. */
  observe(url: URL): void;
  /** The address to navigate to: with preview=true added while preview mode is on. */
  apply(url: URL): URL;
  readonly active: boolean;
}

export function createPreviewMode(initial?: URL): PreviewMode {
  let active = false;
  const mode: PreviewMode = {
    observe(url) {
      if (url.searchParams.get("preview") === "true") active = true;
    },
    apply(url) {
      if (!active || url.searchParams.get("preview") === "true") return url;
      const next = new URL(url);
      next.searchParams.set("preview", "true");
      return next;
    },
    get active() {
      return active;
    },
  };
  if (initial) mode.observe(initial);
  return mode;
}
