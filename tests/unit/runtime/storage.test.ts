import { describe, expect, it, vi } from "vitest";
import { createStore, STORAGE_NAMES } from "../../../src/runtime/storage";
import { MemoryStorage, memoryStore, ThrowingStorage } from "./fakes";

const user = { id: "42", email: "mei@example.com", nickname: "mei" };

describe("storage", () => {
  it("keeps each of the six values under its own sf. key and reads it back", () => {
    const { store, backing } = memoryStore();
    store.set("token", "abc.DEF-123");
    store.set("user", user);
    store.set("visitorId", "v_1");
    store.set("cartCount", 3);
    store.set("languagePath", "zh-HK");
    store.set("noWishList", true);
    expect(Object.fromEntries(backing.map)).toEqual({
      "sf.token": "abc.DEF-123",
      "sf.user": JSON.stringify(user),
      "sf.visitorId": "v_1",
      "sf.cartCount": "3",
      "sf.languagePath": "zh-HK",
      "sf.noWishList": "1",
    });
    expect([
      store.get("token"),
      store.get("user"),
      store.get("visitorId"),
      store.get("cartCount"),
      store.get("languagePath"),
      store.get("noWishList"),
    ]).toEqual(["abc.DEF-123", user, "v_1", 3, "zh-HK", true]);
    store.remove("token");
    expect(store.get("token")).toBeNull();
    expect(backing.getItem("sf.token")).toBeNull();
  });

  it.each([
    ["token", "has a\nnewline"],
    ["token", ""],
    ["token", "tökén"],
    ["user", "{not json"],
    ["user", "[1,2]"],
    ["user", "null"],
    ["user", JSON.stringify({ email: "no id" })],
    ["visitorId", "<script>"],
    ["cartCount", "-1"],
    ["cartCount", "3 items"],
    ["cartCount", "1e9"],
    ["languagePath", "../../etc"],
    ["noWishList", "yes"],
  ] as const)("reads a garbage %s (%j) as absent", (key, raw) => {
    const { store } = memoryStore({ [STORAGE_NAMES[key]]: raw });
    expect(store.get(key)).toBeNull();
  });

  it("survives a localStorage that throws on every call, keeping values in memory for this page", () => {
    const store = createStore(() => new ThrowingStorage());
    expect(store.get("token")).toBeNull();
    expect(() => store.set("token", "t1")).not.toThrow();
    expect(store.get("token")).toBe("t1");
    expect(() => store.remove("token")).not.toThrow();
    expect(store.get("token")).toBeNull();
  });

  it("survives window.localStorage itself throwing (storage blocked)", () => {
    const store = createStore(() => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    });
    expect(store.get("user")).toBeNull();
    store.set("cartCount", 2);
    expect(store.get("cartCount")).toBe(2);
  });

  it("goes back to the real storage once writing works again (quota freed)", () => {
    const backing = new MemoryStorage();
    let full = true;
    const setItem = backing.setItem.bind(backing);
    backing.setItem = (k, v) => {
      if (full) throw new DOMException("full", "QuotaExceededError");
      setItem(k, v);
    };
    const store = createStore(() => backing);
    store.set("cartCount", 1);
    expect(backing.getItem("sf.cartCount")).toBeNull();
    expect(store.get("cartCount")).toBe(1);
    full = false;
    store.set("cartCount", 2);
    expect(backing.getItem("sf.cartCount")).toBe("2");
    expect(store.get("cartCount")).toBe(2);
  });

  it("tells which of its keys another tab changed, and every key when the other tab cleared all", () => {
    const { store } = memoryStore();
    const target = new EventTarget();
    const changed = vi.fn<(key: string) => void>();
    const stop = store.watch(target, changed);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.cartCount" }));
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "someone.else" }));
    expect(changed.mock.calls).toEqual([["cartCount"]]);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: null }));
    expect(changed).toHaveBeenCalledTimes(7);
    stop();
    target.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.token" }));
    expect(changed).toHaveBeenCalledTimes(7);
  });
});
