// Islands' ids in Chromium, where each island is its own React root: on each page, once all
// its islands have hydrated (those that wait for the shopper reached for) and once the header's
// search shows its suggestions, no id is used twice and every label, description and control
// names an element that is there.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("island-ids");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

const PAGES = ["/", "/category/shirts", "/product/linen-shirt", "/zh-HK/product/enamel-mug", "/search?q=shirt", "/auth/signin"];

/** Ids used more than once, and references (for, aria-labelledby, aria-describedby, an open control's aria-controls) to no element. */
function idProblems(page: Page): Promise<{ repeated: string[]; dangling: string[] }> {
  return page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll("[id]"), (el) => el.id);
    const repeated = ids.filter((id, i) => ids.indexOf(id) !== i);
    const dangling: string[] = [];
    for (const attr of ["for", "aria-labelledby", "aria-describedby", "aria-controls"]) {
      for (const el of document.querySelectorAll(`[${attr}]`)) {
        // A closed combobox or disclosure may name a list it has not drawn yet.
        if (attr === "aria-controls" && el.getAttribute("aria-expanded") === "false") continue;
        for (const id of el.getAttribute(attr)!.split(/\s+/)) {
          if (id && !document.getElementById(id)) dangling.push(`${el.tagName.toLowerCase()}[${attr}="${id}"]`);
        }
      }
    }
    return { repeated, dangling };
  });
}

describe("island ids", () => {
  it.each(PAGES)("agree between the server's HTML and the hydrated islands on %s", async (path) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await context.newPage();
      await page.goto(store.url + path);
      // Scrolled through, and every island still waiting reached for, so that all of them hydrate.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (let y = 0; y < height; y += 600) await page.mouse.wheel(0, 600);
      await page.evaluate(() => {
        for (const el of document.querySelectorAll("[data-island=pending]")) el.dispatchEvent(new FocusEvent("focusin"));
      });
      await page.waitForFunction(() => document.querySelectorAll("[data-island=pending]").length === 0);
      expect(await page.locator("[data-island=failed]").count()).toBe(0);
      expect(await idProblems(page)).toEqual({ repeated: [], dangling: [] });

      // Markup drawn in the browser after hydration names markup the server drew, and back.
      const search = page.getByRole("banner").getByRole("combobox").first();
      await search.fill("sh");
      await expect.poll(() => search.getAttribute("aria-expanded")).toBe("true");
      const list = await search.getAttribute("aria-controls");
      expect(await page.locator(`[id="${list}"]`).getAttribute("role")).toBe("listbox");
      expect(await idProblems(page)).toEqual({ repeated: [], dangling: [] });
    } finally {
      await context.close();
    }
  });
});
