// The caches that keep listing orders, search answers, products and islands
// (src/server/catalog/lru.ts): a bound on the total size or the number of what they hold, the
// entry read least recently out first.
import { describe, expect, it } from "vitest";
import { Lru, SizedLru } from "../../src/server/catalog/lru";

describe("SizedLru", () => {
  it("drops the entries read least recently until what it holds fits its bound", () => {
    const kept = new SizedLru<string, number[]>(5, (value) => value.length);
    kept.set("a", [1, 2]);
    kept.set("b", [1, 2]);
    expect(kept.get("a")).toEqual([1, 2]);
    // 6 > 5: "b", read least recently, goes.
    kept.set("c", [1, 2]);
    expect(kept.get("b")).toBeUndefined();
    expect(kept.get("a")).toEqual([1, 2]);
    expect(kept.get("c")).toEqual([1, 2]);
    // A key set again counts once, at its new size.
    kept.set("a", [1]);
    kept.set("d", [1, 2]);
    expect([kept.get("a"), kept.get("c"), kept.get("d")]).toEqual([[1], [1, 2], [1, 2]]);
  });

  it("keeps a value larger than its whole bound alone, until the next one", () => {
    const kept = new SizedLru<string, number[]>(3, (value) => value.length);
    kept.set("a", [1]);
    kept.set("big", [1, 2, 3, 4]);
    expect(kept.get("a")).toBeUndefined();
    expect(kept.get("big")).toHaveLength(4);
    kept.set("b", [1]);
    expect(kept.get("big")).toBeUndefined();
    expect(kept.get("b")).toEqual([1]);
  });

  it("as Lru, counts entries: the one read least recently goes when one too many is set", () => {
    const kept = new Lru<string, number>(2);
    kept.set("a", 1);
    kept.set("b", 2);
    kept.get("a");
    kept.set("c", 3);
    expect([kept.get("a"), kept.get("b"), kept.get("c"), kept.size]).toEqual([1, undefined, 3, 2]);
    kept.delete("a");
    expect([kept.get("a"), kept.size]).toEqual([undefined, 1]);
  });
});
