// The events theme scripts follow the page with (src/runtime/page-events.ts), as the router
// dispatches them: storefront:before-visit (cancelable) and storefront:load, on the first
// page and after each client navigation.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { InitialData } from "../../../generated/types";
import type { Win } from "../../../src/renderer/strategies";
import { createBus } from "../../../src/runtime/bus";
import { BEFORE_VISIT, type BeforeVisitDetail, PAGE_LOAD, type PageLoadDetail } from "../../../src/runtime/page-events";
import { startRouter as startPageRouter } from "../../../src/runtime/router/start";
import { createStore } from "../../../src/runtime/storage";
import { answersOf, fixtureNamed, loadFixtures, pageDocument, recordingRenderer, SLOW, startRouter } from "./support";

// The recorded demo store (fixtures/recorded/demo).
const fixtures = loadFixtures();
const answers = () => answersOf(fixtures);
const product = fixtureNamed(fixtures, "product-detail");
const productSlug = product.path.split("/").pop()!;
const searchPath = fixtureNamed(fixtures, "search").path;

type Heard = { type: string; detail: BeforeVisitDetail | PageLoadDetail; cancelable: boolean; regionHTML: string };
let heard: Heard[] = [];
let cancelNext = false;
const cleanups: (() => void)[] = [];

function listen(type: typeof BEFORE_VISIT | typeof PAGE_LOAD) {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<BeforeVisitDetail | PageLoadDetail>;
    heard.push({ type, detail, cancelable: event.cancelable, regionHTML: document.getElementById("page-body")!.innerHTML });
    if (type === BEFORE_VISIT && cancelNext) event.preventDefault();
  };
  document.addEventListener(type, listener);
  cleanups.push(() => document.removeEventListener(type, listener));
}

beforeEach(() => {
  pageDocument("/start-page");
  heard = [];
  cancelNext = false;
  listen(BEFORE_VISIT);
  listen(PAGE_LOAD);
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  document.documentElement.removeAttribute("aria-busy");
});

describe("storefront:before-visit and storefront:load on a client navigation", () => {
  it("fires before-visit before the fetch, and load with the route once the new page is in", async () => {
    const { router, fetch } = startRouter({ answers: answers() });
    try {
      fetch.mockImplementationOnce(async (...args) => {
        // The fetch starts after before-visit, and nothing has been swapped yet.
        expect(heard.map((h) => h.type)).toEqual([BEFORE_VISIT]);
        return fetch.getMockImplementation()!(...args);
      });
      expect(await router.visit(product.path)).toBe("done");
      expect(heard.map((h) => h.type)).toEqual([BEFORE_VISIT, PAGE_LOAD]);
      const [before, load] = heard;
      expect(before!.cancelable).toBe(true);
      expect(before!.detail).toEqual({
        url: `${location.origin}${product.path}`,
        route: { name: "product-detail", params: { slug: productSlug } },
      });
      expect(before!.regionHTML).toContain("<h1>Start</h1>");
      expect(load!.cancelable).toBe(false);
      expect(load!.detail).toEqual({
        url: `${location.origin}${product.path}`,
        route: { name: "product-detail", params: { slug: productSlug } },
      });
      // Dispatched after the swap: the listener sees the new page.
      expect(load!.regionHTML).not.toContain("<h1>Start</h1>");
      expect(document.title).toBe(product.body.data.meta.title);
    } finally {
      router.stop();
    }
  });

  it("a cancelled before-visit makes it a full page load: no fetch, no load event", async () => {
    const { router, fetch, assign } = startRouter({ answers: answers() });
    try {
      cancelNext = true;
      const link = document.getElementById("to-cart")!;
      const click = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(`${location.origin}/cart`), SLOW);
      expect(fetch).not.toHaveBeenCalled();
      expect(heard.map((h) => h.type)).toEqual([BEFORE_VISIT]);
      expect(location.pathname).toBe("/start-page");
      expect(await router.visit("/search")).toBe("reloaded");
    } finally {
      router.stop();
    }
  });

  it("is not asked for addresses that load in full anyway, nor for back/forward", async () => {
    const { router } = startRouter({ answers: answers() });
    try {
      expect(await router.visit("https://elsewhere.test/shop")).toBe("reloaded");
      expect(heard).toEqual([]);
      expect(await router.visit("/cart")).toBe("done");
      expect(await router.visit(searchPath)).toBe("done");
      heard = [];
      history.back();
      await vi.waitFor(() => expect(heard.map((h) => h.type)).toEqual([PAGE_LOAD]), SLOW);
      expect(heard[0]!.detail).toEqual({ url: `${location.origin}/cart`, route: { name: "cart", params: {} } });
    } finally {
      router.stop();
    }
  });

  it("a failed page leaves the current page without a load event", async () => {
    const { router } = startRouter({
      answers: new Map([["/cart", { status: 200, body: { code: 0, msg: "", data: { nope: true } } }]]),
    });
    try {
      expect(await router.visit("/cart")).toBe("failed");
      expect(heard.map((h) => h.type)).toEqual([BEFORE_VISIT]);
    } finally {
      router.stop();
    }
  });
});

describe("storefront:load on the first page", () => {
  it("fires once the router has taken over, with the route of the initial data", () => {
    history.replaceState(null, "", "/p/linen-shirt");
    const win = Object.assign(Object.create(window) as Win, { fetch: vi.fn() });
    const data = {
      meta: { status: 200, title: "Linen shirt", route: "product-detail" },
      config: { router: { productRule: "/p/:slug" } },
      theme: { config: {} },
    } as unknown as InitialData;
    const router = startPageRouter({
      win,
      renderer: recordingRenderer(),
      bus: createBus(),
      store: createStore(() => window.localStorage),
      data,
    });
    try {
      expect(heard.map((h) => h.type)).toEqual([PAGE_LOAD]);
      expect(heard[0]!.detail).toEqual({
        url: `${location.origin}/p/linen-shirt`,
        route: { name: "product-detail", params: { slug: "linen-shirt" } },
      });
      expect(heard[0]!.regionHTML).toContain("<h1>Start</h1>");
    } finally {
      router.stop();
    }
  });

  it("without initial data, names the route from the default table; null when none answers", () => {
    const win = Object.assign(Object.create(window) as Win, { fetch: vi.fn() });
    const env = {
      win,
      renderer: recordingRenderer(),
      bus: createBus(),
      store: createStore(() => window.localStorage),
      data: null,
    };
    history.replaceState(null, "", "/cart");
    startPageRouter(env).stop();
    history.replaceState(null, "", "/no/such/route/here");
    startPageRouter(env).stop();
    expect(heard.map((h) => h.detail)).toEqual([
      { url: `${location.origin}/cart`, route: { name: "cart", params: {} } },
      { url: `${location.origin}/no/such/route/here`, route: null },
    ]);
  });
});
