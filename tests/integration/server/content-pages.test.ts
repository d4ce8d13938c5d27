// @vitest-environment node
// The journal (article-list) and its pages, an article's tags and related articles, and the
// store pages under page/, custom/, root/ and at the root (SPEC.md §2's root-level detail):
// each renders its page or answers 404.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore } from "../../../src/server/store/load";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

async function pageOf(path: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`);
  // biome-ignore lint/suspicious/noExplicitAny: page data of several kinds, each checked against its schema by the server outside production.
  const body = (await response.json()) as { data: { data: any; pageBody: string; meta: { title: string; status: number } } };
  return { status: response.status, page: body.data.data, body: body.data.pageBody, title: body.data.meta.title };
}

describe("the journal", () => {
  it("lists the newest articles first, nine a page, with images of known size and linked tags", async () => {
    const { status, page, body } = await pageOf("/article");
    expect(status).toBe(200);
    expect(page).toMatchObject({ heading: "Journal", total: 12 });
    expect(page.articles).toHaveLength(9);
    const dates = page.articles.map((a: { date: string }) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.articles[0]).toMatchObject({
      title: "Mending basics",
      href: "/article/mending-basics",
      author: "Sam Ortiz",
      date: "2026-11-15",
      image: { src: "/media/article-mending-basics.svg", width: 240, height: 280 },
      tags: [
        { label: "Sustainable", href: "/tag/sustainable" },
        { label: "Handmade", href: "/tag/handmade" },
      ],
    });
    expect(page.paging).toMatchObject({ page: 1, pageCount: 2, nextHref: "/article?page=2" });
    expect(body).toContain('data-component="ArticleMasonry"');
    expect(body).toMatch(
      /<img class="sf-journal__image" src="\/media\/article-mending-basics.svg" alt="" width="240" height="280"/,
    );
    expect(body).toContain('<time dateTime="2026-11-15">');
  });

  it("has a second page with the rest, its own title, and a 404 past the last", async () => {
    const second = await pageOf("/article?page=2");
    expect(second.status).toBe(200);
    expect(second.page.articles.map((a: { href: string }) => a.href)).toEqual([
      "/article/kitchen-essentials",
      "/article/packing-light",
      "/article/caring-for-linen",
    ]);
    expect(second.title).toMatch(/^Journal \(2\/2\)/);
    expect(second.page.paging).toMatchObject({ page: 2, prevHref: "/article" });
    expect((await pageOf("/article?page=3")).status).toBe(404);
    const document = await fetch(`${store.url}/article?page=2`).then((r) => r.text());
    expect(document).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/article\?page=2">/);
  });

  it("keeps the language prefix in its links", async () => {
    const { page } = await pageOf("/zh/article");
    expect(page.heading).toBe("生活志");
    expect(page.articles[0].href).toBe("/zh/article/mending-basics");
    expect(page.articles[0].tags[0].href).toBe("/zh/tag/sustainable");
  });

  it("is linked from the footer of every page and from home's articles", async () => {
    const home = await fetch(`${store.url}/`).then((r) => r.text());
    expect(home).toMatch(/<a href="\/article">All articles<\/a>/);
    expect(home).toMatch(/<a [^>]*href="\/article"[^>]*>Journal<\/a>/);
  });
});

describe("an article", () => {
  it("has its author, date, tags and related articles, those sharing tags first", async () => {
    const { status, page, body } = await pageOf("/article/caring-for-linen");
    expect(status).toBe(200);
    expect(page).toMatchObject({
      author: "Mia Chen",
      date: "2026-01-15",
      tags: [
        { label: "Sustainable", href: "/tag/sustainable" },
        { label: "Summer", href: "/tag/summer" },
      ],
    });
    expect(page.related).toHaveLength(3);
    // Sustainable or summer articles, newest first, before any other.
    expect(page.related.map((a: { href: string }) => a.href)).toEqual([
      "/article/mending-basics",
      "/article/weekend-hike",
      "/article/keeping-wool-soft",
    ]);
    expect(body).toContain('<time dateTime="2026-01-15">');
    expect(body).toContain('href="/tag/summer"');
    expect(body).toContain('data-component="ArticleComments"');
    expect(body).toContain("Sign in to comment");
  });

  it("is a 404 when the slug is unknown", async () => {
    expect((await pageOf("/article/no-such-article")).status).toBe(404);
  });

  it("may only name tags of tags.json, or the store does not load", () => {
    const dir = mkdtempSync(join(tmpdir(), "article-tags-"));
    try {
      cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
      const file = join(dir, "articles.json");
      writeFileSync(file, readFileSync(file, "utf8").replace('"sustainable"', '"sustainble"'));
      expect(() => loadStore(dir, loadSchemaSet(join(process.cwd(), "schemas")))).toThrow(
        /articles\.json:\d+: \/items\/0\/tags "sustainble" is not in tags\.json/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("store pages and folders", () => {
  it.each([
    ["/page/about", "About us"],
    ["/page/contact", "Contact"],
    ["/custom/lookbook", "Lookbook"],
    ["/root/contact", "Contact"],
    ["/root/faq", "Frequently asked questions"],
    ["/contact", "Contact"],
    ["/about", "About us"],
  ])("%s renders the page %s", async (path, title) => {
    const { status, page } = await pageOf(path);
    expect(status).toBe(200);
    expect(page.title).toBe(title);
    expect(page.paragraphs.length).toBeGreaterThan(0);
  });

  it.each(["/custom/about", "/root/lookbook", "/page/nothing", "/custom/nothing", "/root/nothing", "/nothing-here"])(
    "%s is a 404",
    async (path) => {
      expect((await pageOf(path)).status).toBe(404);
    },
  );

  it("resolves a bare slug to a page, else a product, else a category", async () => {
    expect((await pageOf("/faq")).page.title).toBe("Frequently asked questions");
    expect((await pageOf("/linen-shirt")).page.detail.product.slug).toBe("linen-shirt");
    expect((await pageOf("/shirts")).page.heading).toBe("Shirts");
  });
});
