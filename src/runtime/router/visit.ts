// One client navigation, start to finish: guard against duplicates, fetch the page route
// (or take the prefetched answer), then swap the head, body and foot regions, update the
// document head, theme and history, scroll, and tell the bus and the theme's scripts
// (storefront:before-visit, storefront:load; src/runtime/page-events.ts). A newer visit
// aborts an older one still fetching. Error statuses leave for the error or sign-in page;
// any other failure is logged and the current page stays as it was.
import type { Renderer } from "../../renderer/islands";
import { matchPath, type RouteMatch, type RouteTable } from "../../shared/routes";
import type { Bus } from "../bus";
import { dispatchBeforeVisit, dispatchPageLoad, type PageRoute } from "../page-events";
import { type DuplicateGuard, routeKey } from "./guard";
import { applyHead } from "./head";
import type { HistoryEntries } from "./history";
import type { LocationStore } from "./location-store";
import type { PageOutcome } from "./page-fetch";
import type { PreviewMode } from "./preview";
import type { ProgressBar } from "./progress-bar";
import type { ScrollMemory } from "./scroll";

export const REGIONS = [
  ["page-head", "pageHead"],
  ["page-body", "pageBody"],
  ["page-foot", "pageFoot"],
] as const;

export interface VisitOptions {
  /** push: a link or form; replace: the same address again; restore: back or forward. */
  action: "push" | "replace" | "restore";
  /** The history entry back/forward arrived at (restore only). */
  restoreKey?: string;
  /** Leave the scroll position as it is (data-keep-position). */
  keepPosition?: boolean;
  /** No progress bar (data-no-load). */
  noLoad?: boolean;
}

export type VisitResult = "done" | "ignored" | "aborted" | "redirected" | "failed" | "reloaded";

export interface ShownPage {
  href: string;
}

export interface VisitDeps {
  win: Pick<Window, "location" | "document">;
  renderer: Pick<Renderer, "unmountRegion" | "replaceRegion">;
  bus: Pick<Bus, "emit">;
  progress: ProgressBar;
  scroll: ScrollMemory;
  preview: PreviewMode;
  guard: DuplicateGuard;
  history: HistoryEntries;
  location: LocationStore;
  routes(): RouteTable;
  /** The answer for a page: prefetched, or fetched now. */
  load(url: URL, signal: AbortSignal): Promise<PageOutcome>;
  /** The page on screen: its address, the next page's referrer. */
  shown: ShownPage;
  /** True when an earlier answer for this address said meta.noLoad (no-load.ts). */
  knownNoLoad(url: URL): boolean;
  logger: Pick<Console, "error">;
}

/** The route of page-events' details: the server's name for the page (meta.route) when it gives one, else the table's. */
export function pageRoute(match: RouteMatch | null, metaRoute?: string): PageRoute | null {
  const name = metaRoute || match?.name;
  if (!name) return null;
  return { name, params: match ? { ...match.params } : {} };
}

export function createVisitor(deps: VisitDeps) {
  const { win, progress, logger } = deps;
  const doc = win.document;
  let pending: AbortController | null = null;

  async function swap(page: Extract<PageOutcome, { kind: "page" }>, options: VisitOptions): Promise<void> {
    const { page: data, url } = page;
    const from = deps.shown.href;
    deps.scroll.save(deps.history.key);
    if (options.action === "push") deps.history.push(url);
    else if (options.action === "replace") deps.history.replace(url);
    else deps.history.arrive(options.restoreKey ?? deps.history.key);
    deps.preview.observe(url);

    const match = matchPath(deps.routes(), url.pathname);
    applyHead(doc, data.meta, (match?.language ?? { locale: doc.documentElement.lang }).locale);
    deps.shown.href = url.href;
    deps.bus.emit("route:theme", data.theme);
    const regions = REGIONS.map(([id, key]) => [doc.getElementById(id), id, key] as const);
    // The old page's islands go before the address changes: one still hydrating must not
    // receive an update first (React would then client-render it and report error 424).
    for (const [region] of regions) if (region) deps.renderer.unmountRegion(region);
    // The islands of the new page read the new address as they mount.
    deps.location.set(url);
    await Promise.all(
      regions.map(async ([region, id, key]) => {
        if (!region) return;
        if (id === "page-head") region.hidden = data.theme.hideHead === true;
        if (id === "page-foot") region.hidden = data.theme.hideFoot === true;
        await deps.renderer.replaceRegion(region, data[key]);
      }),
    );
    deps.scroll.apply(
      options.action === "restore"
        ? { kind: "restore", key: deps.history.key }
        : options.keepPosition || data.meta.keepPosition
          ? { kind: "keep" }
          : { kind: "top", hash: url.hash },
    );
    if (options.action === "push") focusPage(doc);
    deps.bus.emit("route:changed", { url: url.href, referrer: from });
    dispatchPageLoad(doc, { url: url.href, route: pageRoute(match, data.meta.route) });
  }

  return async function visit(input: URL, options: VisitOptions): Promise<VisitResult> {
    const url = deps.preview.apply(input);
    if (options.action !== "restore" && !deps.guard.allow(routeKey(url))) return "ignored";
    const match = url.origin === win.location.origin ? matchPath(deps.routes(), url.pathname) : null;
    if (!match) {
      win.location.assign(url.href);
      return "reloaded";
    }
    // Back/forward has already changed the address: like Turbo, theme scripts are not asked.
    if (options.action !== "restore" && !dispatchBeforeVisit(doc, { url: url.href, route: pageRoute(match)! })) {
      win.location.assign(url.href);
      return "reloaded";
    }
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    // SPEC.md §2: no bar for a page flagged as not to be loaded. Its flag is the template's
    // (meta.noLoad), known before the answer only from an earlier answer for the address;
    // otherwise the bar's delay keeps it off for a fast answer, and the answer hides it.
    progress.start({ silent: options.noLoad || deps.knownNoLoad(url) });
    // A prefetched answer cannot be aborted; the race lets an aborted visit end anyway.
    const outcome = await Promise.race([deps.load(url, controller.signal), whenAborted(controller.signal)]);
    // A newer visit started meanwhile: it owns the progress bar and the page now.
    if (!outcome || controller.signal.aborted) return "aborted";
    pending = null;
    // The page is not to be loaded: no bar while its regions are swapped in.
    if (outcome.kind === "page" && outcome.page.meta.noLoad) progress.hide();
    try {
      if (outcome.kind === "redirect") {
        win.location.assign(outcome.to);
        return "redirected";
      }
      if (outcome.kind === "failed") {
        logger.error(`[router] ${url.pathname}${url.search}: ${outcome.reason}; the current page stays`);
        // Back/forward already changed the address bar: load that page rather than
        // show another page under its address.
        if (options.action === "restore") win.location.reload();
        return "failed";
      }
      await swap(outcome, options);
      return "done";
    } catch (err) {
      logger.error(`[router] ${url.pathname}${url.search}: could not show the page (${String(err)})`);
      return "failed";
    } finally {
      progress.done();
    }
  };
}

function whenAborted(signal: AbortSignal): Promise<null> {
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(null), { once: true }));
}

/** After a click, focus moves to the new page's content, as a full load would do. */
function focusPage(doc: Document) {
  const main = doc.getElementById("page-body");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus({ preventScroll: true });
}
