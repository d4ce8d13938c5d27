// One client navigation, start to finish: guard against duplicates, fetch the page route
// (or take the prefetched answer; on Back and Forward, draw the page from its snapshot and
// refresh it in the background when old), then swap the head, body and foot regions (a head
// or foot that comes again unchanged is kept, islands and all), update the
// document head, theme and history, scroll, and tell the bus and the theme's scripts
// (storefront:before-visit, storefront:load; src/runtime/page-events.ts). A newer visit
// aborts an older one still fetching. Error statuses leave for the error or sign-in page;
// any other failure is logged and the current page stays as it was.
import type { PageRouteData } from "../../../generated/types";
import type { Renderer } from "../../renderer/islands";
import { patchChildren } from "../../renderer/patch-children";
import { matchPath, type RouteMatch, type RouteTable } from "../../shared/routes";
import type { Bus } from "../bus";
import { dispatchBeforeVisit, dispatchPageLoad, type PageRoute } from "../page-events";
import { captureFields, restoreFields } from "./form-state";
import { type DuplicateGuard, routeKey } from "./guard";
import { applyHead } from "./head";
import type { HistoryEntries } from "./history";
import type { LocationStore } from "./location-store";
import type { PageOutcome } from "./page-fetch";
import type { PreviewMode } from "./preview";
import type { ProgressBar } from "./progress-bar";
import type { ScrollMemory } from "./scroll";
import type { SnapshotCache } from "./snapshot-cache";

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
  /** The answer the page on screen was drawn from (the first page's, rebuilt by boot); null when unknown. */
  page: PageRouteData | null;
}

export interface VisitDeps {
  win: Pick<Window, "location" | "document">;
  renderer: Pick<
    Renderer,
    "unmountRegion" | "replaceRegion" | "detachRegion" | "attachRegion" | "takesServerHTML" | "setServerHTML"
  >;
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
  /** Pages as they were left, for back and forward. */
  snapshots: SnapshotCache;
  /** A snapshot older than this is shown, then refreshed in the background. */
  snapshotMaxAgeMs: number;
  now(): number;
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

  // What each region was last drawn from, as a signature: its markup with every island's
  // inside left out. A head or foot whose signature comes again (the same islands with the
  // same props around the same markup) is kept, islands and all (an open drawer, a typed
  // search): its islands follow the new address themselves. Server HTML inside an island may
  // differ from page to page (links back to the page), which is why it is left out.
  const drawnFrom = new Map<string, string>();
  const parse = (html: string) => {
    const template = doc.createElement("template");
    template.innerHTML = html;
    return template.content;
  };
  // The same head and foot come with almost every answer: each markup is parsed once, for its
  // signature and for the insides of its islands by data-uid (what a pending island takes).
  const outlines = new Map<string, { signature: string; insides: Map<string, { html: string; parsed: Node }> }>();
  const outline = (html: string) => {
    const known = outlines.get(html);
    if (known) return known;
    const content = parse(html);
    const insides = new Map<string, { html: string; parsed: Node }>();
    for (const island of Array.from(content.querySelectorAll("[data-component]"))) {
      const uid = island.getAttribute("data-uid");
      // A copy: an island inside it is emptied in its turn.
      if (uid !== null) insides.set(uid, { html: island.innerHTML, parsed: island.cloneNode(true) });
      island.replaceChildren();
    }
    const holder = doc.createElement("div");
    holder.append(content);
    if (outlines.size >= 8) outlines.clear();
    const made = { signature: holder.innerHTML, insides };
    outlines.set(html, made);
    return made;
  };
  const signature = (html: string) => outline(html).signature;
  if (deps.shown.page)
    for (const [id, key] of REGIONS) if (id !== "page-body") drawnFrom.set(id, signature(deps.shown.page[key]));

  /**
   * A region can stay when the new one has its signature and its islands can follow the
   * address: React islands do; one React has not rendered (plain server HTML, or one waiting to
   * hydrate, such as a footer's form seen only on scrolling) takes the new page's HTML for it
   * (a form's way back to the page), in place.
   */
  function keeps(region: Element, id: string, html: string): boolean {
    if (id === "page-body" || drawnFrom.get(id) !== signature(html)) return false;
    const { insides } = outline(html);
    const pending: [Element, { html: string; parsed: Node }][] = [];
    for (const island of Array.from(region.querySelectorAll("[data-component]"))) {
      if (island.getAttribute("data-island") === "mounted" && island.getAttribute("data-hydrate") !== "none") continue;
      const inside = insides.get(island.getAttribute("data-uid") ?? "");
      if (inside === undefined || !deps.renderer.takesServerHTML(island)) return false;
      pending.push([island, inside]);
    }
    for (const [island, inside] of pending)
      deps.renderer.setServerHTML(island, inside.html, (el) => patchChildren(el, inside.parsed));
    return true;
  }

  /**
   * Draws a page. `background`: the page on screen again, fresher; history, scroll and focus
   * stay. `kept`: the page's body as it was left (a snapshot's), put back instead of drawn.
   */
  async function swap(
    page: Extract<PageOutcome, { kind: "page" }>,
    options: VisitOptions,
    background = false,
    kept?: DocumentFragment,
  ): Promise<void> {
    const { page: data, url } = page;
    const from = deps.shown.href;
    if (!background) {
      // Before the body may leave: without it the page is shorter and its scroll clamped.
      deps.scroll.save(deps.history.key);
      if (deps.shown.page) {
        const body = doc.getElementById("page-body");
        // The body itself when it can be kept, islands alive: Back then has nothing to draw.
        const content = body ? deps.renderer.detachRegion(body) : null;
        deps.snapshots.save(deps.history.key, {
          page: deps.shown.page,
          url: new URL(from),
          ...(content ? { body: content, fields: [] } : { fields: captureFields(body) }),
          savedAt: deps.now(),
        });
      }
      if (options.action === "push") deps.history.push(url);
      else if (options.action === "replace") deps.history.replace(url);
      else deps.history.arrive(options.restoreKey ?? deps.history.key);
    }
    deps.preview.observe(url);

    const match = matchPath(deps.routes(), url.pathname);
    applyHead(doc, data.meta, (match?.language ?? { locale: doc.documentElement.lang }).locale);
    deps.shown.href = url.href;
    deps.shown.page = data;
    deps.bus.emit("route:theme", data.theme);
    const regions = REGIONS.map(([id, key]) => {
      const region = doc.getElementById(id);
      const kept = region !== null && keeps(region, id, data[key]);
      return [region, id, key, kept] as const;
    });
    // The old page's islands go before the address changes: one still hydrating must not
    // receive an update first (React would then client-render it and report error 424).
    // Persistent ones (data-persist, mounted) wait for the new markup, which may name them again.
    for (const [region, , , stays] of regions)
      if (region && !stays) deps.renderer.unmountRegion(region, { keepPersistent: true });
    // A kept body's islands show again before the address changes, so that they follow it.
    const body = doc.getElementById("page-body");
    if (kept && body) deps.renderer.attachRegion(body, kept);
    // The islands of the new page (and the kept ones) read the new address as they mount.
    deps.location.set(url);
    await Promise.all(
      regions.map(async ([region, id, key, stays]) => {
        if (!region) return;
        if (id === "page-head") region.hidden = data.theme.hideHead === true;
        if (id === "page-foot") region.hidden = data.theme.hideFoot === true;
        if (stays || (kept && id === "page-body")) return;
        if (id !== "page-body") drawnFrom.set(id, signature(data[key]));
        await deps.renderer.replaceRegion(region, data[key]);
      }),
    );
    if (background) return;
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

  /** Back or forward to a page left earlier: drawn from its snapshot at once, refreshed when old. */
  async function restoreSnapshot(url: URL, options: VisitOptions): Promise<VisitResult | null> {
    const key = options.restoreKey;
    const snapshot = key ? deps.snapshots.get(key) : undefined;
    if (!key || !snapshot || routeKey(snapshot.url) !== routeKey(url)) return null;
    pending?.abort();
    pending = null;
    const body = deps.snapshots.takeBody(key);
    await swap({ kind: "page", page: snapshot.page, url }, options, false, body);
    if (!body) restoreFields(doc.getElementById("page-body"), snapshot.fields);
    if (deps.now() - snapshot.savedAt > deps.snapshotMaxAgeMs) void refresh(url, deps.history.key);
    return "done";
  }

  async function refresh(url: URL, key: string): Promise<void> {
    const controller = new AbortController();
    pending = controller;
    deps.bus.emit("route:requested", { url: url.href });
    const outcome = await deps.load(url, controller.signal);
    // Left meanwhile, or another visit started: this answer is for nobody.
    if (controller.signal.aborted || deps.history.key !== key || outcome.kind !== "page") return;
    pending = null;
    const shown = deps.shown.page;
    if (shown && REGIONS.every(([, k]) => shown[k] === outcome.page[k])) return;
    const fields = captureFields(doc.getElementById("page-body"));
    try {
      await swap(outcome, { action: "restore" }, true);
      restoreFields(doc.getElementById("page-body"), fields);
    } catch (err) {
      logger.error(`[router] ${url.pathname}${url.search}: could not refresh the page (${String(err)})`);
    }
  }

  return async function visit(input: URL, options: VisitOptions): Promise<VisitResult> {
    const url = deps.preview.apply(input);
    if (options.action === "restore") deps.guard.arrived(routeKey(url));
    else if (!deps.guard.allow(routeKey(url))) return "ignored";
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
    if (options.action === "restore") {
      const restored = await restoreSnapshot(url, options);
      if (restored) return restored;
    }
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    // SPEC.md §2: no bar for a page flagged as not to be loaded. Its flag is the template's
    // (meta.noLoad), known before the answer only from an earlier answer for the address;
    // otherwise the bar's delay keeps it off for a fast answer, and the answer hides it.
    progress.start({ silent: options.noLoad || deps.knownNoLoad(url) });
    deps.bus.emit("route:requested", { url: url.href });
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
