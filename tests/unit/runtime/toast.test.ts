import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToasts, MAX_TOASTS, TOAST_DURATION_MS } from "../../../src/runtime/toast";
import { recordBus, testClock } from "./fakes";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const rec = recordBus();
  const mountToaster = vi.fn();
  const toasts = createToasts({ bus: rec.bus, clock: testClock(), mountToaster });
  toasts.start();
  return { toasts, mountToaster, bus: rec.bus };
}

const text = (t: string) => ({ text: t });

describe("toasts", () => {
  it("closes a toast after 1 s by default", () => {
    const { toasts } = setup();
    toasts.show({ message: text("Saved") });
    expect(TOAST_DURATION_MS).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(toasts.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it("honours its own duration, and 0 keeps it until closed", () => {
    const { toasts } = setup();
    toasts.show({ message: text("long"), duration: 5000 });
    const sticky = toasts.show({ message: text("sticky"), duration: 0 });
    vi.advanceTimersByTime(4999);
    expect(toasts.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot().map((t) => t.id)).toEqual([sticky]);
    vi.advanceTimersByTime(60_000);
    expect(toasts.getSnapshot()).toHaveLength(1);
    toasts.dismiss(sticky);
    expect(toasts.getSnapshot()).toEqual([]);
  });

  it("stacks toasts oldest first and drops the oldest beyond the limit", () => {
    const { toasts } = setup();
    for (let i = 1; i <= MAX_TOASTS + 2; i++) toasts.show({ message: text(`#${i}`), duration: 0 });
    expect(toasts.getSnapshot().map((t) => (t.message as { text: string }).text)).toEqual(["#3", "#4", "#5", "#6", "#7"]);
    // Dropped toasts leave no timers behind.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is closable, and closing cancels its timer", () => {
    const { toasts } = setup();
    const id = toasts.show({ kind: "error", message: text("x") });
    toasts.dismiss(id);
    expect(toasts.getSnapshot()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    toasts.dismiss(id);
  });

  it("pauses while hovered or focused and closes after a full duration once left", () => {
    const { toasts } = setup();
    const id = toasts.show({ message: text("x") });
    vi.advanceTimersByTime(900);
    toasts.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(toasts.getSnapshot()).toHaveLength(1);
    toasts.resume(id);
    toasts.resume(id);
    vi.advanceTimersByTime(999);
    expect(toasts.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toasts.getSnapshot()).toEqual([]);
  });

  // The services add one Toaster; asking with every toast retries one that failed to load (issue #19).
  it("takes toasts from the bus, info by default, and asks for the Toaster with each", () => {
    const { toasts, mountToaster, bus } = setup();
    expect(mountToaster).not.toHaveBeenCalled();
    bus.emit("toast:show", { message: { id: "api.unknown" } });
    bus.emit("toast:show", { kind: "error", message: { id: "api.fail" } });
    expect(toasts.getSnapshot().map((t) => [t.kind, t.message])).toEqual([
      ["info", { id: "api.unknown" }],
      ["error", { id: "api.fail" }],
    ]);
    expect(mountToaster).toHaveBeenCalledTimes(2);
  });

  it("notifies subscribers with a new snapshot each change, and stop() stops it", () => {
    const { toasts, bus } = setup();
    const seen: unknown[] = [];
    const unsubscribe = toasts.subscribe(() => seen.push(toasts.getSnapshot()));
    toasts.show({ message: text("a") });
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
    unsubscribe();
    toasts.show({ message: text("b"), duration: 0 });
    expect(seen).toHaveLength(2);
    toasts.stop();
    bus.emit("toast:show", { message: text("c") });
    expect(toasts.getSnapshot()).toHaveLength(1);
  });
});
