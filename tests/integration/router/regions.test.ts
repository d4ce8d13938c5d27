// Issue #16, in happy-dom: the hide flags of the page being left never go with the request
// for the next page (whose head and foot come back), and a page flagged noLoad (meta.noLoad)
// shows no progress bar once the router has an answer for it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageRouteResponse } from "../../../generated/types";
import { PREFETCH_DELAY_MS } from "../../../src/runtime/router/prefetch";
import { PROGRESS_CLASS, PROGRESS_DELAY_MS } from "../../../src/runtime/router/progress-bar";
import { type Answer, fixtureNamed, loadFixtures, pageDocument, recordingRenderer, SLOW, startRouter } from "./support";

// The recorded demo store (fixtures/recorded/demo).
const fixtures = loadFixtures();
const bodyOf = (file: string) => structuredClone(fixtureNamed(fixtures, file).body);
const home = bodyOf("home");
const checkoutPath = fixtureNamed(fixtures, "checkout").path;
/** HTML as the DOM writes it back (`data-ssr=""`, no `/>`), to compare with a region's innerHTML. */
const normal = (html: string) => {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
};
const bar = () => document.querySelector(`.${PROGRESS_CLASS}`);
const region = (id: string) => document.getElementById(id)!;

/** Answers as the reference server does: head and foot are left out when the template hides them or the request asks. */
function serverAnswer(body: PageRouteResponse, delay?: Promise<void>): Answer {
  return async (init) => {
    await delay;
    const headers = init.headers as Record<string, string>;
    const data = { ...body.data };
    if (data.theme.hideHead === true || headers["x-hide-head"] === "1") data.pageHead = "";
    if (data.theme.hideFoot === true || headers["x-hide-foot"] === "1") data.pageFoot = "";
    return new Response(JSON.stringify({ ...body, data }), { status: 200 });
  };
}

/** The recorded pages, with the checkout as a theme that hides the shop's head and foot there would send it. */
function serverAnswers(): Map<string, Answer> {
  const answers = new Map(fixtures.filter((f) => f.status === 200).map((f) => [f.path, serverAnswer(f.body)]));
  const checkout = bodyOf("checkout");
  checkout.data.theme.hideHead = true;
  checkout.data.theme.hideFoot = true;
  answers.set(checkoutPath, serverAnswer(checkout));
  return answers;
}

/** An answer for `file` with meta.noLoad, held until `release` is called. */
function heldNoLoad(file: string) {
  const body = bodyOf(file);
  body.data.meta.noLoad = true;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { answer: serverAnswer(body, held), body, release };
}

let started: ReturnType<typeof startRouter> | null = null;
function start(options: Parameters<typeof startRouter>[0] = { answers: serverAnswers() }) {
  started = startRouter(options);
  return started;
}

beforeEach(() => pageDocument("/start-page"));
afterEach(() => {
  started?.router.stop();
  started = null;
  vi.useRealTimers();
  document.documentElement.removeAttribute("aria-busy");
});

describe("head and foot (issue #16)", () => {
  it("back from a page that hides head and foot brings home's head and foot back", async () => {
    // Fetched again (no snapshots, as after a sign-out): the request carries no flags of the page left.
    const { router, requests } = start({ answers: serverAnswers(), snapshotLimit: 0 });
    expect(await router.visit("/")).toBe("done");
    expect(await router.visit(checkoutPath)).toBe("done");
    expect(region("page-head").hidden).toBe(true);
    expect(region("page-foot").hidden).toBe(true);
    history.back();
    await vi.waitFor(() => expect(document.title).toBe(home.data.meta.title), SLOW);
    expect(location.pathname).toBe("/");
    expect(requests).toHaveLength(3);
    expect(requests[2]!.headers["x-hide-head"]).toBeUndefined();
    expect(requests[2]!.headers["x-hide-foot"]).toBeUndefined();
    expect(region("page-head").hidden).toBe(false);
    expect(region("page-foot").hidden).toBe(false);
    expect(region("page-head").innerHTML).toBe(normal(home.data.pageHead));
    expect(region("page-foot").innerHTML).toBe(normal(home.data.pageFoot));
  });

  it("a link from a page that hides them asks for the next page's head and foot, prefetched or not", async () => {
    const { router, requests } = start();
    await router.visit(checkoutPath);
    region("page-body").innerHTML = `<a id="home" href="/">Home</a>`;
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const link = region("page-body").querySelector("#home")!;
    link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers["x-sec-purpose"]).toBe("prefetch");
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    await vi.waitFor(() => expect(location.pathname).toBe("/"), SLOW);
    expect(requests).toHaveLength(2);
    expect(requests[1]!.headers["x-hide-head"]).toBeUndefined();
    expect(requests[1]!.headers["x-hide-foot"]).toBeUndefined();
    expect(region("page-head").hidden).toBe(false);
    expect(region("page-head").innerHTML).toBe(normal(home.data.pageHead));
    expect(region("page-foot").innerHTML).toBe(normal(home.data.pageFoot));
  });

  it("a first page that hides them does not hide the next page's", async () => {
    // The server rendered the first page without head and foot; the theme service hid the regions.
    region("page-head").innerHTML = "";
    region("page-head").hidden = true;
    region("page-foot").innerHTML = "";
    region("page-foot").hidden = true;
    const { router, requests } = start();
    await router.visit("/");
    expect(requests[0]!.headers["x-hide-head"]).toBeUndefined();
    expect(requests[0]!.headers["x-hide-foot"]).toBeUndefined();
    expect(region("page-head").hidden).toBe(false);
    expect(region("page-head").innerHTML).toBe(normal(home.data.pageHead));
    expect(region("page-foot").hidden).toBe(false);
  });
});

describe("meta.noLoad (issue #16)", () => {
  it("removes the bar as soon as the answer says noLoad, before the regions are swapped", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const cart = heldNoLoad("cart");
    const answers = serverAnswers();
    answers.set("/cart", cart.answer);
    const renderer = recordingRenderer();
    let swapped!: () => void;
    const swapping = new Promise<void>((resolve) => {
      swapped = resolve;
    });
    const replaceRegion = renderer.replaceRegion.getMockImplementation()!;
    renderer.replaceRegion.mockImplementation(async (el, html) => {
      await swapping;
      await replaceRegion(el, html);
    });
    const { router } = start({ answers, renderer });
    const visit = router.visit("/cart");
    // Nothing says yet that /cart is not to be loaded: a slow answer shows the bar.
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS);
    expect(bar()).not.toBeNull();
    cart.release();
    await vi.waitFor(() => expect(renderer.replaceRegion).toHaveBeenCalled(), SLOW);
    expect(bar()).toBeNull();
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    swapped();
    expect(await visit).toBe("done");
    expect(document.documentElement.hasAttribute("aria-busy")).toBe(false);
  });

  it("shows no bar on the way back to a page whose answer said noLoad", async () => {
    const answers = serverAnswers();
    const cart = bodyOf("cart");
    cart.data.meta.noLoad = true;
    answers.set("/cart", serverAnswer(cart));
    const { router } = start({ answers, snapshotLimit: 0 });
    await router.visit("/cart");
    await router.visit("/tag");
    const slow = heldNoLoad("cart");
    answers.set("/cart", slow.answer);
    history.back();
    await vi.waitFor(() => expect(location.pathname).toBe("/cart"), SLOW);
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS * 2));
    expect(bar()).toBeNull();
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    slow.release();
    await vi.waitFor(() => expect(document.title).toBe(bodyOf("cart").data.meta.title), SLOW);
    expect(bar()).toBeNull();
  });

  it("knows noLoad from a prefetch, even when its answer is dropped before the click", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const answers = serverAnswers();
    const journal = bodyOf("article-list");
    journal.data.meta.noLoad = true;
    answers.set("/article", serverAnswer(journal));
    const { bus, requests } = start({ answers });
    const link = region("to-journal");
    link.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    await vi.advanceTimersByTimeAsync(PREFETCH_DELAY_MS);
    await vi.waitFor(() => expect(requests).toHaveLength(1), SLOW);
    await vi.advanceTimersByTimeAsync(0);
    bus.emit("cart:changed", 1);
    const slow = heldNoLoad("article-list");
    answers.set("/article", slow.answer);
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS * 3);
    expect(requests).toHaveLength(2);
    expect(bar()).toBeNull();
    slow.release();
    await vi.waitFor(() => expect(location.pathname).toBe("/article"), SLOW);
  });

  it("knows noLoad of the first page from its initial meta", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const answers = serverAnswers();
    const first = heldNoLoad("cart");
    answers.set("/start-page", first.answer);
    const { router } = start({ answers, meta: { noLoad: true } });
    expect(await router.visit("/tag")).toBe("done");
    const back = router.visit("/start-page");
    await vi.advanceTimersByTimeAsync(PROGRESS_DELAY_MS * 3);
    expect(bar()).toBeNull();
    first.release();
    expect(await back).toBe("done");
  });
});
