// The router against the reference store server in Chromium: links become page-route
// fetches without a reload, the new page's islands mount, back restores the page and its
// scroll, and a language prefix carries through.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser, routerReady } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;
let url: string;

beforeAll(async () => {
  store = await startStore("shop-navigation");
  url = store.url;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function open(path: string): Promise<{ page: Page; problems: string[]; routeFetches: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  const routeFetches: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("request", (req) => {
    if (req.url().includes("request=route")) routeFetches.push(new URL(req.url()).pathname);
  });
  await page.goto(url + path);
  await page.waitForSelector("#page-body [data-island=mounted]", { state: "attached" });
  await routerReady(page);
  await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
  return { page, problems, routeFetches };
}

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true);
const islandStates = (page: Page) =>
  page.$$eval("[data-component]", (els) => els.map((el) => el.getAttribute("data-island")).filter((s) => s !== "mounted"));

describe("shopping through the reference store", () => {
  it("goes from home to a category to a product without a reload, and back", async () => {
    const { page, problems, routeFetches } = await open("/");
    await page.getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${url}/category/shirts`);
    await page.waitForFunction(() => document.title.startsWith("Shirts"));
    expect(await samePage(page)).toBe(true);
    expect(routeFetches).toContain("/category/shirts");

    await page.locator('main a[href^="/product/"]').first().scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.locator('main a[href^="/product/"]').first().click();
    await page.waitForURL(/\/product\//);
    await page.waitForSelector("main h1");
    expect(await samePage(page)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.waitForFunction(() => !document.querySelector("[data-island=pending][data-hydrate=load]"));
    expect(await islandStates(page)).not.toContain("failed");

    await page.goBack();
    await page.waitForURL(`${url}/category/shirts`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, scrolled);
    expect(await samePage(page)).toBe(true);
    expect(problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("keeps the language prefix and its messages while navigating", async () => {
    const { page, problems } = await open("/zh-HK/");
    expect(await page.getAttribute("html", "lang")).toBe("zh-HK");
    // The header's navigation (the side menu's copy, in its closed disclosure, comes first).
    await page.locator('header .sf-header__nav a[href^="/zh-HK/category/"]').first().click();
    await page.waitForURL(/\/zh-HK\/category\//);
    expect(await samePage(page)).toBe(true);
    expect(await page.getAttribute("html", "lang")).toBe("zh-HK");
    expect(await page.getByRole("link", { name: "繁體中文（香港）" }).getAttribute("aria-current")).toBe("true");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("answers an unknown product with the 404 page", async () => {
    const { page } = await open("/");
    await page.evaluate(() => {
      const a = document.createElement("a");
      a.href = "/product/no-such-thing";
      a.textContent = "missing";
      document.getElementById("page-body")!.append(a);
    });
    await page.getByRole("link", { name: "missing" }).click();
    await page.waitForURL(/\/error\/404$/);
    await page.close();
  });
});
