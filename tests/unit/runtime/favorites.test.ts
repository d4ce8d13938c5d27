import { describe, expect, it, vi } from "vitest";
import type { FavoriteItem } from "../../../generated/types";
import { createApi } from "../../../src/runtime/api/client";
import { createFavorites } from "../../../src/runtime/favorites";
import { bodyOf, envelope, memoryStore, recordBus, scriptedFetch, testClock } from "./fakes";

const ok = (data: unknown) => envelope({ code: 0, msg: "", data });
const shirt: FavoriteItem = { type: "product", id: "17", title: "Linen shirt" };
const post: FavoriteItem = { type: "article", id: "5", title: "Care for linen" };
const emptyList = { article: [], product: [], page: [] };

function setup(answers: Parameters<typeof scriptedFetch>, stored: Record<string, string> = { "sf.token": "tok" }) {
  const rec = recordBus();
  const { store } = memoryStore(stored);
  const fetchMock = scriptedFetch(...answers);
  const api = createApi({ bus: rec.bus, store, clock: testClock(), fetch: fetchMock });
  const favorites = createFavorites({ bus: rec.bus, api, store });
  const calls = () => fetchMock.mock.calls.map((c) => String(c[0]).replace("/api/web/", ""));
  return { favorites, store, fetchMock, rec, calls };
}

describe("favorites", () => {
  it("fetches the wish list at start when signed in", async () => {
    const { favorites, store, calls } = setup([ok({ article: [post], product: [shirt], page: [] })]);
    favorites.start();
    await vi.waitFor(() => expect(favorites.getSnapshot().ready).toBe(true));
    expect(calls()).toEqual(["favorite/wishList"]);
    expect(favorites.getSnapshot().lists).toEqual({ article: [post], product: [shirt], page: [] });
    expect(favorites.has("product", "17")).toBe(true);
    expect(favorites.has("page", "17")).toBe(false);
    expect(store.get("noWishList")).toBeNull();
  });

  it("an empty answer sets the no-wishlist flag, and then it is not fetched again", async () => {
    const first = setup([ok(emptyList)]);
    first.favorites.start();
    await vi.waitFor(() => expect(first.store.get("noWishList")).toBe(true));
    const second = setup([], { "sf.token": "tok", "sf.noWishList": "1" });
    second.favorites.start();
    expect(second.calls()).toEqual([]);
    expect(second.favorites.getSnapshot()).toEqual({ lists: emptyList, ready: true });
  });

  it("an answer without data counts as empty", async () => {
    const { favorites, store } = setup([ok(null)]);
    favorites.start();
    await vi.waitFor(() => expect(store.get("noWishList")).toBe(true));
    expect(favorites.getSnapshot()).toEqual({ lists: emptyList, ready: true });
  });

  it("asks nothing when signed out (the call would answer auth-invalid)", () => {
    const { favorites, calls } = setup([], {});
    favorites.start();
    expect(calls()).toEqual([]);
  });

  it("a failed fetch leaves the flag alone and shows no toast", async () => {
    const { favorites, store, rec, fetchMock } = setup([new TypeError("offline")]);
    favorites.start();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await Promise.resolve();
    expect(store.get("noWishList")).toBeNull();
    expect(favorites.getSnapshot().ready).toBe(false);
    expect(rec.of("toast:show")).toEqual([]);
  });

  it("add puts the item on its list and clears the flag", async () => {
    const { favorites, store, fetchMock, rec } = setup([ok(shirt)], { "sf.token": "tok", "sf.noWishList": "1" });
    favorites.start();
    await expect(favorites.add("product", "17")).resolves.toEqual(shirt);
    expect(bodyOf(fetchMock)).toEqual({ type: "product", id: "17" });
    expect(favorites.getSnapshot().lists.product).toEqual([shirt]);
    expect(store.get("noWishList")).toBeNull();
    expect(rec.of("favorites:changed").length).toBeGreaterThan(0);
  });

  it("adding twice keeps one entry", async () => {
    const { favorites } = setup([ok(emptyList), ok(shirt), ok(shirt)]);
    favorites.start();
    await favorites.add("product", "17");
    await favorites.add("product", "17");
    expect(favorites.getSnapshot().lists.product).toEqual([shirt]);
  });

  it("cancelling the last entry sets the flag again", async () => {
    const { favorites, store } = setup([ok({ article: [], product: [shirt], page: [] }), ok(null)]);
    favorites.start();
    await vi.waitFor(() => expect(favorites.getSnapshot().ready).toBe(true));
    await favorites.cancel("product", "17");
    expect(favorites.getSnapshot().lists.product).toEqual([]);
    expect(store.get("noWishList")).toBe(true);
  });

  it("a failed add changes nothing and shows the error", async () => {
    const { favorites, rec } = setup([ok(emptyList), envelope({ code: 41, msg: "Too many favorites" })]);
    favorites.start();
    await vi.waitFor(() => expect(favorites.getSnapshot().ready).toBe(true));
    await expect(favorites.add("product", "17")).rejects.toThrow();
    expect(favorites.getSnapshot().lists.product).toEqual([]);
    expect(rec.of("toast:show")).toEqual([{ kind: "error", message: { text: "Too many favorites" } }]);
  });

  it("a complete first page from list replaces that list; an empty one can set the flag", async () => {
    const { favorites, store } = setup([
      ok({ article: [post], product: [], page: [] }),
      ok({ items: [shirt], total: 1, page: 1, pageSize: 20 }),
      ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    ]);
    favorites.start();
    await vi.waitFor(() => expect(favorites.getSnapshot().ready).toBe(true));
    await favorites.list({ type: "product" });
    expect(favorites.getSnapshot().lists.product).toEqual([shirt]);
    await favorites.list({ type: "product" });
    expect(store.get("noWishList")).toBeNull();
    await favorites.list({ type: "article" });
    expect(favorites.getSnapshot().lists).toEqual(emptyList);
    expect(store.get("noWishList")).toBe(true);
  });

  it("a later page does not replace the list", async () => {
    const { favorites } = setup([
      ok({ article: [], product: [shirt], page: [] }),
      ok({ items: [], total: 21, page: 2, pageSize: 20 }),
    ]);
    favorites.start();
    await vi.waitFor(() => expect(favorites.getSnapshot().ready).toBe(true));
    await favorites.list({ type: "product", page: 2 });
    expect(favorites.getSnapshot().lists.product).toEqual([shirt]);
  });

  it("count: all zero sets the flag; counts the lists do not match refetch the wish list", async () => {
    const { favorites, store, calls } = setup(
      [
        ok({ article: 0, product: 0, page: 0 }),
        ok({ article: 0, product: 1, page: 0 }),
        ok({ article: [], product: [shirt], page: [] }),
      ],
      { "sf.token": "tok", "sf.noWishList": "1" },
    );
    favorites.start();
    await favorites.count();
    expect(store.get("noWishList")).toBe(true);
    await favorites.count();
    expect(calls()).toEqual(["favorite/count", "favorite/count", "favorite/wishList"]);
    expect(favorites.getSnapshot().lists.product).toEqual([shirt]);
    expect(store.get("noWishList")).toBeNull();
  });

  it("signing in clears an old flag and fetches; signing out empties the lists; a user refresh fetches nothing", async () => {
    const { favorites, store, rec, calls } = setup([ok({ article: [], product: [shirt], page: [] })], { "sf.noWishList": "1" });
    favorites.start();
    store.set("token", "tok");
    rec.bus.emit("session:changed", { signedIn: true, user: null });
    await vi.waitFor(() => expect(favorites.getSnapshot().lists.product).toEqual([shirt]));
    rec.bus.emit("session:changed", { signedIn: true, user: { id: "1", email: "", nickname: "n" } });
    expect(calls()).toEqual(["favorite/wishList"]);
    rec.bus.emit("session:changed", { signedIn: false, user: null });
    expect(favorites.getSnapshot()).toEqual({ lists: emptyList, ready: false });
  });

  it("a wish list answer that arrives after sign-out is dropped", async () => {
    let answer: (r: Response) => void = () => {};
    const { favorites, rec, fetchMock } = setup([() => new Promise<Response>((r) => (answer = r))]);
    favorites.start();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    rec.bus.emit("session:changed", { signedIn: false, user: null });
    answer(ok({ article: [], product: [shirt], page: [] }));
    await new Promise((r) => setTimeout(r, 0));
    expect(favorites.getSnapshot().lists.product).toEqual([]);
  });
});
