// Images that fail (SPEC.md §9: one attempt, no retry loop): a broken product image keeps the
// box reserved for it, so nothing below moves, shows its alt text where it has one, and is
// asked for once, even after the shopper scrolls past it again.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, reachFor } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("lazy-images");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** A page on which every product image fails; `asked` counts the requests for each. */
async function brokenImages(): Promise<{ page: Page; asked: Map<string, number> }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const asked = new Map<string, number>();
  await page.route("**/media/**", (route) => {
    const path = new URL(route.request().url()).pathname;
    asked.set(path, (asked.get(path) ?? 0) + 1);
    return route.fulfill({ status: 404, body: "" });
  });
  return { page, asked };
}

/** Images asked for more often than the page has elements showing them (a retry would). */
async function overAsked(page: Page, asked: Map<string, number>): Promise<string[]> {
  const shown = await page.$$eval("img", (images) => images.map((img) => new URL(img.src).pathname));
  return [...asked].filter(([path, count]) => count > shown.filter((p) => p === path).length).map(([path]) => path);
}

async function scrollThrough(page: Page) {
  for (let round = 0; round < 2; round++) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 400) {
      await page.mouse.wheel(0, round === 0 ? 400 : -400);
      await page.waitForTimeout(40);
    }
  }
  await page.waitForTimeout(500);
}

describe("images that fail to load", () => {
  it("keep their reserved boxes in a product grid and are asked for once each", async () => {
    const { page, asked } = await brokenImages();
    await page.goto(`${store.url}/category/shirts`);
    await page.waitForLoadState("load");
    await scrollThrough(page);
    const boxes = await page.$$eval(".sf-card__image", (images) =>
      images.map((img) => ({ width: img.getBoundingClientRect().width, height: img.getBoundingClientRect().height })),
    );
    expect(boxes.length).toBeGreaterThan(3);
    for (const box of boxes) {
      expect(box.height).toBeGreaterThan(100);
      expect(box.height).toBeCloseTo(boxes[0]!.height, 0);
    }
    expect(asked.size).toBeGreaterThan(3);
    expect(await overAsked(page, asked)).toEqual([]);
    await page.close();
  });

  it("keep the product image's box and show its alt text", async () => {
    const { page, asked } = await brokenImages();
    await page.goto(`${store.url}/product/linen-shirt`);
    await reachFor(page, '[data-component="ProductDetail"]');
    await page.waitForTimeout(500);
    const main = page.locator(".sf-product__media img").first();
    expect(await main.getAttribute("alt")).toBeTruthy();
    const box = await main.boundingBox();
    expect(box!.height).toBeGreaterThan(200);
    expect(box!.height).toBeCloseTo(box!.width, -1);
    expect(await overAsked(page, asked)).toEqual([]);
    await page.close();
  });
});
