import { describe, expect, it } from "vitest";
import {
  listingPage,
  PAGE_SIZE,
  pageHref,
  pageOf,
  paging,
  sortKeyOf,
  sortProducts,
} from "../../../src/server/pages/resolvers/listing";
import type { StoreProduct } from "../../../src/server/store/load";

function product(id: number, price: number, createdAt: string): StoreProduct {
  return {
    id,
    slug: `p${id}`,
    title: `P${id}`,
    category: "c",
    images: ["/media/p.svg"],
    price,
    createdAt,
    variants: [{ sku: `S${id}`, title: "One", price, stock: 1 }],
  } as StoreProduct;
}

const products = Array.from({ length: 30 }, (_, i) =>
  product(i + 1, (i * 7) % 30, `2026-01-${String((i % 28) + 1).padStart(2, "0")}`),
);
const scores = new Map(products.map((p, i) => [p.slug, (i * 3) % 5]));
const score = (p: StoreProduct) => scores.get(p.slug) ?? 0;

function page(query: string) {
  return listingPage({
    path: "/zh-HK/category/c",
    query: new URLSearchParams(query),
    title: "C",
    description: undefined,
    products,
    cards: (ps) =>
      ps.map((p) => ({ slug: p.slug, href: `/product/${p.slug}`, title: p.title, image: p.images[0]!, price: p.price })),
    score,
  });
}

describe("listing query", () => {
  it("reads the sort key and falls back to the store's order", () => {
    expect(sortKeyOf("price-desc")).toBe("price-desc");
    expect(sortKeyOf("cheapest")).toBe("featured");
    expect(sortKeyOf(null)).toBe("featured");
  });

  it("reads a page number, treating anything else as page 1", () => {
    expect(pageOf("3")).toBe(3);
    for (const bad of [null, "", "0", "-2", "1.5", "two", "1e400"]) expect(pageOf(bad)).toBe(1);
  });
});

describe("sorting", () => {
  it("orders by price both ways, newest first and best rated first, keeping ties in store order", () => {
    const prices = (key: Parameters<typeof sortProducts>[1]) => sortProducts(products, key, score).map((p) => p.price);
    expect(prices("price-asc")).toEqual([...products.map((p) => p.price)].sort((a, b) => a - b));
    expect(prices("price-desc")).toEqual([...products.map((p) => p.price)].sort((a, b) => b - a));
    const newest = sortProducts(products, "newest", score).map((p) => p.createdAt!);
    expect(newest).toEqual([...newest].sort().reverse());
    const rated = sortProducts(products, "rating", score);
    expect(rated.map(score)).toEqual([...products.map(score)].sort((a, b) => b - a));
    const fours = rated.filter((p) => score(p) === 4).map((p) => p.id);
    expect(fours).toEqual([...fours].sort((a, b) => a - b));
    expect(sortProducts(products, "featured", score)).toEqual(products);
  });

  it("does not reorder the store's own array", () => {
    const before = products.map((p) => p.id);
    sortProducts(products, "price-desc", score);
    expect(products.map((p) => p.id)).toEqual(before);
  });
});

describe("paging", () => {
  it("keeps page 1 and the default order out of the address", () => {
    expect(pageHref("/c", "featured", 1)).toBe("/c");
    expect(pageHref("/c", "newest", 1)).toBe("/c?sort=newest");
    expect(pageHref("/c", "price-asc", 3)).toBe("/c?sort=price-asc&page=3");
  });

  it("links the first, last and nearby pages, with previous and next", () => {
    const p = paging("/c", "featured", 5, 10);
    expect(p.pages.map((x) => x.number)).toEqual([1, 3, 4, 5, 6, 7, 10]);
    expect(p.prevHref).toBe("/c?page=4");
    expect(p.nextHref).toBe("/c?page=6");
    const first = paging("/c", "featured", 1, 2);
    expect(first.prevHref).toBeUndefined();
    expect(first.pages.map((x) => x.number)).toEqual([1, 2]);
    expect(paging("/c", "featured", 2, 2).nextHref).toBeUndefined();
  });

  it("cuts the listing into pages of PAGE_SIZE, sorted before cutting", () => {
    const second = page("sort=price-asc&page=2")!;
    const cards = second.products as { price: number }[];
    expect(cards).toHaveLength(PAGE_SIZE);
    const sorted = [...products.map((p) => p.price)].sort((a, b) => a - b);
    expect(cards.map((c) => c.price)).toEqual(sorted.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    expect(second.total).toBe(30);
    expect(second.title).toBe("C (2/3)");
    expect(second.heading).toBe("C");
    expect(second.sorting).toEqual({ action: "/zh-HK/category/c", selected: "price-asc" });
    expect((second.paging as { page: number }).page).toBe(2);
    expect(page("page=3")!.products).toHaveLength(30 - 2 * PAGE_SIZE);
  });

  it("answers a page past the end with null (a 404) and leaves out paging for a single page", () => {
    expect(page("page=4")).toBeNull();
    const few = listingPage({
      path: "/c",
      query: new URLSearchParams(),
      title: "C",
      description: "d",
      products: products.slice(0, 5),
      cards: (ps) => ps.map(() => ({ slug: "x", href: "/x", title: "x", image: "/x", price: 1 })),
      score,
    });
    expect(few).not.toHaveProperty("paging");
    expect(few!.description).toBe("d");
  });
});
