// The events theme scripts follow the page with, in Chromium against the reference store:
// storefront:load with the route on the first page and after a client navigation,
// storefront:before-visit before it, storefront:island-mounted for the islands, and a
// cancelled before-visit turning the navigation into a full page load.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, routerReady } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;
let url: string;

beforeAll(async () => {
  store = await startStore("page-events");
  url = store.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

interface Heard {
  type: string;
  url?: string;
  route?: unknown;
  component?: string;
  strategy?: string;
  onElement?: boolean;
}

type Recorder = { __heard: Heard[] };

/** Listens on document from the very start, as a theme script loaded early would. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.addInitScript(() => {
    const heard: Heard[] = [];
    (window as unknown as Recorder).__heard = heard;
    document.addEventListener("storefront:load", (e) => heard.push({ type: e.type, ...(e as CustomEvent).detail }));
    document.addEventListener("storefront:before-visit", (e) => heard.push({ type: e.type, ...(e as CustomEvent).detail }));
    document.addEventListener("storefront:island-mounted", (e) => {
      const { component, strategy, element } = (e as CustomEvent).detail;
      heard.push({
        type: e.type,
        component,
        strategy,
        onElement: e.target === element && element.getAttribute("data-island") === "mounted",
      });
    });
  });
  await page.goto(url + path);
  await routerReady(page);
  return { page, problems };
}

const heard = (page: Page) => page.evaluate(() => (window as unknown as Recorder).__heard);
const pageEvents = async (page: Page) => (await heard(page)).filter((h) => h.type !== "storefront:island-mounted");

describe("page events for theme scripts", () => {
  it("fires storefront:load with the route on the first page and after a client navigation", async () => {
    const { page, problems } = await open("/");
    await page.waitForFunction(() => (window as unknown as Recorder).__heard.some((h) => h.type === "storefront:load"));
    expect(await pageEvents(page)).toEqual([{ type: "storefront:load", url: `${url}/`, route: { name: "home", params: {} } }]);
    await page.waitForSelector("#page-body [data-island=mounted]", { state: "attached" });
    const mounted = (await heard(page)).filter((h) => h.type === "storefront:island-mounted");
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.every((h) => h.onElement && typeof h.component === "string" && typeof h.strategy === "string")).toBe(true);

    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${url}/category/shirts`);
    await page.waitForFunction(
      () => (window as unknown as Recorder).__heard.filter((h) => h.type === "storefront:load").length === 2,
    );
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const category = { name: "category-detail", params: { slug: "shirts" } };
    expect((await pageEvents(page)).slice(1)).toEqual([
      { type: "storefront:before-visit", url: `${url}/category/shirts`, route: category },
      { type: "storefront:load", url: `${url}/category/shirts`, route: category },
    ]);
    // By storefront:load the new page is in: its title and its islands are there.
    expect(await page.title()).toMatch(/^Shirts/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("a cancelled storefront:before-visit loads the page in full instead", async () => {
    const { page } = await open("/");
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
      document.addEventListener("storefront:before-visit", (e) => e.preventDefault());
    });
    await page.getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${url}/category/shirts`);
    await routerReady(page);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBeUndefined();
    await page.waitForFunction(() => (window as unknown as Recorder).__heard.some((h) => h.type === "storefront:load"));
    expect(await pageEvents(page)).toEqual([
      { type: "storefront:load", url: `${url}/category/shirts`, route: { name: "category-detail", params: { slug: "shirts" } } },
    ]);
    await page.close();
  });
});
