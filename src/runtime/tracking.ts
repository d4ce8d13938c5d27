// Visitor tracking: /visitor/track with {url, referer, timezone} at start, then every 10 s
// while the page is visible. After a pause (tab hidden) or a navigation it starts again
// at once only if more than 10 s passed since the last report; otherwise the next report
// comes when the 10 s are up.
import type { Api } from "./api/client";
import type { Bus } from "./bus";
import { type Clock, listen, type PageDocument, type PageLocation } from "./env";
import type { Store } from "./storage";
import { VISITOR_ID } from "./storage";

export const TRACK_INTERVAL_MS = 10_000;

export interface TrackingEnv {
  bus: Bus;
  api: Api;
  store: Store;
  clock: Clock;
  location: Pick<PageLocation, "href">;
  document: PageDocument;
  /** The browser's IANA time zone; "" when unknown. */
  timezone: () => string;
}

export interface Tracking {
  start(): void;
  stop(): void;
}

/** Temporal's clock, where the browser has it. */
type WithTemporal = typeof globalThis & { Temporal?: { Now?: { timeZoneId?: () => string } } };

export function browserTimezone(global: WithTemporal = globalThis): string {
  try {
    // Temporal names the zone at once; a first Intl.DateTimeFormat builds ICU's date formatting
    // first (16-32 ms measured in Chromium here, four times that on a slow phone, all on the
    // main thread while the page loads).
    return global.Temporal?.Now?.timeZoneId?.() ?? global.Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}

export function createTracking(env: TrackingEnv): Tracking {
  const { api, bus, clock, document } = env;
  let referer = document.referrer;
  let last = -Infinity;
  let timer: unknown = null;
  let stopListening: (() => void) | null = null;

  function send() {
    last = clock.now();
    const body = { url: env.location.href, referer, timezone: env.timezone() };
    api.post("visitor/track", body, { toast: false }).then(
      (data) => {
        const id = data?.visitorId;
        if (id && VISITOR_ID.test(id) && id !== env.store.get("visitorId")) {
          env.store.set("visitorId", id);
          bus.emit("visitor:id", id);
        }
      },
      // A missed report is made up by the next one.
      () => {},
    );
  }

  /** Reports, then again every 10 s; one timer at a time. */
  function tick() {
    send();
    timer = clock.setTimeout(tick, TRACK_INTERVAL_MS);
  }

  function halt() {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  /** Reports now if the last report is more than 10 s old, else when the 10 s are up. */
  function resume() {
    if (document.visibilityState === "hidden") return;
    const since = clock.now() - last;
    if (since > TRACK_INTERVAL_MS) {
      halt();
      tick();
    } else if (timer === null) {
      timer = clock.setTimeout(tick, TRACK_INTERVAL_MS - since);
    }
  }

  const onRoute = ({ referrer }: { referrer: string }) => {
    referer = referrer;
    resume();
  };

  return {
    start() {
      if (stopListening) return;
      bus.on("route:changed", onRoute);
      const stopDom = listen(document, {
        visibilitychange: () => (document.visibilityState === "hidden" ? halt() : resume()),
      });
      stopListening = () => {
        bus.off("route:changed", onRoute);
        stopDom();
      };
      if (document.visibilityState === "hidden") send();
      else tick();
    },
    stop() {
      halt();
      stopListening?.();
      stopListening = null;
    },
  };
}
