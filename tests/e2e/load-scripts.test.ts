// What home, a category and a product download before the shopper touches them, read by content
// in Chromium: every script of a fresh page load (fresh context, 390 and 1280 px, no pointer or key),
// once the router has started and the network has been quiet for a while. None may hold React's
// code, whatever its file is called: React and the islands come with the first island that
// hydrates, which the last test shows by reaching for one.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("load-scripts");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** Strings React's modules keep when minified: its element type (react), and its root's key and error link (react-dom). */
const REACT_CODE = ["react.transitional.element", "__reactContainer$", "react.dev/errors"];

/** Every script the page fetched while `act` ran, by address, with its text. */
async function scriptsDuring(page: Page, act: () => Promise<void>): Promise<Map<string, string>> {
  const bodies = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const isScript = type === "script" || /javascript/.test(response.headers()["content-type"] ?? "");
    if (isScript && !bodies.has(response.url())) bodies.set(response.url(), response.text());
  });
  await act();
  return new Map(await Promise.all([...bodies].map(async ([url, body]) => [new URL(url).pathname, await body] as const)));
}

const holdingReact = (scripts: Map<string, string>) =>
  [...scripts].filter(([, body]) => REACT_CODE.some((mark) => body.includes(mark))).map(([path]) => path);

async function load(page: Page, path: string): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("storefront:load", () => {
      (window as unknown as { __pageLoaded: boolean }).__pageLoaded = true;
    });
  });
  await page.goto(store.url + path, { waitUntil: "load" });
  await page.waitForFunction(() => (window as unknown as { __pageLoaded?: boolean }).__pageLoaded === true);
  // Idle callbacks and timers that start background work run in this while.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1500);
}

describe("scripts at load", () => {
  // A phone's first screen and a desktop's, which shows more islands at once.
  const cases = ["/", "/category/shirts", "/product/enamel-mug"].flatMap((path) => [
    { path, width: 390, height: 844 },
    { path, width: 1280, height: 800 },
  ]);
  it.each(cases)("hold no React code on $path at $width px", async ({ path, width, height }) => {
    const context = await browser.newContext({ viewport: { width, height } });
    try {
      const page = await context.newPage();
      const scripts = await scriptsDuring(page, () => load(page, path));
      // The boot chunk and the router's chunk came, so the list is the page's real load.
      expect(scripts.size).toBeGreaterThanOrEqual(2);
      // No island that hydrates has started to (those drawn once by the server count as mounted).
      expect(await page.locator("[data-island=pending][data-component=SiteHeader]").count()).toBe(1);
      expect(holdingReact(scripts)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("brings React with the first island the shopper reaches for", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      await load(page, "/product/enamel-mug");
      const scripts = await scriptsDuring(page, async () => {
        await page.getByRole("banner").getByRole("button").first().focus();
        await page.waitForSelector("[data-component=SiteHeader][data-island=mounted]", { state: "attached" });
      });
      expect(holdingReact(scripts).length).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
