// The island renderer: finds [data-component] elements in a region, checks their props
// against the component's schema, waits for the island's hydration strategy, then mounts
// it. Each island's state is written to data-island: pending, mounted, failed, missing.
import type { HydrateStrategy, Registry, RegistryEntry } from "../registry/types";
import { HYDRATE_STRATEGIES } from "../registry/types";
import { dispatchIslandMounted } from "../runtime/page-events";
import { describeValidationError } from "../shared/describe-error";
import type { MountedIsland, Providers } from "./mount";
import { parseProps } from "./parse-props";
import { type Cancel, createVisibilityWatcher, IslandContractError, isStrategy, schedule, type Win } from "./strategies";

export type IslandState = "pending" | "mounted" | "failed" | "missing";

export interface RendererOptions {
  registry: Registry;
  win?: Win;
  logger?: Pick<Console, "warn">;
  loadMount?: () => Promise<typeof import("./mount")>;
  /** Context every island is rendered in (language, router, ...), loaded with React. */
  loadProviders?: () => Promise<Providers>;
}

export interface Renderer {
  /** Starts every island in the region; resolves once each is validated and scheduled. */
  mountRegion(region: ParentNode): Promise<void>;
  /** Unmounts every island in the region and cancels those still waiting. */
  unmountRegion(region: ParentNode): void;
  /** Unmounts the region's islands, swaps its HTML, and starts the new islands. */
  replaceRegion(region: Element, html: string): Promise<void>;
  /** The state of an island element, or undefined when it is not one of this renderer's. */
  stateOf(el: Element): IslandState | undefined;
}

interface Island {
  el: HTMLElement;
  name: string;
  state: IslandState;
  serverHTML: string;
  disposed: boolean;
  cancel?: Cancel;
  mounted?: MountedIsland;
}

const SELECTOR = "[data-component]";

export function createRenderer(options: RendererOptions): Renderer {
  const { registry } = options;
  const win = options.win ?? window;
  const logger = options.logger ?? console;
  const loadMount = options.loadMount ?? (() => import("./mount"));
  const islands = new Map<Element, Island>();
  const warnedMissing = new Set<string>();
  const whenVisible = createVisibilityWatcher(win);
  let clientIds = 0;

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
    const parsed = parseProps(el.getAttribute("data-props"));
    if (!parsed.ok) return fail(island, `${parsed.pointer || "/"} ${parsed.message}`);

    const requested = el.getAttribute("data-hydrate");
    if (requested !== null && !isStrategy(requested)) {
      return fail(island, `data-hydrate "${requested}" is not one of ${HYDRATE_STRATEGIES.join(", ")}`);
    }
    const strategy: HydrateStrategy = requested ?? entry.hydrate;
    const ssr = el.hasAttribute("data-ssr");
    if (strategy === "none" && !ssr) {
      return fail(island, `data-hydrate "none" needs server HTML (data-ssr), or nothing would ever show`);
    }

    // An island that mounts at once needs React and its code anyway: fetch them while its props are checked.
    if (strategy === "load") warm(entry);
    let validate: Awaited<ReturnType<RegistryEntry["validator"]>>["default"];
    try {
      validate = (await entry.validator()).default;
    } catch (err) {
      if (!island.disposed) fail(island, `could not load its props validator (${String(err)})`);
      return;
    }
    if (island.disposed) return;
    const props = parsed.value;
    if (!validate(props)) {
      const { pointer, message } = describeValidationError(validate.errors?.[0]);
      return fail(island, `props ${pointer || "/"} ${message}`);
    }
    // A `none` island's server HTML is final: valid props, nothing to download.
    if (strategy === "none") return mounted(island, strategy);
    try {
      island.cancel = schedule(strategy, el, () => void mount(island, entry, props as object, ssr, strategy), {
        win,
        whenVisible,
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
    options.loadProviders?.().catch(ignore);
  }

  async function mount(
    island: Island,
    entry: RegistryEntry,
    props: object,
    ssr: boolean,
    strategy: HydrateStrategy,
  ): Promise<void> {
    island.cancel = undefined;
    const loadAll = () => Promise.all([loadMount(), entry.load(), options.loadProviders?.()]);
    let loaded: Awaited<ReturnType<typeof loadAll>>;
    try {
      loaded = await loadAll();
    } catch (err) {
      if (!island.disposed) fail(island, `could not load its code (${String(err)})`);
      return;
    }
    if (island.disposed) return;
    const [mountModule, componentModule, Providers] = loaded;
    const idPrefix = island.el.getAttribute("data-uid") ?? `c${clientIds++}-`;
    island.mounted = mountModule.mountIsland(island.el, componentModule.default, props, {
      ssr,
      idPrefix,
      Providers,
      onMounted: () => {
        if (!island.disposed && island.state === "pending") mounted(island, strategy);
      },
      onError: (error) => {
        fail(island, `threw while rendering: ${String(error)}`);
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
      };
      islands.set(el, island);
      setState(island, "pending");
      started.push(start(island));
    }
    await Promise.all(started);
  }

  function unmountRegion(region: ParentNode): void {
    for (const island of Array.from(islands.values())) {
      if (containsNode(region, island.el)) dispose(island);
    }
  }

  // Plain functions, not `this` methods: callers may pass them around on their own.
  return {
    mountRegion,
    unmountRegion,
    async replaceRegion(region, html) {
      unmountRegion(region);
      region.innerHTML = html;
      await mountRegion(region);
    },
    stateOf(el) {
      return islands.get(el)?.state;
    },
  };
}
