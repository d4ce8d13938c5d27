// SPEC.md §2: no progress bar on the way to a page flagged as not to be loaded. The flag is
// the page template's (meta.noLoad), so the router learns it only from an answer for that
// address: a prefetch, an earlier visit, or the first page's initial data. It is kept per
// address, not per route name, because one route (the root-level slug) serves several
// templates.
import { routeKey } from "./guard";

/** Addresses remembered at most; the oldest are forgotten first. */
const LIMIT = 200;

export interface NoLoadMemory {
  /** Records what the latest answer for `url` said. */
  remember(url: URL, noLoad: boolean): void;
  /** True when the latest answer for `url` said noLoad. */
  has(url: URL): boolean;
}

export function createNoLoadMemory(limit = LIMIT): NoLoadMemory {
  const keys = new Set<string>();
  return {
    remember(url, noLoad) {
      const key = routeKey(url);
      keys.delete(key);
      if (!noLoad) return;
      keys.add(key);
      if (keys.size > limit) keys.delete(keys.values().next().value!);
    },
    has: (url) => keys.has(routeKey(url)),
  };
}
