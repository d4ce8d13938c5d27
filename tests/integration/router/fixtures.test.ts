// Replays the recorded demo store (fixtures/recorded/, `npm run record`) through the router:
// each route kind, the language prefixes, a store's overridden rules, refusals, and the
// replay helper's own answer to an address the recording does not hold.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import validate from "../../../generated/validators/page/page-route.js";
import { createRouteTable, matchPath } from "../../../src/shared/routes";
import { loadRecording, NotRecordedError, replayFetch } from "../../replay/recording";
import {
  answersOf,
  type Fixture,
  fixtureNamed,
  loadFixtures,
  markersOf,
  OVERRIDE_CONFIG,
  pageDocument,
  RULES_RECORDING,
  startRouter,
} from "./support";

const recorded = loadFixtures();
const defaults = recorded.filter((f) => f.status === 200 && !f.file.startsWith("signed-in--"));
const signedIn = recorded.filter((f) => f.file.startsWith("signed-in--"));
const rules = loadFixtures(RULES_RECORDING);
const overrides = rules.filter((f) => f.status === 200);

describe("the recorded demo store", () => {
  it.each([...recorded, ...rules].map((f) => [f.file, f]))("%s is a valid page-route answer", (_file, fixture) => {
    expect(validate(structuredClone((fixture as Fixture).body)), JSON.stringify(validate.errors)).toBe(true);
  });

  it("covers every route kind of the default table", () => {
    const covered = new Set(recorded.map((f) => f.body.data.meta.route));
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
      "user-order",
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

    it.each(fixtures.map((f) => [`${f.path} (${f.file})`, f]))("navigates to %s and swaps the page in", async (_path, f) => {
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
      expect(events.map((e) => e.type)).toEqual(["route:requested", "route:theme", "route:changed"]);
      expect(events[0]!.payload).toEqual({ url: new URL(fixture.path, location.origin).href });
      expect(events[1]!.payload).toMatchObject(data.theme);
      expect(events[2]!.payload).toEqual({
        url: new URL(fixture.path, location.origin).href,
        referrer: `${location.origin}/start-page`,
      });
    });
  });
}

const demoConfig = loadRecording().routerConfig();
describeReplay("replay: default routes and language prefixes", defaults, demoConfig);
describeReplay("replay: the account area, signed in", signedIn, demoConfig);
describeReplay("replay: overridden rules, {type}-detail and userPath", overrides, OVERRIDE_CONFIG);

describe("replay: refusals and error pages as recorded", () => {
  afterEach(() => pageDocument("/start-page"));

  it.each([
    [recorded, "user-center", loadRecording().routerConfig()],
    [rules, "user-center", OVERRIDE_CONFIG],
  ] as const)("a recorded 401 (%#) sends the visitor to sign-in with the address as redirect", async (fixtures, name, config) => {
    pageDocument("/start-page");
    const fixture = fixtureNamed(
      fixtures.filter((f) => f.status === 401),
      name,
    );
    const { router, assign } = startRouter({ answers: answersOf([fixture]), config });
    expect(await router.visit(fixture.path)).toBe("redirected");
    expect(assign).toHaveBeenCalledWith(`/auth/signin?redirect=${encodeURIComponent(fixture.path)}`);
    router.stop();
  });
});

describe("the replay fetch (tests/replay)", () => {
  const recording = loadRecording();

  it("answers a page route with or without the router's markers, and a document", async () => {
    const { fetch, missing } = replayFetch(recording);
    const cart = recording.byName("cart");
    const route = await fetch(`${cart.path}?request=route&ua=x&referer=&cookie=`);
    expect(route.status).toBe(200);
    expect(((await route.json()) as { data: { meta: { route: string } } }).data.meta.route).toBe("cart");
    const html = await (await fetch(cart.path)).text();
    expect(html).toContain('<main id="page-body">');
    expect(missing).toEqual([]);
  });

  it("answers signed in with the signed-in recording of the same address", async () => {
    const { fetch } = replayFetch(recording);
    const path = recording.byName("user-center").path;
    expect((await fetch(`${path}?request=route`)).status).toBe(401);
    expect((await fetch(`${path}?request=route`, { headers: { "x-auth": "token" } })).status).toBe(200);
  });

  it("gives a journey's /api/web answers in the order they were recorded", async () => {
    const journey = recording.journey("shop");
    const { fetch } = replayFetch(recording, { journey: "shop" });
    const added = journey.exchanges.find((e) => e.call === "cart/add")!;
    const answer = await fetch("/api/web/cart/add", { method: "POST", body: JSON.stringify(added.request) });
    expect(await answer.json()).toEqual(added.response);
  });

  it("fails clearly on a request the recording does not hold, and lists it", async () => {
    const { fetch, missing } = replayFetch(recording);
    await expect(fetch("/product/not-recorded?request=route")).rejects.toThrow(NotRecordedError);
    await expect(fetch("/api/web/cart/add", { method: "POST" })).rejects.toThrow(
      /POST \/api\/web\/cart\/add is not in the recording .*fixtures\/recorded\/demo/,
    );
    expect(missing).toEqual(["GET /product/not-recorded", "POST /api/web/cart/add"]);
  });
});
