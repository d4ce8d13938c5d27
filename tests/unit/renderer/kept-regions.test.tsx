// A body kept for Back (detachRegion / attachRegion): its islands stay alive out of the
// document, keep their state, stop following the address, and mount only once back.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { RegistryEntry } from "../../../src/registry/types";
import { createRenderer } from "../../../src/renderer/islands";
import { useRouteInfo } from "../../../src/runtime/router/hooks";
import { IslandRouter } from "../../../src/runtime/router/IslandRouter";
import { locationStore } from "../../../src/runtime/router/location-store";
import { useIslandShown } from "../../../src/shared/island-frame";
import { island, makeRegistry, unmounted } from "./fixtures";

let region: HTMLElement;
let logger: { warn: Mock<(message: string) => void> };

beforeEach(() => {
  document.body.innerHTML = `<main id="page-body"></main>`;
  region = document.getElementById("page-body")!;
  logger = { warn: vi.fn<(message: string) => void>() };
  unmounted.mockClear();
  locationStore.set({ pathname: "/left", search: "" });
});

afterEach(() => {
  locationStore.set({ pathname: "/", search: "" });
});

const stateOf = (root: ParentNode, selector: string) => root.querySelector(selector)!.getAttribute("data-island");

/** Shows the address it renders with and whether it is on screen. */
function Where() {
  const { path } = useRouteInfo();
  const shown = useIslandShown();
  return <p>{`${path} ${shown ? "shown" : "hidden"}`}</p>;
}

const Routed = ({ children }: { children?: React.ReactNode }) => <IslandRouter>{children}</IslandRouter>;

function registryWithWhere() {
  const registry = makeRegistry();
  registry.Where = { load: vi.fn(async () => ({ default: Where })), validator: registry.Counter!.validator, hydrate: "load" };
  return registry;
}

describe("a region kept for Back", () => {
  it("keeps its islands alive and their state, then shows them again without mounting anything", async () => {
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    region.innerHTML = island("Counter", { start: 1 }, { id: "a" });
    await renderer.mountRegion(region);
    await vi.waitFor(() => expect(stateOf(region, "#a")).toBe("mounted"));
    await act(async () => region.querySelector("button")!.click());
    expect(region.textContent).toBe("count 2");

    const kept = renderer.detachRegion(region)!;
    expect(region.childNodes).toHaveLength(0);
    await renderer.replaceRegion(region, island("Counter", { start: 7 }, { id: "b" }));
    await vi.waitFor(() => expect(stateOf(region, "#b")).toBe("mounted"));
    expect(unmounted).not.toHaveBeenCalled();

    renderer.attachRegion(region, kept);
    // The other page's island went; the kept one is back with the count it had.
    await vi.waitFor(() => expect(unmounted).toHaveBeenCalledTimes(1));
    expect(region.querySelector("#b")).toBeNull();
    expect(region.textContent).toBe("count 2");
    await act(async () => region.querySelector("button")!.click());
    expect(region.textContent).toBe("count 3");
  });

  it("holds its islands' address while it is away, and follows it again once back", async () => {
    const renderer = createRenderer({
      registry: registryWithWhere(),
      logger,
      loadProviders: async () => Routed,
    });
    region.innerHTML = island("Where", {}, { id: "w" });
    await renderer.mountRegion(region);
    await vi.waitFor(() => expect(region.textContent).toBe("/left shown"));

    const kept = renderer.detachRegion(region)!;
    await act(async () => locationStore.set({ pathname: "/next", search: "" }));
    expect(kept.textContent).toBe("/left hidden");

    renderer.attachRegion(region, kept);
    await act(async () => locationStore.set({ pathname: "/left", search: "" }));
    expect(region.textContent).toBe("/left shown");
  });

  it("mounts an island whose code came while it was away only once it is back", async () => {
    const registry = makeRegistry();
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const counter = registry.Counter!;
    registry.Slow = {
      ...counter,
      load: vi.fn(async () => {
        await arrived;
        return counter.load();
      }),
    } satisfies RegistryEntry;
    const renderer = createRenderer({ registry, logger });
    region.innerHTML = island("Slow", { start: 4 }, { id: "s" });
    await renderer.mountRegion(region);
    const kept = renderer.detachRegion(region)!;
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stateOf(kept, "#s")).toBe("pending");
    expect(kept.textContent).toBe("");

    renderer.attachRegion(region, kept);
    await vi.waitFor(() => expect(stateOf(region, "#s")).toBe("mounted"));
    expect(region.textContent).toBe("count 4");
  });

  it("is not kept with a persistent island (the next page may take it) or a password field", async () => {
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    region.innerHTML = island("Counter", {}, { "data-persist": "c" });
    await renderer.mountRegion(region);
    expect(renderer.detachRegion(region)).toBeNull();
    await renderer.replaceRegion(region, `<form><input type="password" name="p" aria-label="Password"></form>`);
    expect(renderer.detachRegion(region)).toBeNull();
    expect(region.querySelector("form")).not.toBeNull();
  });

  it("unmounts the islands of a kept region that will not come back", async () => {
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    region.innerHTML = island("Counter", {}, { id: "a" });
    await renderer.mountRegion(region);
    await vi.waitFor(() => expect(stateOf(region, "#a")).toBe("mounted"));
    const kept = renderer.detachRegion(region)!;
    renderer.disposeDetached(kept);
    await vi.waitFor(() => expect(unmounted).toHaveBeenCalledTimes(1));
    expect(renderer.stateOf(kept.querySelector("#a")!)).toBeUndefined();
  });
});

describe("server HTML of islands React has not rendered", () => {
  it("changes in place for a plain island or one waiting for its code, never for one React renders", async () => {
    const registry = makeRegistry();
    const counter = registry.Counter!;
    registry.Waiting = { ...counter, load: vi.fn(() => new Promise<never>(() => {})) } satisfies RegistryEntry;
    const renderer = createRenderer({ registry, logger });
    region.innerHTML =
      island("Counter", {}, { id: "plain", "data-ssr": "", "data-hydrate": "none" }, "<button>count 0</button>") +
      island("Waiting", {}, { id: "waiting", "data-ssr": "" }, "<button>count 0</button>") +
      island("Counter", {}, { id: "a" });
    await renderer.mountRegion(region);
    await vi.waitFor(() => expect(stateOf(region, "#a")).toBe("mounted"));
    for (const id of ["#plain", "#waiting"]) {
      const el = region.querySelector(id)!;
      expect(renderer.takesServerHTML(el)).toBe(true);
      renderer.setServerHTML(el, `<button>count 0</button><input type="hidden" name="back" value="/next">`);
      expect(el.querySelector("input")!.getAttribute("value")).toBe("/next");
    }
    expect(renderer.takesServerHTML(region.querySelector("#a")!)).toBe(false);
  });
});
