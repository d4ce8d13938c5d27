// SPEC.md §2/§9: a second navigation to the same route within 700 ms is ignored, so a
// double click or an impatient tap makes one request. Back and Forward are navigations too:
// never held back, they end the run of duplicates, so a link followed, left with Back and
// followed again at once is a new visit, not a double click.
import type { Clock } from "../env";

export const DUPLICATE_WINDOW_MS = 700;

export interface DuplicateGuard {
  /** True when a navigation to `key` may start now; records it when it may. */
  allow(key: string): boolean;
  /** True when a navigation to `key` would be ignored now; records nothing (a press's prefetch asks). */
  holds(key: string): boolean;
  /** Records a back or forward navigation to `key`, which is never ignored. */
  arrived(key: string): void;
}

export function createDuplicateGuard(clock: Pick<Clock, "now">, windowMs = DUPLICATE_WINDOW_MS): DuplicateGuard {
  let last: { key: string; at: number } | null = null;
  const holds = (key: string, now: number) => last !== null && last.key === key && now - last.at < windowMs;
  return {
    allow(key) {
      const now = clock.now();
      if (holds(key, now)) return false;
      last = { key, at: now };
      return true;
    },
    holds: (key) => holds(key, clock.now()),
    arrived(key) {
      last = { key, at: clock.now() };
    },
  };
}

/** What makes two navigations the same route: path and query, not the fragment. */
export function routeKey(url: URL): string {
  return url.pathname + url.search;
}
