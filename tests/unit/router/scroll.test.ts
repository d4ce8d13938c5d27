import { describe, expect, it, vi } from "vitest";
import { createScrollMemory, type ScrollWindow } from "../../../src/runtime/router/scroll";

function fakeWindow() {
  const win = {
    scrollX: 0,
    scrollY: 0,
    history: { scrollRestoration: "auto" as ScrollRestoration },
    document,
    scrollTo: vi.fn((x: number, y: number) => {
      win.scrollX = x;
      win.scrollY = y;
    }),
  };
  return win;
}

describe("scroll memory", () => {
  it("switches the browser's restoration to manual while running", () => {
    const win = fakeWindow();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    scroll.start();
    expect(win.history.scrollRestoration).toBe("manual");
    scroll.stop();
    expect(win.history.scrollRestoration).toBe("auto");
  });

  it("restores the position saved for a history entry", () => {
    const win = fakeWindow();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    win.scrollY = 640;
    win.scrollX = 10;
    scroll.save("a");
    win.scrollY = 0;
    win.scrollX = 0;
    scroll.save("b");
    scroll.apply({ kind: "restore", key: "a" });
    expect(win.scrollTo).toHaveBeenLastCalledWith(10, 640);
    scroll.apply({ kind: "restore", key: "b" });
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it("restores to the top for an entry it never saw", () => {
    const win = fakeWindow();
    win.scrollY = 300;
    createScrollMemory(win as unknown as ScrollWindow).apply({ kind: "restore", key: "unknown" });
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it("keeps the newest save of an entry", () => {
    const win = fakeWindow();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    win.scrollY = 100;
    scroll.save("a");
    win.scrollY = 200;
    scroll.save("a");
    expect(scroll.positionOf("a")).toEqual({ x: 0, y: 200 });
  });

  it("resets to the top on a new page, and keeps the position when asked", () => {
    const win = fakeWindow();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    win.scrollY = 500;
    scroll.apply({ kind: "keep" });
    expect(win.scrollTo).not.toHaveBeenCalled();
    scroll.apply({ kind: "top" });
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it("scrolls to the #fragment of the new page when it names an element", () => {
    const win = fakeWindow();
    document.body.innerHTML = `<h2 id="reviews">Reviews</h2>`;
    const target = document.getElementById("reviews")!;
    target.scrollIntoView = vi.fn();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    scroll.apply({ kind: "top", hash: "#reviews" });
    expect(target.scrollIntoView).toHaveBeenCalled();
    expect(win.scrollTo).not.toHaveBeenCalled();
    scroll.apply({ kind: "top", hash: "#%E0missing" });
    expect(win.scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it("forgets the oldest entries past its limit", () => {
    const win = fakeWindow();
    const scroll = createScrollMemory(win as unknown as ScrollWindow);
    win.scrollY = 5;
    for (let i = 0; i <= 200; i++) scroll.save(`k${i}`);
    expect(scroll.positionOf("k0")).toBeUndefined();
    expect(scroll.positionOf("k200")).toEqual({ x: 0, y: 5 });
  });
});
