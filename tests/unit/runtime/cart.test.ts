import { describe, expect, it, vi } from "vitest";
import type { Cart as CartData } from "../../../generated/types";
import { type Api, ApiError } from "../../../src/runtime/api/client";
import { createCart, MAX_CART_COUNT } from "../../../src/runtime/cart";
import { createStore } from "../../../src/runtime/storage";
import { memoryStore, recordBus, ThrowingStorage } from "./fakes";

const SERVER_CART: CartData = { items: [], count: 4, total: 100, currency: "USD" };

function setup(stored: Record<string, string> = {}) {
  const rec = recordBus();
  const { store, backing } = memoryStore(stored);
  const events = new EventTarget();
  const post = vi.fn(async (_call: string, _body: unknown): Promise<unknown> => SERVER_CART);
  const cart = createCart({ bus: rec.bus, store, api: { post } as unknown as Pick<Api, "post">, events });
  cart.start();
  return { cart, rec, backing, events, store, post };
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

  it("takes a page's count until an answer, here or in another tab, comes after the page was requested", () => {
    const { cart, rec, backing, events } = setup({ "sf.cartCount": "1" });
    cart.fromPage(3);
    expect(cart.getSnapshot()).toBe(3);
    // Two islands of one page may both bring it.
    cart.fromPage(3);
    // The cart page's own cart/list answers before the header hydrates with the server's older count.
    cart.set(2);
    cart.fromPage(0);
    cart.fromPage(3);
    expect(cart.getSnapshot()).toBe(2);
    rec.bus.emit("route:requested", { url: "https://shop.test/cart" });
    cart.fromPage(5);
    expect(cart.getSnapshot()).toBe(5);
    backing.setItem("sf.cartCount", "6");
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.cartCount" }));
    cart.fromPage(5);
    expect(cart.getSnapshot()).toBe(6);
    expect(rec.of("cart:changed")).toEqual([3, 2, 5, 6]);
  });

  it("a page requested after stop() is not heard", () => {
    const { cart, rec } = setup();
    cart.set(2);
    cart.stop();
    rec.bus.emit("route:requested", { url: "https://shop.test/" });
    cart.fromPage(7);
    expect(cart.getSnapshot()).toBe(2);
  });

  it("keeps counting for this page when storage throws", () => {
    const rec = recordBus();
    const cart = createCart({
      bus: rec.bus,
      store: createStore(() => new ThrowingStorage()),
      api: { post: vi.fn() },
      events: new EventTarget(),
    });
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

describe("adding to the cart", () => {
  it("posts cart/add, takes the count from the server's cart and announces it", async () => {
    const { cart, rec, backing, post } = setup({ "sf.cartCount": "1" });
    await expect(cart.addItem("TEE-BLU-M", 3)).resolves.toEqual(SERVER_CART);
    expect(post).toHaveBeenCalledWith("cart/add", { sku: "TEE-BLU-M", quantity: 3 });
    expect(cart.getSnapshot()).toBe(4);
    expect(backing.getItem("sf.cartCount")).toBe("4");
    expect(rec.events.map((e) => e.type)).toEqual(["cart:changed", "cart:added"]);
    expect(rec.of("cart:added")).toEqual([{ sku: "TEE-BLU-M", quantity: 3, cart: SERVER_CART }]);
  });

  it("keeps the last addition for whoever shows it, once, until the next page is asked for", async () => {
    const { cart, rec } = setup();
    expect(cart.takeAdded()).toBeNull();
    await cart.addItem("TEE-BLU-M", 3);
    await cart.addItem("TEE-BLU-M", 1);
    expect(cart.takeAdded()).toEqual({ sku: "TEE-BLU-M", quantity: 1, cart: SERVER_CART });
    expect(cart.takeAdded()).toBeNull();
    await cart.addItem("TEE-BLU-M", 2);
    rec.bus.emit("route:requested", { url: "/cart" });
    expect(cart.takeAdded()).toBeNull();
  });

  it("a refused add rejects and changes nothing", async () => {
    const { cart, rec, post } = setup({ "sf.cartCount": "1" });
    const refusal = new ApiError("cart/add", { kind: "envelope", code: 41, msg: "Sold out" }, { text: "Sold out" });
    post.mockRejectedValueOnce(refusal);
    await expect(cart.addItem("TEE-BLU-M", 1)).rejects.toBe(refusal);
    expect(cart.getSnapshot()).toBe(1);
    expect(rec.events).toEqual([]);
  });
});
