// @vitest-environment node
// Category, tag and collection listings of the reference server: sorting and paging from
// the query, in the first document and in the page-route answer, under a language prefix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;

beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

/** The page-route answer's body region and status. */
async function route(path: string): Promise<{ status: number; body: string }> {
  const joiner = path.includes("?") ? "&" : "?";
  const response = await fetch(`${store.url}${path}${joiner}request=route`);
  const json = (await response.json()) as { data: { pageBody: string } };
  return { status: response.status, body: json.data.pageBody };
}

/** The props of the page's ProductGrid island. */
function gridProps(html: string): {
  products: { slug: string; price: number }[];
  total?: number;
  sorting?: { action: string; selected: string };
  paging?: { page: number; pageCount: number; pages: { number: number; href: string }[]; prevHref?: string; nextHref?: string };
} {
  const match = /data-component="ProductGrid" data-props="([^"]*)"/.exec(html);
  if (!match) throw new Error("no ProductGrid island");
  const json = match[1]!
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  return JSON.parse(json);
}

describe("listings", () => {
  it("sorts a category by price up and down, newest first and best rated first", async () => {
    const up = gridProps((await route("/category/shirts?sort=price-asc")).body);
    const prices = up.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(up.sorting).toEqual({ action: "/category/shirts", selected: "price-asc" });
    const down = gridProps((await route("/category/shirts?sort=price-desc")).body);
    expect(down.products.map((p) => p.price)).toEqual([...prices].sort((a, b) => b - a));
    for (const sort of ["newest", "rating"]) {
      const sorted = gridProps((await route(`/category/shirts?sort=${sort}`)).body);
      expect(sorted.products.map((p) => p.slug).sort()).toEqual(up.products.map((p) => p.slug).sort());
      expect(sorted.sorting!.selected).toBe(sort);
    }
  });

  it("falls back to the store's order for an unknown sort", async () => {
    const plain = gridProps((await route("/category/shirts")).body);
    const odd = gridProps((await route("/category/shirts?sort=%3Cscript%3E")).body);
    expect(odd.products).toEqual(plain.products);
    expect(odd.sorting!.selected).toBe("featured");
  });

  it("pages a long collection, keeping the sort in the page links, and 404s past the end", async () => {
    const first = gridProps((await route("/collection/sale?sort=price-asc")).body);
    expect(first.products).toHaveLength(12);
    expect(first.paging).toMatchObject({ page: 1, pageCount: 2, nextHref: "/collection/sale?sort=price-asc&page=2" });
    expect(first.paging!.prevHref).toBeUndefined();
    const second = gridProps((await route("/collection/sale?sort=price-asc&page=2")).body);
    expect(second.total).toBe(first.total);
    expect(second.products).toHaveLength(first.total! - 12);
    expect(Math.min(...second.products.map((p) => p.price))).toBeGreaterThanOrEqual(
      Math.max(...first.products.map((p) => p.price)),
    );
    expect(second.paging!.prevHref).toBe("/collection/sale?sort=price-asc");
    expect((await route("/collection/sale?page=3")).status).toBe(404);
  });

  it("renders the sort form and the page links into the first document, with the language prefix", async () => {
    const response = await fetch(`${store.url}/zh-HK/collection/sale?page=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<form class="sf-sort" action="/zh-HK/collection/sale" method="get">');
    expect(html).toContain("排序方式");
    expect(html).toMatch(/<a class="sf-paging__link" href="\/zh-HK\/collection\/sale\?page=2" aria-current="page"/);
    expect(html).toContain('href="/zh-HK/collection/sale" rel="prev"');
  });

  it("lists a tag with sorting and no page links when everything fits", async () => {
    const tag = gridProps((await route("/tag/winter?sort=price-desc")).body);
    expect(tag.products.length).toBeGreaterThan(1);
    expect(tag.paging).toBeUndefined();
    expect(tag.sorting!.action).toBe("/tag/winter");
  });

  it("shows slides linking to collections on the home page, under the prefix", async () => {
    const { body } = await route("/zh-HK/");
    expect(body).toContain('data-component="Slides"');
    expect(body).toContain('href="/zh-HK/collection/new-arrivals"');
    expect(body).toContain("立即選購");
  });
});
