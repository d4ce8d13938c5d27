// SPEC.md §2/§9: a second navigation to the same route within 700 ms is ignored, so a
// double click or an impatient tap makes one request.
import type { Clock } from "../env";

export const DUPLICATE_WINDOW_MS = 700;

export interface DuplicateGuard {
  /** True when a navigation to `key` may start now; records it when it may. */
  allow(key: string): boolean;
}

export function createDuplicateGuard(clock: Pick<Clock, "now">, windowMs = DUPLICATE_WINDOW_MS): DuplicateGuard {
  let last: { key: string; at: number } | null = null;
  return {
    allow(key) {
      const now = clock.now();
      if (last && last.key === key && now - last.at < windowMs) return false;
      last = { key, at: now };
      return true;
    },
  };
}

/** What makes two navigations the same route: path and query, not the fragment. */
export function routeKey(url: URL): string {
  return url.pathname + url.search;
}
