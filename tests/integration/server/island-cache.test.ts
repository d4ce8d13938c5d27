// @vitest-environment node
// Issue 17: the head and foot islands that do not read the page's address are rendered once
// per language and props (src/server/pages/island-cache.ts), and those that only write it out
// once per language, prefix and props with a placeholder the page's address replaces
// (address-slot.ts). A page served with them, after pages of every other kind and language
// filled the cache, is the page a service without the cache renders; they are rendered once
// per language, not per page; a failed render is not kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import { openDatabase } from "../../../src/server/db/open";
import { ADDRESS_SLOT_COMPONENTS, addressSlot } from "../../../src/server/pages/address-slot";
import { ADDRESS_FREE_COMPONENTS, createIslandCache, type IslandCache } from "../../../src/server/pages/island-cache";
import { createPageService, type PageRequest } from "../../../src/server/pages/page-service";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore } from "../../../src/server/store/load";

const DEMO = join(process.cwd(), "fixtures/demo-store");
const dataDir = mkdtempSync(join(tmpdir(), "island-cache-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each kind of address a head or foot island could read: its path, its query, a page number, a
// search box's words, a sign-in redirect, an account page's 401, an unknown address, an error.
const ADDRESSES = [
  "/",
  "/search?q=linen",
  "/search?q=wool&page=2",
  "/search",
  "/search?page=2&q=linen+shirt&sort=price-asc",
  "/search?q=",
  "/search?q=%E4%B8%AD",
  "/category/shirts?sort=price-asc",
  "/product/linen-shirt",
  "/product/linen-shirt/LINSHI-SAN-M",
  "/article?page=2",
  "/tag/new",
  "/collection/best-sellers",
  "/auth/signin?redirect=%2Fcart",
  "/auth/signup",
  "/cart",
  "/user/center",
  "/no/such/page",
  "/error/500",
  // What the header, the newsletter form and the language switch write out (address-slot.ts):
  // a query of several fields, characters React escapes in a path, a trailing slash, an upper-case
  // prefix, percent escapes (which the router decodes), a language named again after the prefix,
  // the placeholder itself, and words a query URL-encodes.
  "/category/shirts?sort=price-asc&page=2",
  "/page/it's&more",
  "/page/a<b>",
  "/product/linen-shirt/",
  "/ZH/category/shirts",
  "/category/caf%C3%A9?x=%E4%B8%AD",
  "/zh/category/shirts",
  "/__sf-here__?a=__sf-here__",
  "/tag/new?q=a+b&r=%27%22%3C%3E",
  "/tag/new?q=a+b&r=%27%22%3C%3E&s=%2F__sf-here__",
];
const PREFIXES = ["", "/zh", "/zh-HK"];

/** A cache that counts the renders it asked for, by component. */
function countingCache(): { cache: IslandCache; renders: Map<string, number> } {
  const inner = createIslandCache();
  const renders = new Map<string, number>();
  return {
    renders,
    cache: {
      through: (key, render) =>
        inner.through(key, () => {
          const component = JSON.parse(key)[0] as string;
          renders.set(component, (renders.get(component) ?? 0) + 1);
          return render();
        }),
    },
  };
}

describe("the shared head and foot islands", { timeout: 120_000 }, () => {
  it("serve every kind of address in every language exactly as a render of that page alone, once per language", async () => {
    const store = loadStore(DEMO, loadSchemaSet(join(process.cwd(), "schemas")), Object.keys(registry));
    const db = openDatabase(dataDir);
    const errors: string[] = [];
    const deps = {
      store,
      db,
      registry,
      log: { error: (m: string) => errors.push(m) },
      stock: () => Object.assign(() => 3, { prime: () => {}, held: new Map<string, number>() }),
    };
    const { cache, renders } = countingCache();
    const shared = createPageService({ ...deps, islands: cache });
    const alone = createPageService({ ...deps, islands: null });
    for (const prefix of PREFIXES) {
      for (const address of ADDRESSES) {
        const url = new URL(prefix + address, "http://localhost");
        const request: PageRequest = { pathname: url.pathname, query: url.searchParams, viewer: null };
        const [served, rendered] = [await shared.render(request), await alone.render(request)];
        expect(served.pageHead, url.href).toBe(rendered.pageHead);
        expect(served.pageFoot, url.href).toBe(rendered.pageFoot);
        expect(served.pageBody, url.href).toBe(rendered.pageBody);
      }
    }
    expect(errors).toEqual([]);
    // The demo's head and foot hold all of them: each address-free island was rendered once per
    // language, then reused. Each island with an address slot was rendered twice per language
    // (its prefix in the placeholder: one for search pages, whose words it stands for too, one
    // for the others), and the header once more for the cart count of a shopper's own page: not
    // once per page.
    expect([...renders.keys()].sort()).toEqual([...ADDRESS_FREE_COMPONENTS, ...ADDRESS_SLOT_COMPONENTS].sort());
    for (const component of ADDRESS_FREE_COMPONENTS) expect(renders.get(component), component).toBe(PREFIXES.length);
    expect(renders.get("LocaleSwitch")).toBe(2 * PREFIXES.length);
    expect(renders.get("Newsletter")).toBe(2 * PREFIXES.length);
    expect(renders.get("SiteHeader")).toBe(3 * PREFIXES.length);
    db.close();
    store.catalog.close();
  });

  it("write a page's path and query where the placeholder stands, raw and URL-encoded, or give the render up", () => {
    const slot = addressSlot("/zh/category/shirts", "sort=price-asc&page=2", "category-detail");
    expect(slot?.path).toBe("/zh/__sf-here__");
    const placeholder =
      '<a href="/zh/auth/signin?redirect=%2Fzh%2F__sf-here__">in</a><input value="/zh/__sf-here__"/><a href="/zh-HK/__sf-here__">';
    expect(slot?.fill(placeholder)).toBe(
      '<a href="/zh/auth/signin?redirect=%2Fzh%2Fcategory%2Fshirts%3Fsort%3Dprice-asc%26page%3D2">in</a>' +
        '<input value="/zh/category/shirts?sort=price-asc&amp;page=2"/><a href="/zh-HK/category/shirts?sort=price-asc&amp;page=2">',
    );
    // Escaped as React escapes an attribute: encodeURIComponent leaves the apostrophe as it is.
    expect(addressSlot("/page/it's", "", "page-detail")?.fill('<a href="/x?r=%2F__sf-here__" title="/__sf-here__">')).toBe(
      '<a href="/x?r=%2Fpage%2Fit&#x27;s" title="/page/it&#x27;s">',
    );
    // A placeholder written some other way (encoded twice here) is not guessed at: the page renders the island itself.
    expect(slot?.fill('<a href="/x?r=%252Fzh%252F__sf-here__">')).toBeNull();
    // On a search page it stands for the words too, in the search box's value.
    const found = addressSlot("/zh-HK/search", "q=linen+shirt&page=2", "search");
    expect(found?.path).toBe("/zh-HK/search?q=__sf-here__");
    expect(
      found?.fill(
        '<a href="/zh-HK/auth/signin?redirect=%2Fzh-HK%2Fsearch%3Fq%3D__sf-here__"></a><input name="q" value="__sf-here__"/><a href="/zh/search?q=__sf-here__">',
      ),
    ).toBe(
      '<a href="/zh-HK/auth/signin?redirect=%2Fzh-HK%2Fsearch%3Fq%3Dlinen%2Bshirt%26page%3D2"></a><input name="q" value="linen shirt"/>' +
        '<a href="/zh/search?q=linen+shirt&amp;page=2">',
    );
    expect(found?.fill("<p>__sf-here__</p>")).toBeNull();
    for (const [pathname, search, route] of [
      ["/search", "q=%E4%B8%AD", "search"],
      ["/auth/signin", "redirect=%2Fcart", "auth-signin"],
      ["/", "", "home"],
      ["/zh", "", "home"],
      ["/zh/", "", "home"],
      ["/category/caf%C3%A9", "", "category-detail"],
      ["/tag/new", "r=%27%22", "tag-detail"],
      ["/zh/zh-HK/category/shirts", "", "not-found"],
      ["/__sf-here__", "", "not-found"],
      ["/tag/new", "q=__sf-here__", "tag-detail"],
    ] as const) {
      expect(addressSlot(pathname, search, route), `${pathname}?${search}`).toBeNull();
    }
  });

  it("render again for other props, and do not keep a failed render", async () => {
    const cache = createIslandCache(2);
    let calls = 0;
    const render = (html: string) => () => {
      calls++;
      return Promise.resolve(html);
    };
    expect(await cache.through("a", render("A"))).toBe("A");
    expect(await cache.through("a", render("stale"))).toBe("A");
    expect(await cache.through("b", render("B"))).toBe("B");
    expect(calls).toBe(2);
    await expect(cache.through("c", () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await cache.through("c", render("C"))).toBe("C");
    // Bounded: "a" was the least recently used of three keys in a cache of two.
    expect(await cache.through("a", render("A again"))).toBe("A again");
  });
});
