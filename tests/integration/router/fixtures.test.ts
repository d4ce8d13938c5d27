// Replays every recorded page-route answer of fixtures/routes/ through the router: each
// route kind, the language prefixes and a store's overridden rules.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import validate from "../../../generated/validators/page/page-route.js";
import { createRouteTable, matchPath } from "../../../src/shared/routes";
import { answersOf, type Fixture, loadFixtures, markersOf, OVERRIDE_CONFIG, pageDocument, startRouter } from "./support";

const defaults = loadFixtures();
const overrides = loadFixtures("override");

describe("recorded fixtures", () => {
  it.each([...defaults, ...overrides].map((f) => [f.file, f]))("%s is a valid page-route answer", (_file, fixture) => {
    expect(validate(structuredClone((fixture as Fixture).body)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("cover every route kind of the default table", () => {
    const covered = new Set(defaults.map((f) => f.body.data.meta.route));
    for (const name of [
      "home",
      "search",
      "cart",
      "tag-list",
      "tag-detail",
      "category-detail",
      "slug-detail",
      "product-detail",
      "product-sku",
      "article-detail",
      "page-detail",
      "collection-detail",
      "inquiry-detail",
      "checkout",
      "checkout-thankyou",
      "promotion-list",
      "promotion-detail",
      "coupon-list",
      "coupon-detail",
      "custom-detail",
      "root-detail",
      "auth-signin",
      "user-center",
      "user-order-detail",
      "error-404",
      "error-500",
      "error-403",
      "app",
    ]) {
      expect(covered, name).toContain(name);
    }
  });
});

function describeReplay(title: string, fixtures: Fixture[], config = {}) {
  describe(title, () => {
    let started: ReturnType<typeof startRouter> | null = null;
    beforeEach(() => pageDocument("/start-page"));
    afterEach(() => {
      started?.router.stop();
      started = null;
    });

    it.each(fixtures.map((f) => [f.path, f]))("navigates to %s and swaps the page in", async (_path, f) => {
      const fixture = f as Fixture;
      const table = createRouteTable(config);
      const match = matchPath(table, new URL(fixture.path, location.origin).pathname)!;
      expect(match.name).toBe(fixture.body.data.meta.route);
      started = startRouter({ answers: answersOf([fixture]), config });
      const { router, requests, events, renderer, location: store } = started;

      expect(await router.visit(fixture.path)).toBe("done");

      // The request: the page's own address with the markers.
      expect(requests).toHaveLength(1);
      const sent = new URL(requests[0]!.href, location.origin);
      expect(sent.pathname).toBe(new URL(fixture.path, location.origin).pathname);
      expect(markersOf(requests[0]!.href).get("request")).toBe("route");
      // The address bar, the regions and the head.
      expect(location.pathname + location.search).toBe(fixture.path);
      expect(renderer.replaced.sort()).toEqual(["page-body", "page-foot", "page-head"]);
      const { data } = fixture.body;
      const expected = document.createElement("template");
      expected.innerHTML = data.pageBody;
      expect(document.getElementById("page-body")!.innerHTML).toBe(expected.innerHTML);
      expect(document.title).toBe(data.meta.title);
      expect(document.documentElement.lang).toBe(match.language.locale);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(data.meta.canonical);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content") ?? undefined).toBe(data.meta.robots);
      expect(document.getElementById("page-head")!.hidden).toBe(data.theme.hideHead === true);
      // Islands' view of the address, and the bus.
      expect(store.get().path).toBe(new URL(fixture.path, location.origin).pathname);
      expect(events.map((e) => e.type)).toEqual(["route:theme", "route:changed"]);
      expect(events[0]!.payload).toMatchObject(data.theme);
      expect(events[1]!.payload).toEqual({
        url: new URL(fixture.path, location.origin).href,
        referrer: `${location.origin}/start-page`,
      });
    });
  });
}

describeReplay("replay: default routes and language prefixes", defaults);
describeReplay("replay: overridden rules, {type}-detail and userPath", overrides, OVERRIDE_CONFIG);
