// Prefetch (beyond the specification): a link the pointer rests on for ~80 ms, that keyboard
// focus rests on as long, or that a finger touches or a mouse button presses (at once: the click
// follows within about 100 ms), has its page-route answer fetched at low priority and kept ~10 s,
// so that the click which usually follows swaps the page at once. Skipped under Save-Data,
// for links marked data-no-prefetch, and for pages that depend on the session or the
// cart (the router's `target` says which). A prefetch is never a visit: nothing is
// published and the request says it is a prefetch. The cache is dropped whenever the
// session or the cart changes, since those pages would then answer differently.
import type { Clock } from "../env";
import { routeKey } from "./guard";
import { hoveredLink, isPlainPress, type LinkRules } from "./links";
import type { PageOutcome } from "./page-fetch";

export const PREFETCH_DELAY_MS = 80;
export const PREFETCH_TTL_MS = 10_000;
export const NO_PREFETCH_ATTR = "data-no-prefetch";
const MAX_ENTRIES = 20;

export interface PrefetchEnv {
  doc: Document;
  clock: Pick<Clock, "now" | "setTimeout" | "clearTimeout">;
  rules: LinkRules;
  /** The address a link's prefetch would fetch, or null when it must not be prefetched. */
  target(url: URL): URL | null;
  fetch(url: URL): Promise<PageOutcome>;
  /** True when the visitor asked to save data (navigator.connection.saveData). */
  saveData(): boolean;
}

export interface Prefetcher {
  start(): void;
  stop(): void;
  /** Starts prefetching `url` now (hover and touch call this after the delay). */
  prefetch(url: URL): void;
  /** Forgets a hover still waiting for its delay: a click made the prefetch pointless. */
  cancelHover(): void;
  /** The prefetched answer for `url`, removed from the cache; null when there is none. */
  take(url: URL): Promise<PageOutcome> | null;
  clear(): void;
}

interface Entry {
  outcome: Promise<PageOutcome>;
  expires: number;
}

export function createPrefetcher(env: PrefetchEnv): Prefetcher {
  const { doc, clock } = env;
  const cache = new Map<string, Entry>();
  let pending: { link: Element; timer: unknown } | null = null;

  function prune() {
    const now = clock.now();
    for (const [key, entry] of cache) if (entry.expires <= now) cache.delete(key);
    while (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }

  function cancelPending() {
    if (pending) clock.clearTimeout(pending.timer);
    pending = null;
  }

  function onPointer(event: Event) {
    if (env.saveData()) return;
    const hovered = hoveredLink(event.target, env.rules);
    if (!hovered || hovered.link.closest(`[${NO_PREFETCH_ATTR}]`)) return;
    // A finger on a link, or the main button pressed on it, is a click on its way: no intent to wait for.
    if (event.type === "touchstart" || event.type === "mousedown") {
      cancelPending();
      return prefetcher.prefetch(hovered.url);
    }
    if (pending?.link === hovered.link) return;
    cancelPending();
    pending = {
      link: hovered.link,
      timer: clock.setTimeout(() => {
        pending = null;
        prefetcher.prefetch(hovered.url);
      }, PREFETCH_DELAY_MS),
    };
  }

  function onLeave(event: Event) {
    if (!pending) return;
    const to = (event as MouseEvent | FocusEvent).relatedTarget as Node | null;
    if (to && pending.link.contains(to)) return;
    if (pending.link.contains(event.target as Node)) cancelPending();
  }

  /** Only a press a navigating click starts with (links.ts). */
  function onPress(event: Event) {
    if (isPlainPress(event as MouseEvent)) onPointer(event);
  }

  const LISTENERS = [
    ["mouseover", onPointer],
    ["focusin", onPointer],
    ["touchstart", onPointer],
    ["mousedown", onPress],
    ["mouseout", onLeave],
    ["focusout", onLeave],
  ] as const;

  const prefetcher: Prefetcher = {
    start() {
      for (const [type, listener] of LISTENERS) doc.addEventListener(type, listener, { passive: true });
    },
    stop() {
      for (const [type, listener] of LISTENERS) doc.removeEventListener(type, listener);
      cancelPending();
      cache.clear();
    },
    prefetch(url) {
      const target = env.target(url);
      if (!target) return;
      const key = routeKey(target);
      const cached = cache.get(key);
      if (cached && cached.expires > clock.now()) return;
      prune();
      cache.set(key, { outcome: env.fetch(target), expires: clock.now() + PREFETCH_TTL_MS });
    },
    cancelHover: cancelPending,
    take(url) {
      const key = routeKey(url);
      const entry = cache.get(key);
      if (!entry) return null;
      cache.delete(key);
      return entry.expires > clock.now() ? entry.outcome : null;
    },
    clear() {
      cancelPending();
      cache.clear();
    },
  };
  return prefetcher;
}
