// The strategy registry, the `media` strategy (data-hydrate="media" data-media="…") with a
// fake matchMedia, and the storefront:island-mounted event.
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { createRenderer } from "../../../src/renderer/islands";
import { IslandContractError, isStrategy, STRATEGIES, schedule, type Win } from "../../../src/renderer/strategies";
import { ISLAND_MOUNTED, type IslandMountedDetail } from "../../../src/runtime/page-events";
import { island, makeRegistry } from "./fixtures";

/** matchMedia whose answers the test sets; each query list counts its change listeners. */
function fakeMatchMedia(matching: (query: string) => boolean) {
  const lists: FakeList[] = [];
  class FakeList extends EventTarget {
    listeners = 0;
    onchange = null;
    constructor(readonly media: string) {
      super();
    }
    get matches() {
      return matching(this.media);
    }
    override addEventListener(...args: Parameters<EventTarget["addEventListener"]>) {
      this.listeners++;
      super.addEventListener(...args);
    }
    override removeEventListener(...args: Parameters<EventTarget["removeEventListener"]>) {
      this.listeners--;
      super.removeEventListener(...args);
    }
    addListener() {}
    removeListener() {}
  }
  const matchMedia = vi.fn((query: string) => {
    const list = new FakeList(query === "garbage(" ? "not all" : query);
    lists.push(list);
    return list as unknown as MediaQueryList;
  });
  /** The viewport changed: every list hears `change`, as browsers do. */
  const change = () => {
    for (const list of lists) list.dispatchEvent(new Event("change"));
  };
  return { matchMedia, lists, change };
}

let region: HTMLElement;
let logger: { warn: Mock<(message: string) => void> };
let narrow = false;
let media: ReturnType<typeof fakeMatchMedia>;

beforeEach(() => {
  document.body.innerHTML = `<main id="page-body"></main>`;
  region = document.getElementById("page-body")!;
  logger = { warn: vi.fn<(message: string) => void>() };
  narrow = false;
  media = fakeMatchMedia((query) => query === "(max-width: 767px)" && narrow);
  vi.stubGlobal("matchMedia", media.matchMedia);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const stateOf = (selector: string) => region.querySelector(selector)!.getAttribute("data-island");
const settle = (selector: string, state: string) => vi.waitFor(() => expect(stateOf(selector)).toBe(state));
const mediaIsland = (id: string, query?: string) =>
  island("Counter", {}, { id, "data-hydrate": "media", ...(query === undefined ? {} : { "data-media": query }) });

describe("the strategy registry", () => {
  it("has a function for every strategy but none, media included", () => {
    expect(Object.keys(STRATEGIES).sort()).toEqual(["idle", "interaction", "load", "media", "visible"]);
    for (const name of ["load", "idle", "visible", "interaction", "media", "none"]) expect(isStrategy(name)).toBe(true);
    for (const name of ["later", "toString", "__proto__", ""]) expect(isStrategy(name)).toBe(false);
  });

  it("schedule calls the strategy's function with the element and the environment", () => {
    const run = vi.fn();
    const whenVisible = vi.fn(() => () => {});
    const el = document.createElement("div");
    const whenInUse = () => () => {};
    schedule("visible", el, run, { win: window as Win, whenVisible, whenInUse });
    expect(whenVisible).toHaveBeenCalledWith(el, run);
    schedule("load", el, run, { win: window as Win, whenVisible, whenInUse });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("media throws a contract error without a query", () => {
    const el = document.createElement("div");
    const never = () => () => {};
    expect(() => schedule("media", el, () => {}, { win: window as Win, whenVisible: never, whenInUse: never })).toThrow(
      IslandContractError,
    );
  });
});

describe("data-hydrate=media", () => {
  it("mounts at once when the query matches now", async () => {
    narrow = true;
    region.innerHTML = mediaIsland("a", "(max-width: 767px)");
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(media.matchMedia).toHaveBeenCalledWith("(max-width: 767px)");
    await settle("#a", "mounted");
    expect(media.lists[0]!.listeners).toBe(0);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("waits for the query to match, then mounts once and stops listening", async () => {
    const registry = makeRegistry();
    region.innerHTML = mediaIsland("a", "(max-width: 767px)");
    await createRenderer({ registry, logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("pending");
    expect(media.lists[0]!.listeners).toBe(1);
    media.change(); // a change that still does not match
    await new Promise((r) => setTimeout(r, 10));
    expect(stateOf("#a")).toBe("pending");
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    narrow = true;
    media.change();
    await settle("#a", "mounted");
    expect(media.lists[0]!.listeners).toBe(0);
    media.change();
    expect(registry.Counter!.load).toHaveBeenCalledTimes(1);
  });

  it("an island removed before its query matches never mounts, and its listener is gone", async () => {
    const registry = makeRegistry();
    region.innerHTML = mediaIsland("a", "(max-width: 767px)");
    const renderer = createRenderer({ registry, logger });
    await renderer.mountRegion(region);
    const el = region.querySelector("#a")!;
    renderer.unmountRegion(region);
    expect(media.lists[0]!.listeners).toBe(0);
    narrow = true;
    media.change();
    await new Promise((r) => setTimeout(r, 10));
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    expect(renderer.stateOf(el)).toBeUndefined();
  });

  it.each([
    ["missing", undefined],
    ["empty", ""],
    ["blank", "   "],
  ])("a %s data-media fails the island with a warning naming the component", async (_, query) => {
    region.innerHTML = mediaIsland("a", query) + island("Counter", {}, { id: "b" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(logger.warn.mock.calls[0]![0]).toBe(
      '[islands] Counter failed: data-hydrate "media" needs a CSS media query in data-media, e.g. data-media="(max-width: 767px)"',
    );
    await settle("#b", "mounted");
  });

  it("a query the browser cannot parse fails the island instead of waiting forever", async () => {
    region.innerHTML = mediaIsland("a", "garbage(");
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(logger.warn.mock.calls[0]![0]).toBe('[islands] Counter failed: data-media "garbage(" is not a valid CSS media query');
  });
});

describe("storefront:island-mounted", () => {
  it("bubbles from each island to document with its component, element and strategy", async () => {
    const seen: IslandMountedDetail[] = [];
    const targets: unknown[] = [];
    const listener = (event: CustomEvent<IslandMountedDetail>) => {
      targets.push(event.target);
      seen.push(event.detail);
    };
    document.addEventListener(ISLAND_MOUNTED, listener);
    try {
      region.innerHTML =
        island("Counter", {}, { id: "a" }) +
        island("IdleCounter", {}, { id: "b", "data-hydrate": "none", "data-ssr": "" }, "<b>static</b>") +
        island("Counter", {}, { id: "c", "data-hydrate": "interaction" });
      await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
      await settle("#a", "mounted");
      expect(seen.map((d) => [d.component, d.element.id, d.strategy]).sort()).toEqual([
        ["Counter", "a", "load"],
        ["IdleCounter", "b", "none"],
      ]);
      region.querySelector("#c")!.dispatchEvent(new Event("focusin"));
      await settle("#c", "mounted");
      expect(seen.at(-1)).toMatchObject({ component: "Counter", strategy: "interaction", element: region.querySelector("#c") });
      expect(seen).toHaveLength(3);
      expect(targets).toEqual(seen.map((d) => d.element));
    } finally {
      document.removeEventListener(ISLAND_MOUNTED, listener);
    }
  });

  it("is not dispatched for an island that fails", async () => {
    const listener = vi.fn();
    document.addEventListener(ISLAND_MOUNTED, listener);
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      region.innerHTML = island("Thrower", {}, { id: "a" }) + island("Counter", "{oops", { id: "b" });
      await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
      await settle("#a", "failed");
      await new Promise((r) => setTimeout(r, 10));
      expect(listener).not.toHaveBeenCalled();
    } finally {
      document.removeEventListener(ISLAND_MOUNTED, listener);
    }
  });
});
