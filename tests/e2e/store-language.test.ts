// The shop in Chinese, in Chromium: under /zh/ and /zh-HK/, home, a category, a product, an
// article, the cart (with an item in it) and the checkout show no English word, in their text
// (what a reader sees and a screen reader reads) nor in title, alt, aria-label and placeholder
// attributes, except the few on ALLOWED. Reviews are left out: they stay as their writers wrote
// them (the demo's are in English), as does any text marked with another language (lang="en").
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

/** Latin words a Chinese page may show, and why. */
const ALLOWED = new Set([
  // Brands are written as their owners write them.
  "PayPal",
  // Prices: Intl writes the store's currency (USD) as "US$" in zh-CN and zh-HK.
  "US",
  "USD",
  // Clothing sizes are written S, M, L, XL in Chinese shops too.
  "S",
  "M",
  "L",
  "XL",
  // The authors of the store's articles, named as they write their names.
  "Mia",
  "Chen",
  "Leo",
  "Park",
  "Ada",
  "Brooks",
  "Sam",
  "Ortiz",
  // Keys are named as printed on the keyboard ("按 Enter 全屏查看图片").
  "Enter",
]);
/** A SKU (LINSHI-SAN-M) is a code, the same in every language. */
const SKU = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

const PAGES = [
  { name: "home", path: "/", ready: "main h2" },
  { name: "category", path: "/category/shirts", ready: "main h1" },
  { name: "product", path: "/product/linen-shirt", ready: "main h1" },
  { name: "article", path: "/article/caring-for-linen", ready: "main h1" },
  { name: "cart", path: "/cart", ready: ".sf-cart-line__title" },
  { name: "checkout", path: "/checkout/cart", ready: "input[type=radio]" },
];

let browser: Browser;
let store: RunningStore;
let token: string;

beforeAll(async () => {
  store = await startStore("store-language");
  browser = await launchBrowser();
  token = await signUpByApi(store.url, "lin@example.com", "secret1");
  const response = await fetch(`${store.url}/api/web/cart/add`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth": token },
    body: JSON.stringify({ sku: "LINSHI-SAN-M", quantity: 1 }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(0);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** The Latin words a reader of the page meets, each with where it was seen. */
function latinWords(page: Page): Promise<{ word: string; where: string }[]> {
  return page.evaluate(() => {
    const found: { word: string; where: string }[] = [];
    const words = (text: string, where: string) => {
      for (const word of text.match(/[A-Za-z][A-Za-z0-9'’-]*/g) ?? []) found.push({ word, where });
    };
    /** Text marked as another language than the page's is someone's own words (a review). */
    const foreign = (el: Element | null) => {
      const lang = el?.closest("[lang]")?.getAttribute("lang") ?? "";
      return !lang.toLowerCase().startsWith("zh") || el?.closest(".sf-reviews") !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(parent.tagName)) continue;
      if (!parent.checkVisibility() || foreign(parent)) continue;
      words(node.textContent ?? "", `text in <${parent.tagName.toLowerCase()} class="${parent.className}">`);
    }
    words(document.title, "title");
    for (const attribute of ["title", "alt", "aria-label", "placeholder"]) {
      for (const el of Array.from(document.body.querySelectorAll(`[${attribute}]`))) {
        if (foreign(el)) continue;
        words(el.getAttribute(attribute) ?? "", `${attribute} of <${el.tagName.toLowerCase()}>`);
      }
    }
    return found;
  });
}

describe("the shop in Chinese", () => {
  for (const prefix of ["zh", "zh-HK"]) {
    it(`shows no English word under /${prefix}/ on home, a category, a product, an article, the cart and the checkout`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript((value) => localStorage.setItem("sf.token", value), token);
      const page = await context.newPage();
      const found: string[] = [];
      for (const { name, path, ready } of PAGES) {
        await page.goto(`${store.url}/${prefix}${path}`, { waitUntil: "load" });
        await page.locator(ready).first().waitFor();
        // Islands that hydrate when idle or visible, and the calls they make.
        await page.waitForLoadState("networkidle");
        for (const { word, where } of await latinWords(page)) {
          if (!ALLOWED.has(word) && !SKU.test(word)) found.push(`${name}: "${word}" (${where})`);
        }
      }
      await context.close();
      expect([...new Set(found)]).toEqual([]);
    });
  }
});
