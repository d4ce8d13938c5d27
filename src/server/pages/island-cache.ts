// Server-rendered islands that every page of a language shares: the head and foot sections
// whose markup depends on nothing but their props and the page's language (messages and
// locale are fixed while the server runs), so one render serves every address. An island
// that writes the page's address out (the header's sign-in redirect and search box, the
// language switch's links, a form's `back` field) is not one of them: its render with a
// placeholder address is kept here too, and each page writes its own in (address-slot.ts).
// The key holds the props themselves: a store edit or a change of the data bound into them
// makes a new key, never a stale answer.
import { LRUCache } from "lru-cache";

/**
 * Components that do not read the route (wouter's location, search or router base beyond
 * the language prefix, which the key holds). tests/integration/server/island-cache.test.ts
 * renders each under every kind of address and checks the markup is the same.
 */
export const ADDRESS_FREE_COMPONENTS: ReadonlySet<string> = new Set(["HeaderNotice", "SiteFooter", "CartDrawer"]);

/** Distinct renders kept: a few per language and store edit. */
const ISLANDS_KEPT = 256;

export interface IslandCache {
  /** The markup of `render()`, rendered once per key while the key is kept. */
  through(key: string, render: () => Promise<string>): Promise<string>;
}

export function createIslandCache(capacity = ISLANDS_KEPT): IslandCache {
  const kept = new LRUCache<string, Promise<string>>({ max: capacity });
  return {
    through(key, render) {
      let html = kept.get(key);
      if (!html) {
        html = render();
        kept.set(key, html);
        // A failed render is not kept: the next page tries again (and logs its own failure).
        html.catch(() => kept.delete(key));
      }
      return html;
    },
  };
}
