// The theme editor (/dev/editor) in Chromium, on a copy of the demo store: the theme restyles
// the preview without a reload; a section added from the registry, moved up by keyboard and
// edited is saved as exactly that change, passes npm run validate and shows on the shop's page;
// an invalid colour or bind path is named beside its control and Save is refused; undo goes
// back to the original files byte for byte; axe finds nothing.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;
let storeDir: string;
let page: Page;
const original = new Map<string, string>();
const read = (name: string) => readFileSync(join(storeDir, name), "utf8");

const preview = (): Frame => page.frame({ name: "editor-preview" })!;
/** Waits until the preview frame shows a page of the shop. */
const previewReady = async () => {
  await page.waitForFunction(
    () =>
      document.querySelector<HTMLIFrameElement>('iframe[name="editor-preview"]')?.contentWindow?.location.pathname ===
      "/dev/editor/frame",
  );
  await preview().waitForSelector('#page-body [data-uid="b0-"]');
};
/** What the last action did. */
const status = () => page.getByRole("status").first().textContent();
/** Whether the draft is saved, checked or has problems. */
const state = () => page.locator("#editor-progress").textContent();

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), "editor-e2e-"));
  cpSync(join(process.cwd(), "fixtures/demo-store"), storeDir, { recursive: true });
  for (const name of ["theme.json", "templates/home.json"]) original.set(name, read(name));
  store = await startStore("theme-editor", { storeDir });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(`${store.url}/dev/editor`);
  await previewReady();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

describe("the theme editor", () => {
  it("restyles the preview's buttons when primaryColor changes, without reloading it", async () => {
    const frame = preview();
    await frame.evaluate(() => Object.assign(window, { editorMark: "same document" }));
    const button = frame.locator("#page-body .sf-button").first();
    expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(74, 0, 255)");
    await page.getByRole("textbox", { name: "primaryColor", exact: true }).fill("#0a7d33");
    await expect.poll(() => button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(10, 125, 51)");
    expect(await frame.evaluate(() => (window as unknown as { editorMark?: string }).editorMark)).toBe("same document");
  });

  it("names an invalid colour and an unknown bind path beside their controls, and refuses to save", async () => {
    const colour = page.getByRole("textbox", { name: "primaryColor", exact: true });
    await colour.fill("not a colour");
    /** The texts the control names with aria-describedby: its hint and its problems. */
    const described = async () => {
      const ids = ((await colour.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()))).join(" ");
    };
    await expect.poll(described).toContain("/primaryColor");
    expect(await described()).toContain('"not a colour" is not valid');
    expect(await colour.getAttribute("aria-invalid")).toBe("true");

    await page.getByRole("button", { name: /^2\. LinkList/ }).click();
    const bind = page.getByLabel("Bind links to a data path");
    await bind.fill("page.nope");
    await expect
      .poll(
        async () =>
          (await bind.getAttribute("aria-invalid")) === "true" &&
          (await page.locator(".section-form .problems").first().textContent()),
      )
      .toContain("/sections/1/bind/links");
    await expect.poll(state).toContain("2 problems");
    const save = page.getByRole("button", { name: "Save", exact: true });
    expect(await save.getAttribute("aria-disabled")).toBe("true");
    // Still focusable and pressable (aria-disabled): pressing it says why nothing is saved.
    await save.focus();
    await page.keyboard.press("Enter");
    await expect.poll(status).toContain("Not saved");
    expect(read("theme.json")).toBe(original.get("theme.json"));
    expect(read("templates/home.json")).toBe(original.get("templates/home.json"));

    await colour.fill("#0a7d33");
    await bind.fill("page.categories");
    await expect.poll(state).toContain("Unsaved changes: theme.json");
  });

  it("selects a section from the preview, and outlines the one selected in the list", async () => {
    await preview().locator('#page-body [data-uid="b2-"]').click();
    await expect.poll(() => page.getByRole("button", { name: /^3\. ProductGrid/ }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: /^1\. Slides/ }).click();
    await expect
      .poll(() =>
        preview()
          .locator('[data-uid="b0-"]')
          .evaluate((e) => (e as HTMLElement).style.outline),
      )
      .toContain("3px");
    await page.getByRole("button", { name: /^1\. Slides/ }).click();
  });

  it("adds a section from the registry, moves it up by keyboard, edits a prop and saves exactly that", async () => {
    await page.getByLabel("Component to add").selectOption("RichText");
    await page.getByRole("button", { name: "Add section" }).click();
    const added = page.getByRole("button", { name: /^5\. RichText/ });
    await expect.poll(() => added.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press("Alt+ArrowUp");
    const moved = page.getByRole("button", { name: /^4\. RichText/ });
    await expect.poll(() => moved.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await moved.getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("textbox", { name: "Fixed value of title" }).fill("Made in the theme editor");
    await expect.poll(() => preview().locator("#page-body").textContent()).toContain("Made in the theme editor");
    await expect.poll(state).toMatch(/Unsaved changes: .*templates\/home\.json/);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(status).toContain("Saved 2 files");

    const home = JSON.parse(original.get("templates/home.json")!);
    home.sections.splice(3, 0, {
      component: "RichText",
      props: { title: "Made in the theme editor", paragraphs: ["We make things that last."] },
    });
    expect(JSON.parse(read("templates/home.json"))).toEqual(home);
    const before = original.get("templates/home.json")!.split("\n");
    expect(
      read("templates/home.json")
        .split("\n")
        .filter((line) => !before.includes(line)),
    ).toEqual([
      '    { "component": "RichText", "props": { "title": "Made in the theme editor", "paragraphs": ["We make things that last."] } },',
    ]);
    const theme = JSON.parse(original.get("theme.json")!);
    expect(JSON.parse(read("theme.json"))).toEqual({ ...theme, primaryColor: "#0a7d33" });

    const validate = spawnSync(process.execPath, ["scripts/validate.mjs"], {
      env: { ...process.env, STORE_DIR: storeDir },
      encoding: "utf8",
    });
    expect(validate.status, validate.stdout).toBe(0);
    const shop = await browser.newPage();
    await shop.goto(`${store.url}/`);
    expect(await shop.locator("#page-body").textContent()).toContain("Made in the theme editor");
    expect(
      await shop
        .locator(".sf-button")
        .first()
        .evaluate((b) => getComputedStyle(b).backgroundColor),
    ).toBe("rgb(10, 125, 51)");
    await shop.close();
  });

  it("undoes every change back to the original files, byte for byte", async () => {
    const undo = page.getByRole("button", { name: "Undo" });
    while (await undo.isEnabled()) await undo.click();
    await expect.poll(state).toMatch(/Unsaved changes/);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(status).toContain("Saved 2 files");
    expect(read("theme.json")).toBe(original.get("theme.json"));
    expect(read("templates/home.json")).toBe(original.get("templates/home.json"));
    // Typing in one field is one step: redo brings back the colour as it was typed before the bind path changed.
    await page.getByRole("button", { name: "Redo" }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "primaryColor", exact: true }).inputValue()).toBe("not a colour");
  });

  it("passes axe, in English and in Chinese", async () => {
    expect(await axeViolations(page, "body")).toEqual([]);
    const zh = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await zh.goto(`${store.url}/dev/editor?lang=zh-HK`);
    await zh.getByRole("heading", { name: "主題編輯器" }).waitFor();
    await zh.getByRole("button", { name: /^2\. LinkList/ }).click();
    expect(await axeViolations(zh, "body")).toEqual([]);
    await zh.close();
  });
});
