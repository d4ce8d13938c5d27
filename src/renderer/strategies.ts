// When an island runs: a registry of strategies, one function per `data-hydrate` name.
// Each waits for its moment, then calls `run` once, and returns a cancel function, used
// when the region is replaced first. An island whose attributes a strategy cannot use
// (for example `media` without `data-media`) makes the function throw an
// IslandContractError; the renderer marks that island failed with the message.
import { HYDRATE_STRATEGIES, type HydrateStrategy } from "../registry/types";

export type Cancel = () => void;

/** The window the renderer runs in; tests pass a fake one. */
export type Win = Window & typeof globalThis;

/** Every strategy that runs the island at some point: all but `none`. */
export type StrategyName = Exclude<HydrateStrategy, "none">;

export interface StrategyEnv {
  win: Win;
  /** The renderer's shared IntersectionObserver (createVisibilityWatcher). */
  whenVisible: (el: Element, run: () => void) => Cancel;
  /** Runs `run` once the page is in use (createUseWatcher). */
  whenInUse: (run: () => void) => Cancel;
}

/** Waits for its moment, calls `run` once, and returns how to stop waiting. */
export type StrategyFn = (el: Element, run: () => void, env: StrategyEnv) => Cancel;

/** The island's attributes do not fit its strategy; the message says how. */
export class IslandContractError extends Error {
  override name = "IslandContractError";
}

/** The attribute holding the CSS media query of `data-hydrate="media"`. */
export const MEDIA_ATTR = "data-media";

const INTERACTION_EVENTS = ["pointerenter", "pointerdown", "touchstart", "focusin", "keydown"] as const;

const load: StrategyFn = (_el, run) => {
  run();
  return () => {};
};

function whenIdle(win: Win, run: () => void): Cancel {
  if (typeof win.requestIdleCallback === "function") {
    const handle = win.requestIdleCallback(run, { timeout: 2000 });
    return () => win.cancelIdleCallback(handle);
  }
  const handle = win.setTimeout(run, 1);
  return () => win.clearTimeout(handle);
}

/**
 * Nothing needs an idle island before the page is in use, and on its own it would bring React
 * while the page loads (the main thread a phone is still laying the page out with): it waits
 * for another island to have mounted or the shopper to press, touch or type, then for idle time.
 */
const idle: StrategyFn = (_el, run, { win, whenInUse }) => {
  let cancelIdle: Cancel | undefined;
  const cancelUse = whenInUse(() => {
    cancelIdle = whenIdle(win, run);
  });
  return () => {
    cancelUse();
    cancelIdle?.();
  };
};

const visible: StrategyFn = (el, run, env) => env.whenVisible(el, run);

const interaction: StrategyFn = (el, run) => {
  const fire = () => {
    cancel();
    run();
  };
  const cancel = () => {
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, fire, true);
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, fire, { capture: true, passive: true });
  return cancel;
};

/** Like Astro's client:media: runs when the query in data-media matches, at once if it does now. */
const media: StrategyFn = (el, run, { win }) => {
  const query = el.getAttribute(MEDIA_ATTR)?.trim();
  if (!query)
    throw new IslandContractError(
      `data-hydrate "media" needs a CSS media query in ${MEDIA_ATTR}, e.g. ${MEDIA_ATTR}="(max-width: 767px)"`,
    );
  if (typeof win.matchMedia !== "function") {
    run();
    return () => {};
  }
  const list = win.matchMedia(query);
  // Browsers read a query they cannot parse as "not all", which would never match.
  if (list.media === "not all" && !/^not\s+all$/i.test(query)) {
    throw new IslandContractError(`${MEDIA_ATTR} "${query}" is not a valid CSS media query`);
  }
  if (list.matches) {
    run();
    return () => {};
  }
  const onChange = () => {
    if (!list.matches) return;
    cancel();
    run();
  };
  const cancel = () => list.removeEventListener("change", onChange);
  list.addEventListener("change", onChange);
  return cancel;
};

/**
 * One function per strategy name of schemas/common/hydrate-strategy.schema.json (the generated
 * HydrateStrategy) but `none`: tsc fails when a name has no function, or a function no name.
 */
export const STRATEGIES: Readonly<Record<StrategyName, StrategyFn>> = { load, idle, visible, interaction, media };

/** Whether `name` is a strategy of the schema (data-hydrate's allowed values). */
export function isStrategy(name: string): name is HydrateStrategy {
  return (HYDRATE_STRATEGIES as readonly string[]).includes(name);
}

/** One IntersectionObserver serves every `visible` island of a renderer. */
export function createVisibilityWatcher(win: Win) {
  const waiting = new Map<Element, () => void>();
  let observer: IntersectionObserver | null = null;
  return (el: Element, run: () => void): Cancel => {
    if (typeof win.IntersectionObserver !== "function") {
      run();
      return () => {};
    }
    observer ??= new win.IntersectionObserver(
      (entries: IntersectionObserverEntry[]) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const cb = waiting.get(entry.target);
          waiting.delete(entry.target);
          observer?.unobserve(entry.target);
          cb?.();
        }
      },
      // Start a little before the island scrolls in, so it is ready when seen.
      { rootMargin: "200px" },
    );
    waiting.set(el, run);
    observer!.observe(el);
    return () => {
      waiting.delete(el);
      observer?.unobserve(el);
    };
  };
}

/** Waits for the island's strategy; throws IslandContractError when its attributes do not fit. */
export function schedule(strategy: StrategyName, el: Element, run: () => void, env: StrategyEnv): Cancel {
  return STRATEGIES[strategy](el, run, env);
}

/** What puts a page in use: the shopper pressing, touching or typing anywhere on it. */
const USE_EVENTS = ["pointerdown", "touchstart", "keydown"] as const;

/**
 * Whether the page is in use: from the shopper's first press, touch or key, or from `markInUse`
 * (the renderer calls it when an island has mounted, React being there by then). Stays so.
 */
export function createUseWatcher(win: Win) {
  let inUse = false;
  const waiting = new Set<() => void>();
  let listening = false;
  const onUse = () => markInUse();
  function stopListening() {
    if (!listening) return;
    listening = false;
    for (const type of USE_EVENTS) win.document.removeEventListener(type, onUse, true);
  }
  function markInUse() {
    if (inUse) return;
    inUse = true;
    stopListening();
    const runs = [...waiting];
    waiting.clear();
    for (const run of runs) run();
  }
  function whenInUse(run: () => void): Cancel {
    if (inUse) {
      run();
      return () => {};
    }
    waiting.add(run);
    if (!listening) {
      listening = true;
      for (const type of USE_EVENTS) win.document.addEventListener(type, onUse, { capture: true, passive: true });
    }
    return () => waiting.delete(run);
  }
  return { whenInUse, markInUse };
}
