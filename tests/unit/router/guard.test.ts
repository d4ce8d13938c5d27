import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createDuplicateGuard, DUPLICATE_WINDOW_MS, routeKey } from "../../../src/runtime/router/guard";

describe("duplicate guard", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const clock = { now: () => Date.now() };

  it("ignores the same route again within 700 ms", () => {
    const guard = createDuplicateGuard(clock);
    expect(DUPLICATE_WINDOW_MS).toBe(700);
    expect(guard.allow("/cart")).toBe(true);
    vi.advanceTimersByTime(699);
    expect(guard.allow("/cart")).toBe(false);
  });

  it("allows the same route again from 700 ms on", () => {
    const guard = createDuplicateGuard(clock);
    guard.allow("/cart");
    vi.advanceTimersByTime(700);
    expect(guard.allow("/cart")).toBe(true);
  });

  it("measures from the last allowed navigation, not the ignored ones", () => {
    const guard = createDuplicateGuard(clock);
    guard.allow("/cart");
    vi.advanceTimersByTime(500);
    expect(guard.allow("/cart")).toBe(false);
    vi.advanceTimersByTime(200);
    expect(guard.allow("/cart")).toBe(true);
  });

  it("says what it holds back without recording anything", () => {
    const guard = createDuplicateGuard(clock);
    expect(guard.holds("/cart")).toBe(false);
    expect(guard.allow("/cart")).toBe(true);
    expect(guard.holds("/cart")).toBe(true);
    expect(guard.holds("/search")).toBe(false);
    // Asking did not start a window for /search.
    expect(guard.allow("/search")).toBe(true);
    vi.advanceTimersByTime(DUPLICATE_WINDOW_MS);
    expect(guard.holds("/search")).toBe(false);
  });

  it("never holds back a different route", () => {
    const guard = createDuplicateGuard(clock);
    guard.allow("/cart");
    expect(guard.allow("/search")).toBe(true);
    expect(guard.allow("/cart")).toBe(true);
  });

  it("takes Back or Forward in between as the end of a double click", () => {
    const guard = createDuplicateGuard(clock);
    guard.allow("/category/shirts");
    vi.advanceTimersByTime(300);
    guard.arrived("/");
    expect(guard.allow("/category/shirts")).toBe(true);
    vi.advanceTimersByTime(100);
    expect(guard.allow("/category/shirts")).toBe(false);
  });

  it("keys a route by path and query, not fragment", () => {
    expect(routeKey(new URL("https://s.test/p?a=1#x"))).toBe("/p?a=1");
    expect(routeKey(new URL("https://s.test/p?a=2"))).not.toBe(routeKey(new URL("https://s.test/p?a=1")));
  });
});
