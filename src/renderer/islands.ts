// The island renderer: finds [data-component] elements in a region, checks their props
// against the component's schema, waits for the island's hydration strategy, then mounts
// it. Each island's state is written to data-island: pending, mounted, failed, missing.
import type { HydrateStrategy, Registry, RegistryEntry } from "../registry/types";
import { HYDRATE_STRATEGIES } from "../registry/types";
import { dispatchIslandMounted } from "../runtime/page-events";
import { type HeldEvents, holdEvents } from "./held-events";
import type { MountedIsland, Providers } from "./mount";
import { parseProps } from "./parse-props";
import { createPropsChecks } from "./props-check";
import {
  type Cancel,
  createUseWatcher,
  createVisibilityWatcher,
  IslandContractError,
  isStrategy,
  schedule,
  type Win,
} from "./strategies";

export type IslandState = "pending" | "mounted" | "failed" | "missing";

export interface RendererOptions {
  registry: Registry;
  win?: Win;
  logger?: Pick<Console, "warn">;
  loadMount?: () => Promise<typeof import("./mount")>;
  /** Context every island is rendered in (language, router, ...), loaded with React; `messages` is its entry's. */
  loadProviders?: (messages?: "all") => Promise<Providers>;
  /** Whether a shopper is signed in: islands with a strategy for that (hydrateSignedIn) use it. */
  signedIn?: () => boolean;
}

export interface Renderer {
  /** Starts every island in the region; resolves once each is validated and scheduled. */
  mountRegion(region: ParentNode): Promise<void>;
  /**
   * Unmounts every island in the region and cancels those still waiting; with `keepPersistent`,
   * mounted islands marked data-persist stay for replaceRegion to carry over.
   */
  unmountRegion(region: ParentNode, options?: { keepPersistent?: boolean }): void;
  /**
   * Unmounts the region's islands, swaps its HTML, and starts the new islands. A mounted
   * data-persist island whose component and name come again takes the new one's place, alive,
   * updated with the new props when they changed; the others go.
   */
  replaceRegion(region: Element, html: string): Promise<void>;
  /**
   * Takes the region's content out of the document with its islands alive, for the snapshot
   * cache: they keep their state, stop following the address and wait to mount if they had
   * not yet. Null when the content cannot be kept so: an island marked data-persist (the next
   * page may take it), or a password or file field (never kept for Back).
   */
  detachRegion(region: Element): DocumentFragment | null;
  /** Puts back content detachRegion took, in place of the region's islands; its islands show again. */
  attachRegion(region: Element, content: DocumentFragment): void;
  /** Unmounts the islands of content detachRegion took that will not come back. */
  disposeDetached(content: DocumentFragment): void;
  /** True when React has not rendered the island (plain server HTML, or waiting to hydrate): setServerHTML may change it. */
  takesServerHTML(el: Element): boolean;
  /**
   * New server HTML for such an island, as the next page renders it, put in by `write` when
   * given (the router changes it in place: patch-children.ts, kept out of the boot chunk).
   */
  setServerHTML(el: Element, html: string, write?: (el: Element) => void): void;
  /** The state of an island element, or undefined when it is not one of this renderer's. */
  stateOf(el: Element): IslandState | undefined;
}

interface Island {
  el: HTMLElement;
  name: string;
  state: IslandState;
  serverHTML: string;
  disposed: boolean;
  /** Kept aside with its page (detachRegion). */
  hidden: boolean;
  cancel?: Cancel;
  mounted?: MountedIsland;
  /** Its mounting, held while it is hidden: it runs when the page comes back. */
  held?: () => void;
  /** The shopper's clicks and submissions while it mounts (held-events.ts). */
  events?: HeldEvents;
}

/** What an island needs to mount: React's half of the renderer, its component, its providers. */
type Loaded = [typeof import("./mount"), Awaited<ReturnType<RegistryEntry["load"]>>, Providers | undefined];

const SELECTOR = "[data-component]";

export function createRenderer(options: RendererOptions): Renderer {
  const { registry } = options;
  const win = options.win ?? window;
  const logger = options.logger ?? console;
  const loadMount = options.loadMount ?? (() => import("./mount"));
  const islands = new Map<Element, Island>();
  const warnedMissing = new Set<string>();
  const whenVisible = createVisibilityWatcher(win);
  const { whenInUse, markInUse } = createUseWatcher(win);
  let clientIds = 0;
  // A production page trusts the props of the islands its server rendered (data-ssr): the
  // server checked them against the schema and filled in their defaults before rendering
  // (src/server/ssr.tsx), so the props validators, a chunk larger than all of a page's
  // islands, stay out of shoppers' pages. Development and tests check every island.
  const trustsServer = typeof __DEV__ !== "undefined" && !__DEV__;
  const checksProps = (el: Element) => !(trustsServer && el.hasAttribute("data-ssr"));

  const propsChecks = createPropsChecks();

  function setState(island: Island, state: IslandState) {
    island.state = state;
    island.el.setAttribute("data-island", state);
  }

  function fail(island: Island, message: string) {
    setState(island, "failed");
    logger.warn(`[islands] ${island.name} failed: ${message}`);
  }

  function isIslandName(name: string): boolean {
    return Object.hasOwn(registry, name);
  }

  async function start(island: Island): Promise<void> {
    const { el, name } = island;
    if (!isIslandName(name)) {
      setState(island, "missing");
      if (!warnedMissing.has(name)) {
        warnedMissing.add(name);
        logger.warn(`[islands] unknown component "${name}": skipped; register it in src/registry/index.ts`);
      }
      return;
    }
    const entry = registry[name] as RegistryEntry;
    const raw = el.getAttribute("data-props");
    const parsed = propsChecks.parse(name, raw);
    if (!parsed.ok) return fail(island, `${parsed.pointer || "/"} ${parsed.message}`);

    const requested = el.getAttribute("data-hydrate");
    if (requested !== null && !isStrategy(requested)) {
      return fail(island, `data-hydrate "${requested}" is not one of ${HYDRATE_STRATEGIES.join(", ")}`);
    }
    const strategy: HydrateStrategy =
      requested ?? (entry.hydrateSignedIn && options.signedIn?.() ? entry.hydrateSignedIn : entry.hydrate);
    const ssr = el.hasAttribute("data-ssr");
    if (strategy === "none" && !ssr) {
      return fail(island, `data-hydrate "none" needs server HTML (data-ssr), or nothing would ever show`);
    }

    // An island that mounts at once needs React and its code anyway: fetch them while its props are checked.
    if (strategy === "load") warm(entry);
    const props = parsed.value;
    if (!parsed.known && checksProps(el)) {
      // Loaded once per component: a later island of it is checked without waiting for a task.
      const checking = propsChecks.check(name, entry, raw, props);
      const checked = checking instanceof Promise ? await checking : checking;
      if (island.disposed) return;
      if (!checked.ok) return fail(island, checked.message);
    }
    // A `none` island's server HTML is final: valid props, nothing to download.
    if (strategy === "none") return mounted(island, strategy);
    try {
      island.cancel = schedule(strategy, el, () => void mount(island, entry, props as object, ssr, strategy), {
        win,
        whenVisible,
        whenInUse,
      });
    } catch (err) {
      if (!(err instanceof IslandContractError)) throw err;
      fail(island, err.message);
    }
  }

  function mounted(island: Island, strategy: HydrateStrategy) {
    // The strategy the registry chose, for the router: a "none" island is plain server HTML.
    if (!island.el.hasAttribute("data-hydrate")) island.el.setAttribute("data-hydrate", strategy);
    setState(island, "mounted");
    dispatchIslandMounted({ component: island.name, element: island.el, strategy });
  }

  function warm(entry: RegistryEntry) {
    const ignore = () => {};
    loadMount().catch(ignore);
    entry.load().catch(ignore);
    options.loadProviders?.(entry.messages).catch(ignore);
  }

  async function mount(
    island: Island,
    entry: RegistryEntry,
    props: object,
    ssr: boolean,
    strategy: HydrateStrategy,
  ): Promise<void> {
    island.cancel = undefined;
    island.events = holdEvents(island.el, win);
    const loadAll = () => Promise.all([loadMount(), entry.load(), options.loadProviders?.(entry.messages)]);
    let loaded: Awaited<ReturnType<typeof loadAll>>;
    try {
      loaded = await loadAll();
    } catch (err) {
      if (island.disposed) return;
      fail(island, `could not load its code (${String(err)})`);
      // What the shopper did goes to the server's HTML, as without script.
      island.events?.release();
      return;
    }
    if (island.disposed) return;
    if (island.hidden) {
      island.held = () => hydrate(island, loaded, props, ssr, strategy);
      return;
    }
    hydrate(island, loaded, props, ssr, strategy);
  }

  function hydrate(
    island: Island,
    [mountModule, componentModule, Providers]: Loaded,
    props: object,
    ssr: boolean,
    strategy: HydrateStrategy,
  ) {
    const idPrefix = island.el.getAttribute("data-uid") ?? `c${clientIds++}-`;
    island.mounted = mountModule.mountIsland(island.el, componentModule.default, props, {
      ssr,
      idPrefix,
      Providers,
      onMounted: () => {
        if (island.disposed || island.state !== "pending") return;
        mounted(island, strategy);
        island.events?.release();
        // React is on the page now: the idle islands waiting for that may follow.
        markInUse();
      },
      onError: (error) => {
        fail(island, `threw while rendering: ${String(error)}`);
        island.events?.drop();
        // Leave React's commit first, then give the shopper back the server's HTML.
        win.setTimeout(() => {
          island.mounted?.unmount();
          island.mounted = undefined;
          island.el.innerHTML = island.serverHTML;
        }, 0);
      },
      onRecoverableError: (error) => {
        // Unmounting a root still hydrating (the shopper left the page first) makes React
        // report error 424; an island being thrown away has nothing left to report.
        if (!island.disposed) logger.warn(`[islands] ${island.name}: ${String(error)}`);
      },
    });
  }

  function findIslands(region: ParentNode): HTMLElement[] {
    // An island inside another island belongs to that island's React tree.
    return Array.from(region.querySelectorAll<HTMLElement>(SELECTOR)).filter((el) => {
      const outer = el.parentElement?.closest(SELECTOR);
      return !outer || !containsNode(region, outer);
    });
  }

  function containsNode(region: ParentNode, node: Node): boolean {
    return region === node || (region as Node).contains(node);
  }

  function dispose(island: Island) {
    island.disposed = true;
    island.cancel?.();
    island.events?.drop();
    island.mounted?.unmount();
    islands.delete(island.el);
  }

  async function mountRegion(region: ParentNode): Promise<void> {
    const started: Promise<void>[] = [];
    for (const el of findIslands(region)) {
      if (islands.has(el)) continue;
      const island: Island = {
        el,
        name: el.getAttribute("data-component") ?? "",
        state: "pending",
        serverHTML: el.innerHTML,
        disposed: false,
        hidden: false,
      };
      islands.set(el, island);
      setState(island, "pending");
      started.push(start(island));
    }
    await Promise.all(started);
  }

  function unmountRegion(region: ParentNode, unmountOptions: { keepPersistent?: boolean } = {}): void {
    for (const island of Array.from(islands.values())) {
      if (!containsNode(region, island.el)) continue;
      if (unmountOptions.keepPersistent && persistKey(island) !== null) continue;
      dispose(island);
    }
  }

  /** A mounted React island's persist key (component and data-persist name), else null. */
  function persistKey(island: Island): string | null {
    const name = island.el.getAttribute("data-persist");
    return name !== null && island.state === "mounted" && island.mounted ? `${island.name}\u0000${name}` : null;
  }

  /** Puts the region's persistent islands in place of their namesakes in its new HTML. */
  function carryOver(region: Element, kept: Map<string, Island>) {
    for (const el of findIslands(region)) {
      const name = el.getAttribute("data-persist");
      const island = name === null ? undefined : kept.get(`${el.getAttribute("data-component")}\u0000${name}`);
      if (!island) continue;
      kept.delete(`${island.name}\u0000${name}`);
      const raw = el.getAttribute("data-props");
      el.replaceWith(island.el);
      if (raw !== island.el.getAttribute("data-props")) void update(island, raw, checksProps(el));
    }
    for (const island of kept.values()) dispose(island);
  }

  /** New props for a kept island, checked as a new island's would be; bad ones leave it as it was. */
  async function update(island: Island, raw: string | null, check: boolean) {
    const parsed = parseProps(raw);
    const validate = parsed.ok && check ? (await (registry[island.name] as RegistryEntry).validator()).default : null;
    if (!parsed.ok || (validate && !validate(parsed.value))) {
      logger.warn(`[islands] ${island.name}: new props refused; it keeps its old ones`);
      return;
    }
    if (island.disposed) return;
    island.el.setAttribute("data-props", raw ?? "");
    island.mounted?.update(parsed.value as object);
  }

  // Plain functions, not `this` methods: callers may pass them around on their own.
  return {
    mountRegion,
    unmountRegion,
    async replaceRegion(region, html) {
      const kept = new Map<string, Island>();
      for (const island of Array.from(islands.values())) {
        if (!containsNode(region, island.el)) continue;
        const key = persistKey(island);
        if (key === null || kept.has(key)) dispose(island);
        else kept.set(key, island);
      }
      // Moving a kept island out and back in blurs whatever had the focus inside it.
      const focused = region.ownerDocument?.activeElement;
      region.innerHTML = html;
      carryOver(region, kept);
      if (focused instanceof HTMLElement && focused.isConnected && focused !== focused.ownerDocument.activeElement) {
        focused.focus({ preventScroll: true });
      }
      await mountRegion(region);
    },
    detachRegion(region) {
      const inside = Array.from(islands.values()).filter((island) => containsNode(region, island.el));
      if (inside.some((island) => island.el.hasAttribute("data-persist"))) return null;
      if (region.querySelector('input[type="password"], input[type="file"]')) return null;
      for (const island of inside) {
        island.hidden = true;
        island.mounted?.setHidden(true);
      }
      const content = region.ownerDocument.createDocumentFragment();
      content.append(...Array.from(region.childNodes));
      return content;
    },
    attachRegion(region, content) {
      for (const island of Array.from(islands.values())) if (containsNode(region, island.el)) dispose(island);
      region.replaceChildren(content);
      for (const island of Array.from(islands.values())) {
        if (!island.hidden || !containsNode(region, island.el)) continue;
        island.hidden = false;
        island.mounted?.setHidden(false);
        const held = island.held;
        island.held = undefined;
        held?.();
      }
    },
    disposeDetached(content) {
      for (const island of Array.from(islands.values())) if (containsNode(content, island.el)) dispose(island);
    },
    takesServerHTML(el) {
      const island = islands.get(el);
      return island !== undefined && island.mounted === undefined;
    },
    setServerHTML(el, html, write) {
      const island = islands.get(el);
      if (!island || island.mounted) return;
      if (write) write(el);
      else el.innerHTML = html;
      island.serverHTML = html;
    },
    stateOf(el) {
      return islands.get(el)?.state;
    },
  };
}
