// The page-events module theme scripts read: event names, what each dispatch sends, and
// how the route of a detail is named. The router's use of them: tests/integration/router/page-events.test.ts.
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  BEFORE_VISIT,
  dispatchBeforeVisit,
  dispatchIslandMounted,
  dispatchPageLoad,
  ISLAND_MOUNTED,
  PAGE_LOAD,
} from "../../../src/runtime/page-events";
import { pageRoute } from "../../../src/runtime/router/visit";
import { createRouteTable, matchPath } from "../../../src/shared/routes";

const cleanups: (() => void)[] = [];
function on(target: EventTarget, type: string, listener: (event: Event) => void) {
  target.addEventListener(type, listener);
  cleanups.push(() => target.removeEventListener(type, listener));
}
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe("page events", () => {
  it("are named under storefront:", () => {
    expect([BEFORE_VISIT, PAGE_LOAD, ISLAND_MOUNTED]).toEqual([
      "storefront:before-visit",
      "storefront:load",
      "storefront:island-mounted",
    ]);
  });

  it("before-visit is cancelable and says whether a listener cancelled it", () => {
    const detail = { url: "https://shop.test/cart", route: { name: "cart", params: {} } };
    const seen = vi.fn();
    on(document, BEFORE_VISIT, (e) => seen((e as CustomEvent).detail, e.cancelable));
    expect(dispatchBeforeVisit(document, detail)).toBe(true);
    on(document, BEFORE_VISIT, (e) => e.preventDefault());
    expect(dispatchBeforeVisit(document, detail)).toBe(false);
    expect(seen).toHaveBeenCalledWith(detail, true);
  });

  it("load carries the url and route and cannot be cancelled", () => {
    const seen: Event[] = [];
    on(document, PAGE_LOAD, (e) => {
      e.preventDefault();
      seen.push(e);
    });
    dispatchPageLoad(document, { url: "https://shop.test/", route: null });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(CustomEvent);
    expect(seen[0]!.cancelable).toBe(false);
    expect((seen[0] as CustomEvent).detail).toEqual({ url: "https://shop.test/", route: null });
  });

  it("island-mounted is dispatched on the element and bubbles to document", () => {
    document.body.innerHTML = `<main><div id="a" data-component="Counter"></div></main>`;
    const element = document.getElementById("a")!;
    const atDocument: Event[] = [];
    const atElement: Event[] = [];
    on(document, ISLAND_MOUNTED, (e) => atDocument.push(e));
    on(element, ISLAND_MOUNTED, (e) => atElement.push(e));
    dispatchIslandMounted({ component: "Counter", element, strategy: "visible" });
    expect(atElement).toHaveLength(1);
    expect(atDocument).toEqual(atElement);
    expect(atDocument[0]!.target).toBe(element);
    expect((atDocument[0] as CustomEvent).detail).toEqual({ component: "Counter", element, strategy: "visible" });
  });
});

describe("the route of a page event", () => {
  const table = createRouteTable({ productRule: "/p/:slug" });

  it("is the matched route's name and params", () => {
    expect(pageRoute(matchPath(table, "/zh/p/linen-shirt"))).toEqual({ name: "product-detail", params: { slug: "linen-shirt" } });
  });

  it("takes the server's name (meta.route) over the table's", () => {
    expect(pageRoute(matchPath(table, "/linen"), "brand-detail")).toEqual({ name: "brand-detail", params: { slug: "linen" } });
    expect(pageRoute(null, "error-404")).toEqual({ name: "error-404", params: {} });
  });

  it("is null when neither names one", () => {
    expect(pageRoute(null)).toBeNull();
    expect(pageRoute(null, "")).toBeNull();
  });
});
