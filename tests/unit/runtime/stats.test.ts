import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStats, STATS_INTERVAL_MS, STATS_URL } from "../../../src/runtime/stats";
import { fakeDocument, setVisibility, testClock } from "./fakes";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(beacon: ((url: string, data: string) => boolean) | null = () => true) {
  const document = fakeDocument();
  const events = new EventTarget();
  const listened: string[] = [];
  const add = events.addEventListener.bind(events);
  events.addEventListener = (type: string, ...rest: [never, never]) => {
    listened.push(type);
    add(type, ...rest);
  };
  const sendBeacon = beacon ? vi.fn(beacon) : undefined;
  const fetchMock = vi.fn<typeof fetch>(async () => new Response(""));
  const stats = createStats({ clock: testClock(), document, events, sendBeacon, fetch: fetchMock });
  const beacons = () => (sendBeacon?.mock.calls ?? []).map(([url, data]) => [url, JSON.parse(data)]);
  return { stats, document, events, sendBeacon, fetchMock, beacons, listened };
}

describe("duration stats", () => {
  it("beacons the seconds on page every 10 s", () => {
    const { stats, beacons } = setup();
    stats.start();
    expect(STATS_INTERVAL_MS).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(beacons()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(beacons()).toEqual([[STATS_URL, { duration: 10 }]]);
    expect(STATS_URL).toBe("/api/web/stat/duration");
    vi.advanceTimersByTime(20_000);
    expect(beacons()).toHaveLength(3);
  });

  it("beacons when the page is hidden, counting only seconds not yet reported", () => {
    const { stats, document, beacons } = setup();
    stats.start();
    vi.advanceTimersByTime(14_600);
    setVisibility(document, "hidden");
    expect(beacons().map(([, b]) => b)).toEqual([{ duration: 10 }, { duration: 4 }]);
  });

  it("does not count hidden time, and carries part-seconds over", () => {
    const { stats, document, beacons } = setup();
    stats.start();
    vi.advanceTimersByTime(2_600);
    setVisibility(document, "hidden");
    vi.advanceTimersByTime(60_000);
    setVisibility(document, "visible");
    vi.advanceTimersByTime(1_500);
    setVisibility(document, "hidden");
    expect(beacons().map(([, b]) => b)).toEqual([{ duration: 2 }, { duration: 2 }]);
  });

  it("pagehide after visibilitychange sends nothing twice; pagehide alone reports", () => {
    const { stats, document, events, beacons } = setup();
    stats.start();
    vi.advanceTimersByTime(3_000);
    setVisibility(document, "hidden");
    events.dispatchEvent(new Event("pagehide"));
    expect(beacons()).toHaveLength(1);
    events.dispatchEvent(new Event("pageshow"));
    setVisibility(document, "visible");
    vi.advanceTimersByTime(2_000);
    events.dispatchEvent(new Event("pagehide"));
    expect(beacons().map(([, b]) => b)).toEqual([{ duration: 3 }, { duration: 2 }]);
  });

  it("never listens to unload or beforeunload", () => {
    const { stats, listened } = setup();
    stats.start();
    expect(listened).toContain("pagehide");
    expect(listened).not.toContain("unload");
    expect(listened).not.toContain("beforeunload");
  });

  it.each([
    ["returns false", () => false],
    [
      "throws",
      () => {
        throw new TypeError("beacon too large");
      },
    ],
    ["does not exist", null],
  ])("falls back to fetch with keepalive when sendBeacon %s", (_name, beacon) => {
    const { stats, document, fetchMock } = setup(beacon);
    stats.start();
    vi.advanceTimersByTime(5_000);
    setVisibility(document, "hidden");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(STATS_URL);
    expect(init).toMatchObject({ method: "POST", keepalive: true, body: JSON.stringify({ duration: 5 }) });
  });

  it("a page loaded hidden starts counting when shown", () => {
    const { stats, document, beacons } = setup();
    document.visibilityState = "hidden";
    stats.start();
    vi.advanceTimersByTime(30_000);
    expect(beacons()).toEqual([]);
    setVisibility(document, "visible");
    vi.advanceTimersByTime(10_000);
    expect(beacons().map(([, b]) => b)).toEqual([{ duration: 10 }]);
  });

  it("stop() reports the rest and removes its timer and listeners", () => {
    const { stats, document, beacons } = setup();
    stats.start();
    vi.advanceTimersByTime(1_200);
    stats.stop();
    expect(beacons().map(([, b]) => b)).toEqual([{ duration: 1 }]);
    expect(vi.getTimerCount()).toBe(0);
    setVisibility(document, "visible");
    vi.advanceTimersByTime(20_000);
    expect(beacons()).toHaveLength(1);
  });
});
