import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PageOutcome } from "../../../src/runtime/router/page-fetch";
import { createPrefetcher, PREFETCH_DELAY_MS, PREFETCH_TTL_MS } from "../../../src/runtime/router/prefetch";
import { createRouteTable, isPrivateRoute, matchPath } from "../../../src/shared/routes";

const table = createRouteTable();
const origin = location.origin;
const answer: PageOutcome = { kind: "failed", reason: "stub" };

function setup(options: { saveData?: boolean } = {}) {
  const fetch = vi.fn((_url: URL) => Promise.resolve(answer));
  const prefetcher = createPrefetcher({
    doc: document,
    clock: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    },
    rules: { current: () => new URL("/", origin), isRoute: (url) => matchPath(table, url.pathname) !== null },
    target: (url) => {
      const match = matchPath(table, url.pathname);
      return match && !isPrivateRoute(match.name) ? url : null;
    },
    fetch,
    saveData: () => options.saveData === true,
  });
  prefetcher.start();
  return { fetch, prefetcher };
}

const hover = (el: Element) => el.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
const leave = (el: Element, to: Element | null) =>
  el.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: to }));

describe("prefetch", () => {
  let stop: (() => void) | null = null;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `
      <a id="p" href="/product/linen"><span id="inner">Linen</span></a>
      <a id="no" href="/product/wool" data-no-prefetch>Wool</a>
      <a id="user" href="/user/order">Orders</a>
      <a id="checkout" href="/checkout/c1">Checkout</a>
      <a id="away" href="https://elsewhere.test/">Away</a>
      <p id="outside">text</p>`;
  });
  afterEach(() => {
    stop?.();
    stop = null;
    vi.useRealTimers();
  });
  const el = (id: string) => document.getElementById(id)!;

  it("fetches a hovered link after ~80 ms, once", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    hover(el("inner"));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    hover(el("p"));
    vi.advanceTimersByTime(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0].pathname).toBe("/product/linen");
    hover(el("inner"));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("does not fetch when the pointer leaves before the delay", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    hover(el("inner"));
    leave(el("inner"), el("p"));
    vi.advanceTimersByTime(10);
    leave(el("p"), el("outside"));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fetches on touchstart at once, since the tap follows within about 100 ms", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    el("p").dispatchEvent(new Event("touchstart", { bubbles: true }));
    expect(fetch).toHaveBeenCalledTimes(1);
    el("p").dispatchEvent(new Event("touchstart", { bubbles: true }));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fetches a link keyboard focus rests on for ~80 ms, not one it passes on the way", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    el("user").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    el("p").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS - 1);
    el("p").dispatchEvent(new FocusEvent("focusout", { bubbles: true, relatedTarget: el("no") }));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).not.toHaveBeenCalled();
    el("p").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0].pathname).toBe("/product/linen");
  });

  it("fetches at once when the main button goes down on a link, since the click follows", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    const press = (init: MouseEventInit) => el("inner").dispatchEvent(new MouseEvent("mousedown", { bubbles: true, ...init }));
    // Another button or a modifier opens a menu or a new tab: no click in this page follows.
    press({ button: 2 });
    press({ button: 0, ctrlKey: true });
    press({ button: 0, metaKey: true });
    expect(fetch).not.toHaveBeenCalled();
    hover(el("inner"));
    press({ button: 0 });
    expect(fetch).toHaveBeenCalledTimes(1);
    // The hover's own delay has nothing left to fetch.
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each(["no", "user", "checkout", "away"])("skips the link #%s", (id) => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    hover(el(id));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("skips everything under Save-Data", () => {
    const { fetch, prefetcher } = setup({ saveData: true });
    stop = prefetcher.stop;
    hover(el("p"));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS * 2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("hands the answer to the click once, within ~10 s", async () => {
    const { prefetcher } = setup();
    stop = prefetcher.stop;
    prefetcher.prefetch(new URL("/product/linen", origin));
    const taken = prefetcher.take(new URL("/product/linen", origin));
    expect(await taken).toBe(answer);
    expect(prefetcher.take(new URL("/product/linen", origin))).toBeNull();
  });

  it("drops an answer older than ~10 s", () => {
    const { prefetcher } = setup();
    stop = prefetcher.stop;
    prefetcher.prefetch(new URL("/product/linen", origin));
    vi.advanceTimersByTime(PREFETCH_TTL_MS);
    expect(prefetcher.take(new URL("/product/linen", origin))).toBeNull();
  });

  it("fetches again only once the kept answer expired", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    prefetcher.prefetch(new URL("/product/linen", origin));
    prefetcher.prefetch(new URL("/product/linen", origin));
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PREFETCH_TTL_MS);
    prefetcher.prefetch(new URL("/product/linen", origin));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("clear() forgets every answer and the pending hover", () => {
    const { fetch, prefetcher } = setup();
    stop = prefetcher.stop;
    prefetcher.prefetch(new URL("/product/linen", origin));
    hover(el("p"));
    prefetcher.clear();
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(prefetcher.take(new URL("/product/linen", origin))).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("stops listening on stop()", () => {
    const { fetch, prefetcher } = setup();
    prefetcher.stop();
    hover(el("p"));
    vi.advanceTimersByTime(PREFETCH_DELAY_MS);
    expect(fetch).not.toHaveBeenCalled();
  });
});
