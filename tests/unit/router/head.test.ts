// After a client navigation the head describes the new page: canonical, og:url, language
// alternates, and no JSON-LD left over from the first page.
import { beforeEach, describe, expect, it } from "vitest";
import { applyHead } from "../../../src/runtime/router/head";

beforeEach(() => {
  document.head.innerHTML = `
    <link rel="canonical" href="https://shop.test/">
    <meta property="og:url" content="https://shop.test/">
    <link rel="alternate" hreflang="zh" href="https://shop.test/zh">
    <link rel="alternate" hreflang="x-default" href="https://shop.test/">
    <script type="application/ld+json">{"@type":"WebSite"}</script>`;
});

describe("applyHead", () => {
  it("writes the new page's canonical, og:url and alternates, and drops the old JSON-LD", () => {
    applyHead(
      document,
      {
        status: 200,
        title: "Linen shirt | Demo Store",
        canonical: "https://shop.test/product/linen-shirt",
        alternates: [
          { hreflang: "zh-HK", href: "https://shop.test/zh-HK/product/linen-shirt" },
          { hreflang: "x-default", href: "https://shop.test/product/linen-shirt" },
        ],
      },
      "en",
    );
    const head = document.head;
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe("https://shop.test/product/linen-shirt");
    expect(head.querySelector('meta[property="og:url"]')?.getAttribute("content")).toBe("https://shop.test/product/linen-shirt");
    expect([...head.querySelectorAll('link[rel="alternate"]')].map((l) => l.getAttribute("hreflang"))).toEqual([
      "zh-HK",
      "x-default",
    ]);
    expect(head.querySelector('script[type="application/ld+json"]')).toBeNull();
  });

  it("removes canonical, og:url and alternates on a page search engines should not index", () => {
    applyHead(document, { status: 200, title: "Cart", robots: "noindex, nofollow" }, "en");
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
  });
});
