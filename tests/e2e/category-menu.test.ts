// Every category is reachable from the header, in every language, with and without script
// (issue 49 item 5): on wide screens what does not fit the header's row is in its "More" menu
// (a disclosure, so it opens without script too), and the Menu of small screens lists them all.
// axe finds nothing with the menus open; screenshots go to test-results/screenshots/category-menu/.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import CATEGORIES from "../../fixtures/demo-store/categories.json";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor } from "./support/browser";
import { LANGUAGES, type Language, say } from "./support/messages";
import { axeViolationsWithoutScripts } from "./support/no-script-axe";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/category-menu";

let browser: Browser;
let store: RunningStore;
/** Every category's name in each language, as the demo store has them. */
const categories = Object.fromEntries(
  Object.values(LANGUAGES).map((language) => [language.name, CATEGORIES.items.map((c) => c.name[language.name])]),
) as Record<Language["name"], string[]>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("category-menu");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function context(width: number, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled });
}

/** The header's row of categories, and its "More" disclosure. */
const headerNav = (page: Page, language: Language) =>
  page
    .getByRole("banner")
    .locator(".sf-header__nav")
    .and(page.getByRole("navigation", { name: say(language, "content.header.nav") }));

async function visibleLinks(scope: Locator): Promise<string[]> {
  const links = scope.getByRole("link");
  const names: string[] = [];
  for (const link of await links.all()) if (await link.isVisible()) names.push((await link.innerText()).trim());
  return names;
}

describe("every category from the header", () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const name of ["en", "zh-HK"] as const) {
      it(`is in the row or its More menu at 1024 and 1280 px, ${name}, script ${javaScriptEnabled ? "on" : "off"}`, async () => {
        const language = LANGUAGES[name];
        for (const width of [1024, 1280]) {
          const made = await context(width, javaScriptEnabled);
          const page = await made.newPage();
          await page.goto(`${store.url}${language.prefix}/`);
          if (javaScriptEnabled) await reachFor(page, "[data-component=SiteHeader]");
          const nav = headerNav(page, language);
          const inRow = await visibleLinks(nav);
          const more = nav.locator("summary", { hasText: say(language, "header.nav.more") });
          await more.click();
          const panel = nav.locator(".sf-navmore__panel");
          await panel.waitFor();
          const inMore = await visibleLinks(panel);
          // Each category once: in the row, or in the menu.
          expect([...inRow, ...inMore].sort()).toEqual([...categories[name]].sort());
          expect(inMore.length).toBeGreaterThan(0);
          // The header stays one row: nothing wraps below the brand.
          const rows = await page
            .locator(".sf-header__nav > ul > li")
            .evaluateAll(
              (items) =>
                new Set(items.filter((li) => li.getBoundingClientRect().height > 0).map((li) => li.getBoundingClientRect().top))
                  .size,
            );
          expect(rows, `${width} px`).toBe(1);
          await page.screenshot({ path: `${SHOTS}/more-${name}-${width}-${javaScriptEnabled ? "js" : "nojs"}.png` });
          const axe = javaScriptEnabled ? axeViolations : axeViolationsWithoutScripts;
          expect(await axe(page, ".sf-header")).toEqual([]);
          // The last category, only in the menu, is followed.
          const last = categories[name].at(-1)!;
          await panel.getByRole("link", { name: last }).click();
          await page.waitForURL(/\/category\/stationery$/);
          expect(await page.getByRole("heading", { level: 1, name: last }).isVisible()).toBe(true);
          if (javaScriptEnabled) {
            // The header stayed (the router swapped the body): its menu closed behind the link.
            expect(await panel.isVisible()).toBe(false);
            await more.click();
            await panel.waitFor();
            await page.keyboard.press("Escape");
            await panel.waitFor({ state: "hidden" });
            expect(await more.evaluate((el) => el === document.activeElement)).toBe(true);
          }
          await made.close();
        }
      });
    }
  }

  it("lists every category in the Menu at 390 px, with and without script, in zh", async () => {
    const language = LANGUAGES.zh;
    for (const javaScriptEnabled of [true, false]) {
      const made = await context(390, javaScriptEnabled);
      const page = await made.newPage();
      await page.goto(`${store.url}/zh/`);
      if (javaScriptEnabled) {
        await reachFor(page, "[data-component=SiteHeader]");
        await page
          .getByRole("banner")
          .getByRole("button", { name: say(language, "menu.open") })
          .click();
      } else {
        await page
          .getByRole("banner")
          .locator("summary", { hasText: say(language, "menu.open") })
          .click();
      }
      const menu = javaScriptEnabled
        ? page.getByRole("dialog", { name: say(language, "menu.title") })
        : page.getByRole("banner").locator(".sf-navmenu__panel");
      await menu.waitFor();
      const listed = await visibleLinks(menu.getByRole("navigation", { name: say(language, "content.header.nav") }));
      for (const category of categories.zh) expect(listed).toContain(category);
      await page.screenshot({ path: `${SHOTS}/menu-zh-390-${javaScriptEnabled ? "js" : "nojs"}.png` });
      await made.close();
    }
  });
});
