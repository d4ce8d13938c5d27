import { describe, expect, it } from "vitest";
import {
  addressInLanguage,
  type LanguagePathStore,
  prefixOfPath,
  rememberLanguagePath,
} from "../../../src/runtime/i18n/language-path";

const at = (href: string) => {
  const url = new URL(href, "https://shop.example");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

function fakeStore(initial: string | null = null): LanguagePathStore & { writes: string[] } {
  let value = initial;
  const writes: string[] = [];
  return {
    writes,
    get: () => value,
    set: (_key, next) => {
      writes.push(next);
      value = next;
    },
  };
}

describe("prefixOfPath", () => {
  it.each([
    ["/zh-HK/product/x", "zh-HK"],
    ["/zh-hk/product/x", "zh-HK"],
    ["/fil", "fil"],
    ["/de/", "de"],
    ["/product/x", null],
    ["/", null],
    ["/zhx/a", null],
  ])("%s -> %s", (path, prefix) => {
    expect(prefixOfPath(path)).toBe(prefix);
  });
});

describe("addressInLanguage keeps the route and the query", () => {
  it.each([
    ["/product/shoe?color=red#reviews", "zh", "/zh/product/shoe?color=red#reviews"],
    ["/zh/product/shoe?color=red", "zh-HK", "/zh-HK/product/shoe?color=red"],
    ["/zh-HK/search?q=a%20b", "en", "/search?q=a%20b"],
    ["/de/", "en", "/"],
    ["/de", "fr", "/fr/"],
    ["/", "ja", "/ja/"],
    ["/?preview=true", "zh", "/zh/?preview=true"],
    ["/zhuangshi/item", "zh", "/zh/zhuangshi/item"],
  ])("%s in %s is %s", (href, prefix, expected) => {
    expect(addressInLanguage(at(href), prefix as never)).toBe(expected);
  });
});

describe("the stored language path", () => {
  it("stores the prefix of the page, and an empty path without one", () => {
    const store = fakeStore();
    rememberLanguagePath(store, "/zh-HK/cart");
    expect(store.get("languagePath")).toBe("zh-HK");
    rememberLanguagePath(store, "/cart");
    expect(store.writes).toEqual(["zh-HK", ""]);
  });

  it("does not write when the path is already stored", () => {
    const store = fakeStore("de");
    rememberLanguagePath(store, "/de/product/a");
    expect(store.writes).toEqual([]);
  });

  it("goes on when storage throws", () => {
    const broken: LanguagePathStore = {
      get: () => {
        throw new DOMException("denied", "SecurityError");
      },
      set: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(() => rememberLanguagePath(broken, "/zh/")).not.toThrow();
  });
});
