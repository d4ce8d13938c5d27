// The services no component reads: tracking, duration stats, the live channel, the lazy
// images' watcher, and what the header shows before its island hydrates (the cart's count,
// closed notices hidden). They load as their own chunk right after boot, which keeps the boot
// chunk small; they talk to the rest only through the bus and the api.

import type { Win } from "../renderer/strategies";
import type { Api } from "./api/client";
import type { Bus } from "./bus";
import { showCartBadge } from "./cart-badge";
import { hideClosedNotices } from "./closed-notices";
import type { Clock } from "./env";
import { watchLazyImages } from "./lazy-images";
import { createLive, type LiveEnv } from "./live";
import { createStats } from "./stats";
import type { Store } from "./storage";
import { browserTimezone, createTracking } from "./tracking";

export interface BackgroundEnv {
  win: Win;
  bus: Bus;
  api: Api;
  store: Store;
  clock: Clock;
}

/** Starts them all; the returned function stops them. */
export function startBackground(env: BackgroundEnv): () => void {
  const { win, bus, api, store, clock } = env;
  const doc = win.document;
  const nav = win.navigator;
  const services = [
    createTracking({ bus, api, store, clock, location: win.location, document: doc, timezone: browserTimezone }),
    createStats({
      clock,
      document: doc,
      events: win,
      // A JSON Blob, not the string (sent as text/plain, which the server refuses as what another
      // site could send); to this origin it needs no preflight.
      sendBeacon:
        typeof nav.sendBeacon === "function"
          ? (url, data) => nav.sendBeacon(url, new Blob([data], { type: "application/json" }))
          : undefined,
      fetch: win.fetch.bind(win),
    }),
  ];
  if (typeof win.WebSocket === "function") {
    const WebSocket = win.WebSocket as LiveEnv["WebSocket"];
    services.push(
      createLive({ bus, store, clock, WebSocket, location: win.location, document: doc, events: win, random: Math.random }),
    );
  }
  for (const service of services) service.start();
  const stopWatching = watchLazyImages({
    document: doc,
    IntersectionObserver: win.IntersectionObserver,
    MutationObserver: win.MutationObserver,
  });
  const stopBadge = showCartBadge({ root: doc.documentElement, bus, count: () => store.get("cartCount") ?? 0 });
  const hideNotices = () => hideClosedNotices(doc, win.localStorage);
  hideNotices();
  bus.on("route:changed", hideNotices);
  return () => {
    for (const service of services) service.stop();
    stopWatching();
    stopBadge();
    bus.off("route:changed", hideNotices);
  };
}
