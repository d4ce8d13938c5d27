// Time on page: every 10 s, and when the page is hidden (visibilitychange, pagehide; never
// unload, which breaks the back-forward cache), a beacon to /api/web/stat/duration with
// the whole seconds the page was visible since the previous report. Counting only new
// seconds means the hide report after a 10 s report never counts anything twice.

import { API_BASE } from "../shared/codes";
import type { Clock, EventSource, PageDocument } from "./env";
import { listen } from "./env";

export const STATS_INTERVAL_MS = 10_000;
export const STATS_URL = `${API_BASE}/stat/duration`;
const MAX_DURATION_S = 86_400;

export interface StatsEnv {
  clock: Clock;
  document: PageDocument;
  /** Where pagehide arrives: the window. */
  events: EventSource;
  /** navigator.sendBeacon bound to navigator, when the browser has it, sending `data` as application/json. */
  sendBeacon?: (url: string, data: string) => boolean;
  fetch: typeof fetch;
}

export interface Stats {
  start(): void;
  stop(): void;
}

export function createStats(env: StatsEnv): Stats {
  const { clock, document } = env;
  let visibleSince: number | null = null;
  /** Visible milliseconds not yet reported (the part of a second left over). */
  let pending = 0;
  let timer: unknown = null;
  let stopListening: (() => void) | null = null;

  function send(duration: number) {
    const body = JSON.stringify({ duration });
    let queued = false;
    try {
      queued = env.sendBeacon?.(STATS_URL, body) ?? false;
    } catch {
      queued = false;
    }
    if (queued) return;
    // The browser refused the beacon (too much queued, or none): keepalive outlives the page too.
    env
      .fetch(STATS_URL, { method: "POST", body, keepalive: true, headers: { "content-type": "application/json" } })
      .catch(() => {});
  }

  function report() {
    const now = clock.now();
    if (visibleSince !== null) {
      pending += now - visibleSince;
      visibleSince = now;
    }
    const seconds = Math.floor(pending / 1000);
    if (seconds < 1) return;
    pending -= seconds * 1000;
    send(Math.min(seconds, MAX_DURATION_S));
  }

  function visible() {
    if (visibleSince !== null) return;
    visibleSince = clock.now();
    timer = clock.setInterval(report, STATS_INTERVAL_MS);
  }

  function hidden() {
    report();
    visibleSince = null;
    if (timer !== null) clock.clearInterval(timer);
    timer = null;
  }

  return {
    start() {
      if (stopListening) return;
      const stopDoc = listen(document, {
        visibilitychange: () => (document.visibilityState === "hidden" ? hidden() : visible()),
      });
      // pagehide may come without visibilitychange (some navigations); report() sends only new seconds.
      const stopWin = listen(env.events, {
        pagehide: hidden,
        pageshow: () => document.visibilityState !== "hidden" && visible(),
      });
      stopListening = () => {
        stopDoc();
        stopWin();
      };
      if (document.visibilityState !== "hidden") visible();
    },
    stop() {
      hidden();
      stopListening?.();
      stopListening = null;
    },
  };
}
