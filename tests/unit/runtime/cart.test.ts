import { describe, expect, it } from "vitest";
import { createCart, MAX_CART_COUNT } from "../../../src/runtime/cart";
import { ThrowingStorage, memoryStore, recordBus } from "./fakes";
import { createStore } from "../../../src/runtime/storage";

function setup(stored: Record<string, string> = {}) {
  const rec = recordBus();
  const { store, backing } = memoryStore(stored);
  const events = new EventTarget();
  const cart = createCart({ bus: rec.bus, store, events });
  cart.start();
  return { cart, rec, backing, events, store };
}

describe("cart count", () => {
  it("starts from the stored count; garbage or nothing reads as 0", () => {
    expect(setup({ "sf.cartCount": "4" }).cart.getSnapshot()).toBe(4);
    expect(setup({ "sf.cartCount": "four" }).cart.getSnapshot()).toBe(0);
    expect(setup().cart.getSnapshot()).toBe(0);
  });

  it("set and add keep it a whole number between 0 and the maximum, stored and announced", () => {
    const { cart, rec, backing } = setup();
    cart.add(2);
    cart.add(1);
    expect(cart.getSnapshot()).toBe(3);
    expect(backing.getItem("sf.cartCount")).toBe("3");
    cart.add(-10);
    expect(cart.getSnapshot()).toBe(0);
    cart.set(2.7);
    expect(cart.getSnapshot()).toBe(2);
    cart.set(Number.NaN);
    expect(cart.getSnapshot()).toBe(0);
    cart.set(10 ** 9);
    expect(cart.getSnapshot()).toBe(MAX_CART_COUNT);
    expect(rec.of("cart:changed")).toEqual([2, 3, 0, 2, 0, MAX_CART_COUNT]);
  });

  it("follows another tab through the storage event", () => {
    const { cart, backing, events, rec } = setup({ "sf.cartCount": "1" });
    let calls = 0;
    cart.subscribe(() => calls++);
    backing.setItem("sf.cartCount", "5");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.cartCount" }));
    expect(cart.getSnapshot()).toBe(5);
    expect(calls).toBe(1);
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.token" }));
    expect(calls).toBe(1);
    expect(rec.of("cart:changed")).toEqual([5]);
  });

  it("keeps counting for this page when storage throws", () => {
    const rec = recordBus();
    const cart = createCart({ bus: rec.bus, store: createStore(() => new ThrowingStorage()), events: new EventTarget() });
    cart.start();
    cart.add(2);
    expect(cart.getSnapshot()).toBe(2);
  });

  it("stop() stops following other tabs", () => {
    const { cart, backing, events } = setup();
    cart.stop();
    backing.setItem("sf.cartCount", "5");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.cartCount" }));
    expect(cart.getSnapshot()).toBe(0);
  });
});
