// Issue 5 in Debian's Chromium against the reference store: the three message languages,
// /de/ with English text and German numbers, a theme change without reload, and the locale
// switch used with the keyboard.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zh from "../../generated/messages/zh.json";
import { registry } from "../../src/registry/index";
import { renderDocument } from "../../src/server/document";
import { documentAssets, readManifest } from "../../src/server/manifest";
import { renderIsland } from "../../src/server/ssr";
import { themeStyleElement } from "../../src/shared/theme/theme-style";
import { axeViolations } from "./support/axe";
import { launchBrowser, routerReady } from "./support/browser";
import { startTestServer, type TestServer } from "./support/static-server";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;
let storeUrl: string;
let statics: TestServer;

beforeAll(async () => {
  store = await startStore("theme-language");
  storeUrl = store.url;

  statics = await startTestServer();
  // As the store server renders it: with the address, so the links are right before hydration.
  const context = { locale: "zh-CN", messages: zh, path: "/zh/product/shoe?color=red" };
  const island = await renderIsland(registry, "LocaleSwitch", {}, { context, uid: "l1-", hydrate: "load" });
  const html = renderDocument({
    lang: "zh-CN",
    initialData: { meta: { status: 200, title: "商品" }, config: { router: {} }, theme: { config: {} } },
    pageHead: `<header>${island}</header>`,
    pageBody: "<h1>商品</h1>",
    pageFoot: "",
    assets: documentAssets(readManifest(process.cwd())),
    headExtra: themeStyleElement({}),
  });
  statics.page("/zh/product/shoe", html);
  statics.page("/zh-HK/product/shoe", html.replace('lang="zh-CN"', 'lang="zh-HK"'));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await statics?.close();
  await store?.close();
});

async function open(url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url);
  await routerReady(page);
  return page;
}

const rootVar = (page: Page, name: string) =>
  page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);

describe("languages in Chromium", () => {
  it.each([
    ["/", "en", "Main navigation"],
    ["/zh/", "zh-CN", "主导航"],
    ["/zh-HK/", "zh-HK", "主選單"],
    ["/de/", "de", "Main navigation"],
  ])("%s is <html lang=%s> with its interface text", async (path, lang, navLabel) => {
    const page = await open(storeUrl + path);
    expect(await page.getAttribute("html", "lang")).toBe(lang);
    expect(await page.locator(`nav[aria-label="${navLabel}"]`).count()).toBeGreaterThan(0);
    await page.close();
  });

  it("formats numbers in German on /de/ while the text stays English", async () => {
    const page = await open(`${storeUrl}/de/`);
    const price = (await page.locator(".sf-price__sale").first().textContent()) ?? "";
    expect(price.replace(/\u00a0/g, " ")).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} \$$/);
    expect(await page.locator('[aria-label^="Rated "]').count()).toBeGreaterThan(0);
    await page.close();
  });
});

describe("theme in Chromium", () => {
  it("is written by the server first, then changed by a navigation without reload", async () => {
    const page = await open(`${storeUrl}/`);
    expect(await page.locator("style#theme-vars").count()).toBe(1);
    expect(await rootVar(page, "--color-primary")).toBe("#4a00ff");
    const scripts: string[] = [];
    page.on("request", (req) => void (req.resourceType() === "script" && scripts.push(new URL(req.url()).pathname)));
    // A navigation that brings the same theme loads no Emotion.
    await page.locator("main a[href^='/category/']").first().click();
    await page.waitForURL(/\/category\//);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((s) => s.includes("emotion-theme"))).toEqual([]);
    expect(await page.locator("style[data-emotion]").count()).toBe(0);
    // Away from the link: back on home, a pointer resting where the link returns would
    // prefetch its page before the interception below, and the click would take that answer.
    await page.mouse.move(0, 0);
    await page.goBack();
    await page.waitForURL(`${storeUrl}/`);
    // The next page answers with another theme.
    await page.route("**/*request=route*", async (route) => {
      const response = await route.fetch();
      const json = await response.json();
      json.data.theme = { config: { ...json.data.theme.config, primaryColor: "#0f766e", borderRadius: "2px" }, hideFoot: true };
      await route.fulfill({ response, json });
    });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.locator("main a[href^='/category/']").first().click();
    await page.waitForFunction(
      () => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim() === "#0f766e",
    );
    expect(await rootVar(page, "--radius")).toBe("2px");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.locator("#page-foot").getAttribute("hidden")).not.toBeNull();
    expect(new URL(page.url()).pathname).toMatch(/^\/category\//);
    // The router prefetches links meanwhile; their interceptions end with the page.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.close();
  });
});

describe("locale switch in Chromium", () => {
  it("is reached with Tab and keeps the route and the query, and passes axe", async () => {
    const page = await open(`${statics.url}/zh/product/shoe?color=red`);
    await page.waitForSelector(".sf-locale[data-reload]");
    await page.waitForFunction(
      () => document.querySelector("[data-component=LocaleSwitch]")?.getAttribute("data-island") === "mounted",
    );
    expect(await page.getAttribute('.sf-locale a[aria-current="true"]', "href")).toBe("/zh/product/shoe?color=red");
    const violations = await axeViolations(page, ".sf-locale");
    expect(violations).toEqual([]);
    let focused = "";
    for (let i = 0; i < 5 && !focused.includes("香港"); i++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.textContent ?? "");
    }
    expect(focused).toBe("繁體中文（香港）");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/zh-HK\/product\/shoe\?color=red$/);
    expect(await page.getAttribute("html", "lang")).toBe("zh-HK");
    // The language path is kept locally.
    await page.waitForFunction(() => localStorage.getItem("sf.languagePath") === "zh-HK");
    await page.close();
  });
});
