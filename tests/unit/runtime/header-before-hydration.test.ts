// What the header shows before its island hydrates, without React: the cart's count as custom
// properties the empty badge displays (runtime/cart-badge.ts), and closed notices hidden
// (runtime/closed-notices.ts).
import { describe, expect, it } from "vitest";
import { createBus } from "../../../src/runtime/bus";
import { badgeText, showCartBadge } from "../../../src/runtime/cart-badge";
import { hideClosedNotices, isNoticeClosed, rememberNoticeClosed } from "../../../src/runtime/closed-notices";

describe("the cart badge before hydration", () => {
  const properties = (root: HTMLElement) => [
    root.style.getPropertyValue("--sf-cart-count"),
    root.style.getPropertyValue("--sf-cart-shown"),
  ];

  it("says nothing for none, the count up to 99, then 99+", () => {
    expect([0, 1, 99, 100, 999_999].map(badgeText)).toEqual(["", "1", "99", "99+", "99+"]);
  });

  it("writes the count it starts with, follows cart:changed, and clears it at 0 and when stopped", () => {
    const root = document.createElement("html");
    const bus = createBus();
    const stop = showCartBadge({ root, bus, count: () => 3 });
    expect(properties(root)).toEqual(['"3"', "visible"]);
    bus.emit("cart:changed", 120);
    expect(properties(root)).toEqual(['"99+"', "visible"]);
    bus.emit("cart:changed", 0);
    expect(properties(root)).toEqual(["", ""]);
    bus.emit("cart:changed", 2);
    stop();
    expect(properties(root)).toEqual(["", ""]);
    bus.emit("cart:changed", 5);
    expect(properties(root)).toEqual(["", ""]);
  });
});

describe("closed notices before hydration", () => {
  const notice = (props: string) => `<div data-component="HeaderNotice" data-props='${props}'><section>…</section></div>`;

  it("hides the island of each notice the shopper closed, and leaves the others and props the renderer refuses alone", () => {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML =
      notice('{"id":"sale","message":"Sale"}') +
      notice('{"id":"ship","message":"Shipping"}') +
      notice("{oops") +
      notice('{"id":"sale","__proto__":{}}');
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    rememberNoticeClosed(store, "sale");
    expect(isNoticeClosed(store, "sale")).toBe(true);
    expect(isNoticeClosed(store, "ship")).toBe(false);
    hideClosedNotices(doc, store);
    expect([...doc.querySelectorAll<HTMLElement>("[data-component]")].map((el) => el.hidden)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it("reads and writes nothing where storage refuses (private mode)", () => {
    const refusing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(() => rememberNoticeClosed(refusing, "sale")).not.toThrow();
    expect(isNoticeClosed(refusing, "sale")).toBe(false);
  });
});
