import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../../src/runtime/api/client";
import { browserTimezone, createTracking, TRACK_INTERVAL_MS } from "../../../src/runtime/tracking";
import {
  bodyOf,
  envelope,
  fakeDocument,
  fakeLocation,
  memoryStore,
  recordBus,
  scriptedFetch,
  setVisibility,
  testClock,
} from "./fakes";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(answers: Parameters<typeof scriptedFetch> = []) {
  const rec = recordBus();
  const { store } = memoryStore();
  const fetchMock = scriptedFetch(...answers);
  const api = createApi({ bus: rec.bus, store, clock: testClock(), fetch: fetchMock });
  const location = fakeLocation("/product/linen");
  const document = fakeDocument({ referrer: "https://search.test/?q=linen" });
  const tracking = createTracking({
    bus: rec.bus,
    api,
    store,
    clock: testClock(),
    location,
    document,
    timezone: () => "Asia/Hong_Kong",
  });
  const sent = () => fetchMock.mock.calls.filter((c) => c[0] === "/api/web/visitor/track").length;
  return { tracking, fetchMock, location, document, store, rec, sent };
}

describe("visitor tracking", () => {
  it("reports {url, referer, timezone} at start, then every 10 s", async () => {
    const { tracking, fetchMock, sent } = setup();
    tracking.start();
    expect(sent()).toBe(1);
    expect(bodyOf(fetchMock)).toEqual({
      url: "https://shop.test/product/linen",
      referer: "https://search.test/?q=linen",
      timezone: "Asia/Hong_Kong",
    });
    expect(TRACK_INTERVAL_MS).toBe(10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent()).toBe(4);
  });

  it("a navigation within 10 s of the last report does not restart it; the next report carries the new page", async () => {
    const { tracking, fetchMock, location, rec, sent } = setup();
    tracking.start();
    await vi.advanceTimersByTimeAsync(4_000);
    location.href = "https://shop.test/cart";
    rec.bus.emit("route:changed", { url: "/cart", referrer: "https://shop.test/product/linen" });
    expect(sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(6_000);
    expect(sent()).toBe(2);
    expect(bodyOf(fetchMock, 1)).toMatchObject({ url: "https://shop.test/cart", referer: "https://shop.test/product/linen" });
  });

  it("stops while the tab is hidden; back within 10 s it waits for the rest of the 10 s", async () => {
    const { tracking, document, sent } = setup();
    tracking.start();
    await vi.advanceTimersByTimeAsync(3_000);
    setVisibility(document, "hidden");
    await vi.advanceTimersByTimeAsync(4_000);
    expect(sent()).toBe(1);
    setVisibility(document, "visible");
    expect(sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(2);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toBe(3);
  });

  it("back after more than 10 s it reports at once and restarts the 10 s", async () => {
    const { tracking, document, sent } = setup();
    tracking.start();
    setVisibility(document, "hidden");
    await vi.advanceTimersByTimeAsync(10_001);
    expect(sent()).toBe(1);
    setVisibility(document, "visible");
    expect(sent()).toBe(2);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toBe(3);
  });

  it("exactly 10 s is not more than 10 s: no extra report, the timer keeps its beat", async () => {
    const { tracking, document, sent } = setup();
    tracking.start();
    setVisibility(document, "hidden");
    await vi.advanceTimersByTimeAsync(10_000);
    setVisibility(document, "visible");
    expect(sent()).toBe(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toBe(2);
  });

  it("a navigation after a pause of more than 10 s reports at once", async () => {
    const { tracking, document, rec, sent } = setup();
    tracking.start();
    setVisibility(document, "hidden");
    await vi.advanceTimersByTimeAsync(15_000);
    document.visibilityState = "visible";
    rec.bus.emit("route:changed", { url: "/", referrer: "" });
    expect(sent()).toBe(2);
    // Only one timer runs: the next report is 10 s later, not twice.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toBe(3);
  });

  it("stores the visitor id the server names and tells the bus", async () => {
    const { tracking, store, rec } = setup([envelope({ code: 0, msg: "", data: { visitorId: "v_9" } })]);
    tracking.start();
    await vi.waitFor(() => expect(store.get("visitorId")).toBe("v_9"));
    expect(rec.of("visitor:id")).toEqual(["v_9"]);
  });

  it("a failing report shows nothing and the next one still goes", async () => {
    const { tracking, rec, sent } = setup([new TypeError("offline"), envelope({ code: 41, msg: "no" })]);
    tracking.start();
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toBe(3);
    expect(rec.of("toast:show")).toEqual([]);
  });

  it("stop() ends the timer and the listeners", async () => {
    const { tracking, document, rec, sent } = setup();
    tracking.start();
    tracking.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    setVisibility(document, "visible");
    rec.bus.emit("route:changed", { url: "/", referrer: "" });
    expect(sent()).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("browserTimezone", () => {
  const intl = (zone: string | undefined) =>
    ({ DateTimeFormat: vi.fn(() => ({ resolvedOptions: () => ({ timeZone: zone }) })) }) as unknown as typeof Intl;

  it("asks Temporal where the browser has it, and builds no date formatter", () => {
    const global = { Temporal: { Now: { timeZoneId: () => "Asia/Hong_Kong" } }, Intl: intl("Europe/Paris") };
    expect(browserTimezone(global as unknown as typeof globalThis)).toBe("Asia/Hong_Kong");
    expect(global.Intl.DateTimeFormat).not.toHaveBeenCalled();
  });

  it("asks Intl without Temporal, and says nothing when neither can tell", () => {
    expect(browserTimezone({ Intl: intl("Europe/Paris") } as unknown as typeof globalThis)).toBe("Europe/Paris");
    expect(browserTimezone({ Intl: intl(undefined) } as unknown as typeof globalThis)).toBe("");
    const broken = {
      Intl: {
        DateTimeFormat: () => {
          throw new RangeError("no ICU");
        },
      },
    };
    expect(browserTimezone(broken as unknown as typeof globalThis)).toBe("");
  });
});
