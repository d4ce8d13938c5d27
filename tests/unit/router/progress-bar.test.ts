import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createProgressBar, PROGRESS_CLASS, PROGRESS_DELAY_MS } from "../../../src/runtime/router/progress-bar";

const clock = {
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
};
const bar = () => document.querySelector(`.${PROGRESS_CLASS}`);

describe("progress bar", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = "";
    document.documentElement.removeAttribute("aria-busy");
  });

  it("marks the document busy at once and shows the bar only after the delay", () => {
    const progress = createProgressBar(document, clock);
    progress.start();
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1);
    expect(bar()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(bar()?.getAttribute("aria-hidden")).toBe("true");
    progress.done();
    expect(bar()).toBeNull();
    expect(document.documentElement.hasAttribute("aria-busy")).toBe(false);
  });

  it("never shows the bar for a fast answer", () => {
    const progress = createProgressBar(document, clock);
    progress.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 10);
    progress.done();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(bar()).toBeNull();
  });

  it("shows no bar when silent (data-no-load), but still marks the document busy", () => {
    const progress = createProgressBar(document, clock);
    progress.start({ silent: true });
    vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2);
    expect(bar()).toBeNull();
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    progress.done();
  });

  it("hide() removes the bar, or the bar still to come, and leaves the document busy until done()", () => {
    const progress = createProgressBar(document, clock);
    progress.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(bar()).not.toBeNull();
    progress.hide();
    expect(bar()).toBeNull();
    expect(document.documentElement.getAttribute("aria-busy")).toBe("true");
    progress.start();
    progress.hide();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2);
    expect(bar()).toBeNull();
    progress.done();
    expect(document.documentElement.hasAttribute("aria-busy")).toBe(false);
  });

  it("keeps one bar when a second fetch starts", () => {
    const progress = createProgressBar(document, clock);
    progress.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    progress.start();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(document.querySelectorAll(`.${PROGRESS_CLASS}`)).toHaveLength(1);
    progress.done();
  });
});
