// The router service: takes over link clicks, GET forms and back/forward, and turns them
// into page-route visits (visit.ts). Everything it touches is passed in (window, fetch,
// clock, renderer, bus, token reader), so tests run it in happy-dom with fake timers
// and recorded answers.
import type { PageMeta, PageRouteData, RouterConfig } from "../../../generated/types";
import type { Renderer } from "../../renderer/islands";
import { createRouteTable, isPrivateRoute, matchPath } from "../../shared/routes";
import type { Bus } from "../bus";
import type { Clock } from "../env";
import { submittedForm } from "./forms";
import { createDuplicateGuard, routeKey } from "./guard";
import { createHistoryEntries } from "./history";
import { clickedLink, type LinkRules } from "./links";
import { type LocationStore, locationStore } from "./location-store";
import { createNoLoadMemory } from "./no-load";
import { type FetchLike, type FetchPageOptions, fetchPage, type PageOutcome } from "./page-fetch";
import { createPrefetcher } from "./prefetch";
import { createPreviewMode } from "./preview";
import { createProgressBar } from "./progress-bar";
import { createScrollMemory } from "./scroll";
import { createSnapshotCache } from "./snapshot-cache";
import { createVisitor, type ShownPage, type VisitOptions, type VisitResult } from "./visit";

/** The window the router runs in; tests pass happy-dom's. */
export type RouterWindow = Pick<
  Window,
  | "document"
  | "location"
  | "history"
  | "navigator"
  | "scrollX"
  | "scrollY"
  | "scrollTo"
  | "addEventListener"
  | "removeEventListener"
>;

export interface RouterEnv {
  win: RouterWindow;
  renderer: Pick<
    Renderer,
    "unmountRegion" | "replaceRegion" | "detachRegion" | "attachRegion" | "disposeDetached" | "takesServerHTML" | "setServerHTML"
  >;
  bus: Pick<Bus, "emit" | "on" | "off">;
  fetch?: FetchLike;
  clock?: Pick<Clock, "now" | "setTimeout" | "clearTimeout">;
  config?: RouterConfig;
  /** The first page's meta (initial data): its noLoad flag counts when the visitor comes back to it. */
  meta?: Pick<PageMeta, "noLoad"> | null;
  /** The stored auth token, sent as x-auth (storage service). */
  readToken?: () => string | null;
  /** Where islands read the address; the page's shared store by default. */
  location?: LocationStore;
  logger?: Pick<Console, "error">;
  loadValidator?: FetchPageOptions["loadValidator"];
  /** The first page as the server sent it (boot rebuilds it), so that Back to it needs no fetch. */
  firstPage?: PageRouteData | null;
  /** A page shown from the snapshot cache is refreshed in the background when older than this. */
  snapshotMaxAgeMs?: number;
  /** Pages kept for back and forward (10, as Turbo); 0 fetches every one again. */
  snapshotLimit?: number;
}

/** How old a snapshot may be before Back refreshes it in the background. */
export const SNAPSHOT_MAX_AGE_MS = 10_000;

export interface RouterService {
  start(): void;
  stop(): void;
  /** Navigates in the page to `href`, as a click on a link to it would. */
  visit(href: string, options?: Partial<VisitOptions>): Promise<VisitResult>;
}

/** Link attributes: keep the scroll position; show no progress bar. */
export const KEEP_POSITION_ATTR = "data-keep-position";
export const NO_LOAD_ATTR = "data-no-load";

export function createRouter(env: RouterEnv): RouterService {
  const { win, bus } = env;
  const doc = win.document;
  const fetch = env.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const clock = env.clock ?? {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (h) => clearTimeout(h as number),
  };
  const location = env.location ?? locationStore;
  const logger = env.logger ?? console;
  const routes = createRouteTable(env.config ?? {});
  const shown: ShownPage = { href: win.location.href, page: env.firstPage ?? null };
  const snapshots = createSnapshotCache(env.snapshotLimit, (body) => env.renderer.disposeDetached(body));
  const preview = createPreviewMode(new URL(win.location.href));
  const noLoadPages = createNoLoadMemory();
  if (env.meta?.noLoad) noLoadPages.remember(preview.apply(new URL(win.location.href)), true);
  const scroll = createScrollMemory(win);
  let keys = 0;
  const history = createHistoryEntries(win.history, () => `${clock.now().toString(36)}-${(keys++).toString(36)}`);

  const current = () => new URL(win.location.href);
  const rules: LinkRules = { current, isRoute: (url) => matchPath(routes, url.pathname) !== null };

  async function request(url: URL, options: Pick<FetchPageOptions, "signal" | "purpose">): Promise<PageOutcome> {
    // No x-hide-head / x-hide-foot: the flags of the page on screen are its own template's, and
    // sent along they cost the next page its head and foot (issue #16). The server applies the
    // fetched page's own flags and returns them in the answer's theme; no store-wide flag exists.
    const context = {
      userAgent: win.navigator.userAgent,
      referrer: shown.href,
      cookie: doc.cookie,
      token: env.readToken?.() ?? null,
    };
    const outcome = await fetchPage(fetch, url, context, { ...options, loadValidator: env.loadValidator });
    // Prefetches teach it too, so a hovered link's page shows no bar even if its answer is dropped.
    if (outcome.kind === "page") {
      const noLoad = outcome.page.meta.noLoad === true;
      noLoadPages.remember(url, noLoad);
      noLoadPages.remember(outcome.url, noLoad);
    }
    return outcome;
  }

  const guard = createDuplicateGuard(clock);
  const prefetcher = createPrefetcher({
    doc,
    clock,
    rules,
    target(url) {
      const match = matchPath(routes, url.pathname);
      if (!match || isPrivateRoute(match.name)) return null;
      const target = preview.apply(url);
      // The second press of a double click: the first one's visit has the answer coming.
      return guard.holds(routeKey(target)) ? null : target;
    },
    fetch: (url) => request(url, { purpose: "prefetch" }),
    saveData: () => (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true,
  });

  const visitor = createVisitor({
    win,
    renderer: env.renderer,
    bus,
    progress: createProgressBar(doc, clock),
    scroll,
    preview,
    guard,
    history,
    location,
    routes: () => routes,
    shown,
    knownNoLoad: (url) => noLoadPages.has(url),
    snapshots,
    snapshotMaxAgeMs: env.snapshotMaxAgeMs ?? SNAPSHOT_MAX_AGE_MS,
    now: () => clock.now(),
    logger,
    async load(url, signal) {
      const prefetched = await prefetcher.take(url);
      if (prefetched && prefetched.kind !== "failed") return prefetched;
      return request(url, { signal });
    },
  });

  function visit(url: URL, options: Partial<VisitOptions> = {}) {
    // The same address again replaces the entry instead of stacking a copy of it.
    const action = options.action ?? (routeKey(url) === routeKey(current()) ? "replace" : "push");
    return visitor(url, { ...options, action });
  }

  function onClick(event: Event) {
    const click = clickedLink(event as MouseEvent, rules);
    if (!click) return;
    event.preventDefault();
    prefetcher.cancelHover();
    void visit(click.url, {
      keepPosition: click.link.closest(`[${KEEP_POSITION_ATTR}]`) !== null,
      noLoad: click.link.closest(`[${NO_LOAD_ATTR}]`) !== null,
    });
  }

  function onSubmit(event: Event) {
    const submit = submittedForm(event as SubmitEvent, rules);
    if (!submit) return;
    event.preventDefault();
    void visit(submit.url, {
      keepPosition: submit.form.closest(`[${KEEP_POSITION_ATTR}]`) !== null,
      noLoad: submit.form.closest(`[${NO_LOAD_ATTR}]`) !== null,
    });
  }

  // A popstate that only changed the #fragment of the page on screen must not fetch it again.
  function onPopState(event: Event) {
    const url = current();
    const key = history.keyOf((event as PopStateEvent).state);
    if (routeKey(url) === routeKey(new URL(shown.href))) {
      if (key) history.arrive(key);
      return;
    }
    void visitor(url, { action: "restore", restoreKey: key ?? undefined });
  }
  // Another session or another cart: answers fetched and pages left before are not this visitor's view any more.
  const dropPrefetched = () => {
    prefetcher.clear();
    snapshots.clear();
  };

  return {
    start() {
      scroll.start();
      history.start();
      location.setRoutes(routes);
      location.set(current());
      location.setNavigator(
        (to, options) => void visit(new URL(to, win.location.href), options?.replace ? { action: "replace" } : {}),
      );
      doc.addEventListener("click", onClick);
      doc.addEventListener("submit", onSubmit);
      win.addEventListener("popstate", onPopState);
      prefetcher.start();
      bus.on("session:changed", dropPrefetched);
      bus.on("cart:changed", dropPrefetched);
    },
    stop() {
      scroll.stop();
      location.setNavigator(null);
      doc.removeEventListener("click", onClick);
      doc.removeEventListener("submit", onSubmit);
      win.removeEventListener("popstate", onPopState);
      prefetcher.stop();
      bus.off("session:changed", dropPrefetched);
      bus.off("cart:changed", dropPrefetched);
    },
    visit: (href, options) => visit(new URL(href, win.location.href), options),
  };
}
