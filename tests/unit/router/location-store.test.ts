import { describe, expect, it, vi } from "vitest";
import { createHistoryEntries, STATE_KEY } from "../../../src/runtime/router/history";
import { createLocationStore } from "../../../src/runtime/router/location-store";
import { createRouteTable } from "../../../src/shared/routes";

describe("location store", () => {
  const where = () => ({ pathname: "/zh/cart", search: "?a=1", assign: vi.fn(), replace: vi.fn() });

  it("starts at the browser's address and notifies only on changes", () => {
    const store = createLocationStore(where);
    expect(store.get()).toMatchObject({ path: "/zh/cart", search: "a=1" });
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.get();
    store.set({ pathname: "/zh/cart", search: "?a=1" });
    expect(listener).not.toHaveBeenCalled();
    expect(store.get()).toBe(before);
    store.set({ pathname: "/tag", search: "" });
    expect(listener).toHaveBeenCalledTimes(1);
    store.setRoutes(createRouteTable({ userPath: "me" }));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("navigates through the router when one is set, else by loading the page", () => {
    const location = where();
    const store = createLocationStore(() => location);
    store.navigate("/cart");
    store.navigate("/tag", { replace: true });
    expect(location.assign).toHaveBeenCalledWith("/cart");
    expect(location.replace).toHaveBeenCalledWith("/tag");
    const navigate = vi.fn();
    store.setNavigator(navigate);
    store.navigate("/search", { replace: true });
    expect(navigate).toHaveBeenCalledWith("/search", { replace: true });
  });

  it("works without a browser location (server rendering)", () => {
    expect(createLocationStore(() => undefined).get()).toMatchObject({ path: "/", search: "" });
  });
});

describe("history entries", () => {
  function fakeHistory(state: unknown = null) {
    const h = {
      state,
      pushState: vi.fn((s: unknown) => {
        h.state = s;
      }),
      replaceState: vi.fn((s: unknown) => {
        h.state = s;
      }),
    };
    return h;
  }

  it("keys the first entry, keeping its state, and every pushed entry", () => {
    let n = 0;
    const h = fakeHistory({ other: 1 });
    const entries = createHistoryEntries(h, () => `k${n++}`);
    entries.start();
    expect(h.state).toEqual({ other: 1, [STATE_KEY]: "k0" });
    entries.push(new URL("https://s.test/cart"));
    expect(entries.key).toBe("k1");
    expect(h.pushState).toHaveBeenCalledWith({ [STATE_KEY]: "k1" }, "", "https://s.test/cart");
  });

  it("keeps the key an entry already has (a reload of the page)", () => {
    const entries = createHistoryEntries(fakeHistory({ [STATE_KEY]: "old" }), () => "new");
    entries.start();
    expect(entries.key).toBe("old");
  });

  it("reads keys from popstate states, ignoring foreign ones", () => {
    const entries = createHistoryEntries(fakeHistory(), () => "k");
    expect(entries.keyOf({ [STATE_KEY]: "x" })).toBe("x");
    expect(entries.keyOf(null)).toBeNull();
    expect(entries.keyOf({ [STATE_KEY]: 5 })).toBeNull();
  });
});
