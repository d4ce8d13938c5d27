// When an island runs: each strategy waits for its moment, then calls `run` once.
// Every scheduler returns a cancel function, used when the region is replaced first.
import type { HydrateStrategy } from "../registry/types";

export type Cancel = () => void;

/** The window the renderer runs in; tests pass a fake one. */
export type Win = Window & typeof globalThis;

const INTERACTION_EVENTS = ["pointerenter", "pointerdown", "touchstart", "focusin", "keydown"] as const;

function onIdle(win: Win, run: () => void): Cancel {
  if (typeof win.requestIdleCallback === "function") {
    const handle = win.requestIdleCallback(run, { timeout: 2000 });
    return () => win.cancelIdleCallback(handle);
  }
  const handle = win.setTimeout(run, 1);
  return () => win.clearTimeout(handle);
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

function onInteraction(el: Element, run: () => void): Cancel {
  const fire = () => {
    cancel();
    run();
  };
  const cancel = () => {
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, fire, true);
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, fire, { capture: true, passive: true });
  return cancel;
}

export function schedule(
  strategy: Exclude<HydrateStrategy, "none">,
  el: Element,
  run: () => void,
  env: { win: Win; whenVisible: (el: Element, run: () => void) => Cancel },
): Cancel {
  switch (strategy) {
    case "load":
      run();
      return () => {};
    case "idle":
      return onIdle(env.win, run);
    case "visible":
      return env.whenVisible(el, run);
    case "interaction":
      return onInteraction(el, run);
  }
}
