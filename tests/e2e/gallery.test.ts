// The component gallery (/dev/gallery) in Chromium: every registered component is shown from
// its schema's examples, server-rendered and hydrated; axe runs over the gallery and each
// example (every component needs at least one example that passes); the props editor checks
// as you type and renders a valid edit again.
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../src/registry/index";
import { examplesOf } from "../../src/server/dev-gallery";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SCHEMAS = `${process.cwd()}/schemas`;
let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("gallery");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** Waits until the preview's island has hydrated (or failed, which the caller then sees). */
async function settled(target: Page | Frame): Promise<string | null> {
  await target.waitForFunction(() => {
    const state = document.querySelector("#page-body [data-component]")?.getAttribute("data-island");
    return state === "mounted" || state === "failed" || state === "missing";
  });
  return target.evaluate(() => document.querySelector("#page-body [data-component]")!.getAttribute("data-island"));
}

describe("the component gallery", () => {
  it("lists every registered component with its examples, languages and breakpoints, and passes axe", async () => {
    const page = await browser.newPage();
    await page.goto(`${store.url}/dev/gallery?lang=zh-HK&screen=md`);
    for (const name of Object.keys(registry)) {
      await expect.poll(() => page.getByRole("heading", { level: 2, name, exact: true }).count(), { message: name }).toBe(1);
    }
    const languages = page.getByRole("navigation", { name: "Language" });
    expect(await languages.getByRole("link").allTextContents()).toEqual(["English", "简体中文", "繁體中文（香港）"]);
    expect(await languages.getByRole("link", { name: "繁體中文（香港）" }).getAttribute("aria-current")).toBe("true");
    const widths = page.getByRole("navigation", { name: "Screen width" });
    expect(await widths.getByRole("link", { name: "md (768 px)" }).getAttribute("aria-current")).toBe("true");
    const frame = page.getByTitle("ProductPrice, example 1");
    expect(await frame.getAttribute("width")).toBe("768");
    expect(await frame.getAttribute("src")).toContain("lang=zh-HK");
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("every component has an example that renders, hydrates and passes axe in Chromium", { timeout: 600_000 }, async () => {
    // Signed in, as a theme author working on the account pages would be: those islands load the shopper's data.
    const token = await signUpByApi(store.url, `gallery${Date.now().toString(36)}@example.com`, "gallery-Passw0rd");
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    await context.addInitScript((t) => localStorage.setItem("sf.token", t), token);
    const failing: Record<string, string[]> = {};
    // Two pages at a time (each component still gets a page of its own), as two cores allow.
    const names = Object.keys(registry).sort();
    const lanes = [names.filter((_, i) => i % 2 === 0), names.filter((_, i) => i % 2 === 1)];
    await Promise.all(lanes.map((lane) => check(lane)));
    await context.close();
    // Names the components still without an example that passes.
    expect(failing).toEqual({});

    async function check(lane: string[]) {
      // One page per lane: Chromium spends about half a second of CPU opening a page. Each example
      // is a fresh document, and a component that leaves the page is reported with where it went.
      const page = await context.newPage();
      for (const name of lane) {
        const examples = examplesOf(SCHEMAS, name);
        const problems: string[] = examples.length ? [] : ["no examples in its schema"];
        for (let i = 0; i < examples.length; i++) {
          try {
            const response = await page.goto(`${store.url}/dev/gallery/preview?component=${name}&example=${i}`);
            if (response?.status() !== 200) {
              problems.push(`example ${i + 1}: HTTP ${response?.status()} ${await response?.text()}`);
              continue;
            }
            const state = await settled(page);
            const violations = await axeViolations(page);
            if (state === "mounted" && violations.length === 0) {
              problems.length = 0;
              break;
            }
            problems.push(
              `example ${i + 1}: ${state}; ${violations.map((v) => `${v.id} at ${v.targets.join(", ")}`).join("; ")}`,
            );
          } catch (err) {
            // A component that leaves the page on its own (a redirect once mounted) is reported, not fatal.
            problems.push(`example ${i + 1}: ${(err as Error).message.split("\n")[0]} (now at ${page.url()})`);
          }
        }
        if (problems.length) failing[name] = problems;
      }
      await page.close();
    }
  });

  it("checks the props as they are typed and renders a valid edit again", async () => {
    const page = await browser.newPage();
    await page.goto(`${store.url}/dev/gallery`);
    const editor = page.getByLabel("Props of ProductPrice, example 1 (JSON)");
    const frame = page.frameLocator('iframe[title="ProductPrice, example 1"]');
    await editor.scrollIntoViewIfNeeded();
    await expect.poll(() => frame.locator('[data-component="ProductPrice"]').getAttribute("data-island")).toBe("mounted");

    await editor.fill('{ "price": "cheap", "currency": "USD" }');
    const problems = page.locator("#ProductPrice-0-problems li");
    await expect.poll(() => problems.allTextContents()).toEqual([expect.stringMatching(/^\/price {2}must be number/)]);
    expect(await editor.getAttribute("aria-invalid")).toBe("true");

    await editor.fill('{ "price": 12.5, "currency": "USD" ');
    await expect.poll(() => problems.allTextContents()).toEqual([expect.stringMatching(/^JSON {2}/)]);

    await editor.fill('{ "price": 12.5, "currency": "USD" }');
    await expect.poll(() => problems.count()).toBe(0);
    await expect.poll(() => frame.locator('[data-component="ProductPrice"]').textContent()).toContain("$12.50");
    await expect.poll(() => frame.locator('[data-component="ProductPrice"]').getAttribute("data-island")).toBe("mounted");
    await page.close();
  });
});
