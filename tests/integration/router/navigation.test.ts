// The router service in happy-dom: clicks and forms, the request it sends, error
// statuses, failures, aborts, preview, the duplicate guard, progress, scroll and prefetch.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PREFETCH_DELAY_MS } from "../../../src/runtime/router/prefetch";
import { PROGRESS_CLASS, PROGRESS_DELAY_MS } from "../../../src/runtime/router/progress-bar";
import { type Answer, answersOf, fixtureNamed, loadFixtures, markersOf, pageDocument, SLOW, startRouter } from "./support";

// The recorded demo store (fixtures/recorded/demo).
const fixtures = loadFixtures();
const byRoute = (name: string) => fixtureNamed(fixtures, name);
const answers = () => answersOf(fixtures);
const cartTitle = byRoute("cart").body.data.meta.title;
const searched = new URL(byRoute("search").path, "http://x").searchParams.get("q")!;
const checkoutPath = byRoute("checkout").path;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

let started: ReturnType<typeof startRouter> | null = null;
function start(options: Parameters<typeof startRouter>[0] = { answers: answers() }) {
  started = startRouter(options);
  return started;
}

function click(el: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  el.dispatchEvent(event);
  return event;
}

beforeEach(() => pageDocument("/start-page"));
afterEach(() => {
  started?.router.stop();
  started = null;
  vi.useRealTimers();
  document.documentElement.removeAttribute("aria-busy");
});

describe("links and forms", () => {
  it("turns a click on a route link into a page-route fetch without reloading", async () => {
    const { requests, assign, events } = start();
    const event = click(document.getElementById("to-cart")!);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain("route:changed"), SLOW);
    expect(requests).toHaveLength(1);
    expect(location.pathname).toBe("/cart");
    expect(document.title).toBe(cartTitle);
    expect(assign).not.toHaveBeenCalled();
  });

  it("leaves modified clicks and reload links to the browser", () => {
    const { requests } = start();
    document.getElementById("page-body")!.innerHTML = `<a id="r" href="/cart" data-reload>Cart</a>`;
    expect(click(document.getElementById("to-cart")!, { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click(document.getElementById("r")!).defaultPrevented).toBe(false);
    expect(requests).toHaveLength(0);
  });

  it("navigates a GET search form in the page", async () => {
    const { requests, events } = start();
    document.getElementById("page-body")!.innerHTML =
      `<form id="f" action="/search"><label>Search <input name="q" value="${searched}"></label></form>`;
    const event = new Event("submit", { bubbles: true, cancelable: true });
    document.getElementById("f")!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain("route:changed"), SLOW);
    expect(location.pathname + location.search).toBe(`/search?q=${searched}`);
    expect(new URL(requests[0]!.href, location.origin).searchParams.get("q")).toBe(searched);
  });

  it("unmounts the page's islands before the address changes, so none still hydrating gets an update", async () => {
    const { router, renderer, location: where } = start();
    const order: string[] = [];
    renderer.unmountRegion.mockImplementation((region: ParentNode) => {
      order.push(`unmount ${(region as Element).id}`);
    });
    const stop = where.subscribe(() => order.push(`address ${where.get().path}`));
    await router.visit("/cart");
    stop();
    expect(order).toEqual(["unmount page-head", "unmount page-body", "unmount page-foot", "address /cart"]);
  });

  it("loads an address no route answers, or another origin, with a full page load", async () => {
    const { router, assign, requests } = start();
    expect(await router.visit("/no/such/route/here")).toBe("reloaded");
    expect(assign).toHaveBeenCalledWith(`${location.origin}/no/such/route/here`);
    expect(await router.visit("https://elsewhere.test/cart")).toBe("reloaded");
    expect(assign).toHaveBeenLastCalledWith("https://elsewhere.test/cart");
    expect(requests).toHaveLength(0);
  });
});

describe("the page-route request", () => {
  it("carries ua, referer and cookie, each URI-encoded, and no credential in the cookie", async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: test setup: the router forwards document.cookie as it is, so the test writes that string directly.
    document.cookie = "visitorId=v 1";
    // biome-ignore lint/suspicious/noDocumentCookie: as above, a cookie that is no credential.
    document.cookie = "layout=grid 2";
    const { router, requests } = start();
    await router.visit("/cart");
    const href = requests[0]!.href;
    expect(href.startsWith("/cart?request=route&ua=")).toBe(true);
    expect(href).toContain(`&referer=${encodeURIComponent(`${location.origin}/start-page`)}`);
    expect(href).toContain(`&cookie=${encodeURIComponent("layout=grid 2")}`);
    const markers = markersOf(href);
    expect(markers.get("ua")).toBe(navigator.userAgent);
    // The visitor id holds a cart and live frames: it travels in its cookie, never in an address (issue #48).
    expect(markers.get("cookie")).toBe("layout=grid 2");
  });

  it("keeps the page's own query ahead of the markers", async () => {
    const { router, requests } = start();
    await router.visit("/search?q=linen");
    expect(requests[0]!.href.startsWith("/search?q=linen&request=route&")).toBe(true);
  });

  it("sends x-auth when a token is stored, and no x-auth otherwise", async () => {
    let token: string | null = null;
    const { router, requests } = start({ answers: answers(), readToken: () => token });
    await router.visit("/cart");
    expect(requests[0]!.headers["x-auth"]).toBeUndefined();
    token = "tok-123";
    await router.visit("/tag");
    expect(requests[1]!.headers["x-auth"]).toBe("tok-123");
  });

  it("hides head and foot as the answer's theme says, and never sends the hide flags of the page left", async () => {
    // The recorded checkout, as a theme that hides the shop's head and foot there would send it.
    const checkout = structuredClone(byRoute("checkout").body);
    checkout.data.theme.hideHead = true;
    checkout.data.theme.hideFoot = true;
    const map = answers();
    map.set(checkoutPath, { status: 200, body: checkout });
    const { router, requests } = start({ answers: map });
    await router.visit(checkoutPath);
    expect(document.getElementById("page-head")!.hidden).toBe(true);
    expect(document.getElementById("page-foot")!.hidden).toBe(true);
    await router.visit("/cart");
    // Issue #16: the server would leave out the head and foot of /cart (regions.test.ts).
    expect(requests[1]!.headers["x-hide-head"]).toBeUndefined();
    expect(requests[1]!.headers["x-hide-foot"]).toBeUndefined();
    expect(document.getElementById("page-head")!.hidden).toBe(false);
    expect(document.getElementById("page-foot")!.hidden).toBe(false);
  });
});

describe("head", () => {
  it("replaces title, description, canonical, robots, Open Graph and lang; drops what the page lacks", async () => {
    const { router } = start();
    const product = byRoute("zh-HK--product-detail");
    const { meta: recorded } = product.body.data;
    await router.visit(product.path);
    const meta = (sel: string) => document.head.querySelector(sel)?.getAttribute("content");
    expect(document.title).toBe(recorded.title);
    expect(document.documentElement.lang).toBe("zh-HK");
    expect(meta('meta[name="description"]')).toBe(recorded.description);
    expect(meta('meta[property="og:title"]')).toBe(recorded.title);
    expect(meta('meta[property="og:type"]')).toBe("product");
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(recorded.canonical);
    await router.visit("/cart");
    expect(document.documentElement.lang).toBe("en");
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(meta('meta[name="robots"]')).toBe(byRoute("cart").body.data.meta.robots);
    // The recorded cart names no canonical address: the one of the page left goes.
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(meta('meta[property="og:type"]')).toBe("website");
  });
});

describe("error statuses and failures", () => {
  it.each([
    [404, "/error/404"],
    [500, "/error/500"],
    [403, "/error/403"],
    [401, `/auth/signin?redirect=${encodeURIComponent("/user/center?tab=1")}`],
  ])("HTTP %i goes to %s", async (status, to) => {
    const { router, assign, events } = start({ answers: new Map<string, Answer>([["/user/center?tab=1", { status }]]) });
    expect(await router.visit("/user/center?tab=1")).toBe("redirected");
    expect(assign).toHaveBeenCalledWith(to);
    // Asked for, never shown.
    expect(events).toEqual([{ type: "route:requested", payload: { url: `${location.origin}/user/center?tab=1` } }]);
  });

  it("keeps the language prefix on the error page", async () => {
    const { router, assign } = start({ answers: new Map<string, Answer>([["/zh/product/gone", { status: 404 }]]) });
    await router.visit("/zh/product/gone");
    expect(assign).toHaveBeenCalledWith("/zh/error/404");
  });

  it.each<[string, Answer]>([
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["HTTP 502", { status: 502 }],
    ["a body that is not JSON", () => Promise.resolve(new Response("<html>", { status: 200 }))],
    ["an answer that breaks the schema", { status: 200, body: { code: 0, msg: "", data: { pageBody: 1 } } }],
    ["a non-zero code", { status: 200, body: { ...byRoute("cart").body, code: 40, msg: "fail" } }],
  ])("logs %s, hides the progress and leaves the page as it was", async (_name, answer) => {
    const { router, logger, assign, events } = start({ answers: new Map([["/cart", answer]]) });
    const before = document.body.innerHTML;
    expect(await router.visit("/cart")).toBe("failed");
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]![0]).toMatch(/^\[router\] \/cart: /);
    expect(document.body.innerHTML).toBe(before);
    expect(location.pathname).toBe("/start-page");
    expect(document.documentElement.hasAttribute("aria-busy")).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: "route:requested", payload: { url: `${location.origin}/cart` } }]);
    // Still usable: the next navigation works.
    started!.router.stop();
    const again = start();
    expect(await again.router.visit("/tag")).toBe("done");
  });

  it("a newer navigation aborts the older one still fetching", async () => {
    const map = answers();
    map.set("/cart", () => new Promise<Response>(() => {}));
    const { router, requests, events } = start({ answers: map });
    const first = router.visit("/cart");
    await flush();
    const second = router.visit("/tag");
    expect(requests[0]!.signal!.aborted).toBe(true);
    expect(await second).toBe("done");
    expect(await first).toBe("aborted");
    expect(location.pathname).toBe("/tag");
    expect(events.filter((e) => e.type === "route:changed")).toHaveLength(1);
  });
});

describe("preview and duplicate guard", () => {
  it("carries preview=true to every next route", async () => {
    pageDocument("/page/draft?preview=true");
    const map = answers();
    map.set("/cart?preview=true", { status: 200, body: byRoute("cart").body });
    map.set("/tag?preview=true", { status: 200, body: byRoute("tag-list").body });
    const { router, requests } = start({ answers: map });
    expect(await router.visit("/cart")).toBe("done");
    expect(location.search).toBe("?preview=true");
    expect(await router.visit("/tag")).toBe("done");
    expect(markersOf(requests[1]!.href).get("preview")).toBe("true");
  });

  it("ignores a second navigation to the same route within 700 ms", async () => {
    let now = 10_000;
    const { router, requests } = start({
      answers: answers(),
      clock: { now: () => now, setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number) },
    });
    const link = document.getElementById("to-cart")!;
    click(link);
    now += 300;
    click(link);
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
    expect(requests).toHaveLength(1);
    now += 700;
    expect(await router.visit("/cart")).toBe("done");
    expect(requests).toHaveLength(2);
  });

  it("follows a link again at once after Back left its page", async () => {
    let now = 10_000;
    const { router } = start({
      answers: answers(),
      clock: { now: () => now, setTimeout: (run, ms) => setTimeout(run, ms), clearTimeout: (h) => clearTimeout(h as number) },
    });
    const home = location.pathname;
    expect(await router.visit("/cart")).toBe("done");
    now += 200;
    history.back();
    await vi.waitFor(() => expect(location.pathname).toBe(home), SLOW);
    now += 200;
    expect(await router.visit("/cart")).toBe("done");
    expect(location.pathname).toBe("/cart");
  });
});

describe("progress", () => {
  it("shows the bar only for a slow answer, marks the document busy, and removes both", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let release!: () => void;
    const map = answers();
    map.set(
      "/cart",
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify(byRoute("cart").body), { status: 200 }));
        }),
    );
    const { router } = start({ answers: map });
    const visit = router.visit("/cart");
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS - 1);
    expect(document.querySelector(`.${PROGRESS_CLASS}`)).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(document.querySelector(`.${PROGRESS_CLASS}`)).not.toBeNull();
    release();
    expect(await visit).toBe("done");
    expect(document.querySelector(`.${PROGRESS_CLASS}`)).toBeNull();
    expect(document.documentElement.hasAttribute("aria-busy")).toBe(false);
  });

  it("shows no bar for a link marked data-no-load", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const map = answers();
    let release!: () => void;
    map.set(
      "/cart",
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(JSON.stringify(byRoute("cart").body), { status: 200 }));
        }),
    );
    start({ answers: map });
    document.getElementById("to-cart")!.setAttribute("data-no-load", "");
    click(document.getElementById("to-cart")!);
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS * 3);
    expect(document.querySelector(`.${PROGRESS_CLASS}`)).toBeNull();
    release();
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
  });
});

describe("scroll", () => {
  it("resets to the top, keeps the position for data-keep-position or meta.keepPosition", async () => {
    // A page whose answer asks to keep the position (meta.keepPosition).
    const map = answers();
    const kept = structuredClone(byRoute("signed-in--user-center").body);
    kept.data.meta.keepPosition = true;
    map.set("/user/center", { status: 200, body: kept });
    const { router, win, scroll } = start({ answers: map });
    scroll.y = 900;
    await router.visit("/cart");
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
    scroll.y = 400;
    vi.mocked(win.scrollTo).mockClear();
    await router.visit("/tag", { keepPosition: true });
    await router.visit("/user/center");
    expect(win.scrollTo).not.toHaveBeenCalled();
    expect(scroll.y).toBe(400);
  });

  it("keeps the position for a link marked data-keep-position", async () => {
    const { win, scroll, events } = start();
    const link = document.getElementById("to-cart")!;
    link.setAttribute("data-keep-position", "");
    scroll.y = 320;
    click(link);
    await vi.waitFor(() => expect(events.map((e) => e.type)).toContain("route:changed"), SLOW);
    expect(win.scrollTo).not.toHaveBeenCalled();
    expect(scroll.y).toBe(320);
  });

  it("restores the position of the entry back and forward return to, fetching the page when it has no snapshot", async () => {
    const { router, scroll, requests, events } = start({ answers: answers(), snapshotLimit: 0 });
    scroll.y = 0;
    await router.visit("/cart");
    scroll.y = 750;
    await router.visit("/tag");
    expect(scroll.y).toBe(0);
    history.back();
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
    await vi.waitFor(() => expect(scroll.y).toBe(750), SLOW);
    expect(requests).toHaveLength(3);
    expect(document.title).toBe(cartTitle);
    // The page left is the referrer, though the address bar changed before the fetch.
    expect(markersOf(requests[2]!.href).get("referer")).toBe(`${location.origin}/tag`);
    expect(events.at(-1)).toEqual({
      type: "route:changed",
      payload: { url: `${location.origin}/cart`, referrer: `${location.origin}/tag` },
    });
  });

  it("loads the page in full when back arrives at a page whose answer fails", async () => {
    const map = answers();
    const { router, reload, logger } = start({ answers: map, snapshotLimit: 0 });
    await router.visit("/cart");
    await router.visit("/tag");
    map.set("/cart", { status: 502 });
    history.back();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), SLOW);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it("does not refetch when back only changes the #fragment", async () => {
    const { router, requests } = start();
    await router.visit("/cart");
    history.pushState(null, "", "/cart#list");
    history.back();
    await flush();
    await flush();
    expect(requests).toHaveLength(1);
  });
});

// The cart is the visitor's own page (never prefetched): prefetch is shown on the journal.
describe("prefetch", () => {
  it("prefetches a hovered link at low priority, and the click uses that answer", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { requests } = start();
    const link = document.getElementById("to-journal")!;
    link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.priority).toBe("low");
    expect(requests[0]!.headers["x-sec-purpose"]).toBe("prefetch");
    click(link);
    await vi.waitFor(() => expect(location.pathname).toBe("/article"), SLOW);
    expect(requests).toHaveLength(1);
  });

  it("never publishes a prefetch as a visit", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { events } = start();
    document.getElementById("to-journal")!.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS * 2);
    expect(events).toEqual([]);
  });

  it.each<["session:changed" | "cart:changed", unknown]>([
    ["session:changed", { signedIn: true, user: null }],
    ["cart:changed", 3],
  ])("drops prefetched answers on %s", async (type, payload) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { requests, bus } = start();
    const link = document.getElementById("to-journal")!;
    link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS);
    (bus.emit as (t: string, p: unknown) => void)(type, payload);
    click(link);
    await vi.waitFor(() => expect(location.pathname).toBe("/article"), SLOW);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers["x-sec-purpose"]).toBeUndefined();
  });
});
