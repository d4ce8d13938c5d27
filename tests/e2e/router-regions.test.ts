// Issue #16 in Chromium against the reference store server: Back from a page whose template
// hides the head and foot brings home back with its header and footer. The demo store has
// no such template, so this test serves a copy of it whose content pages (about, shipping,
// ...) hide both.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type StoreServer } from "../../src/server/app";
import { launchBrowser, routerReady } from "./support/browser";

let browser: Browser;
let server: StoreServer;
let url: string;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "router-regions-"));
  const storeDir = join(scratch, "store");
  cpSync(join(process.cwd(), "fixtures/demo-store"), storeDir, { recursive: true });
  const templateFile = join(storeDir, "templates/content.json");
  const template = JSON.parse(readFileSync(templateFile, "utf8")) as Record<string, unknown>;
  // The copy's $schema path no longer resolves from the scratch folder; the server checks the template anyway.
  delete template.$schema;
  writeFileSync(templateFile, JSON.stringify({ ...template, hideHead: true, hideFoot: true }));
  server = await buildApp({ storeDir, dataDir: join(scratch, "data"), logger: false });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.app.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Whether a region is on screen with something in it. */
const shown = (page: Page, id: string) =>
  page.evaluate((regionId) => {
    const region = document.getElementById(regionId)!;
    return !region.hidden && region.getBoundingClientRect().height > 0 && region.children.length > 0;
  }, id);

describe("head and foot regions", () => {
  it("come back with Back from a page whose template hides them", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error" || msg.type() === "warning") problems.push(msg.text());
    });
    page.on("pageerror", (err) => problems.push(err.message));
    const routeRequests: { path: string; hideHead?: string; hideFoot?: string }[] = [];
    page.on("request", (req) => {
      if (!req.url().includes("request=route")) return;
      const headers = req.headers();
      routeRequests.push({
        path: new URL(req.url()).pathname,
        hideHead: headers["x-hide-head"],
        hideFoot: headers["x-hide-foot"],
      });
    });

    await page.goto(`${url}/`);
    await page.waitForSelector("#page-body [data-island=mounted]", { state: "attached" });
    await routerReady(page);
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    expect(await shown(page, "page-head")).toBe(true);
    expect(await shown(page, "page-foot")).toBe(true);

    await page.locator("#page-foot a", { hasText: "About us" }).click();
    await page.waitForFunction(() => document.title.startsWith("About us"));
    await page.waitForFunction(() => !document.documentElement.hasAttribute("aria-busy"));
    expect(await shown(page, "page-head")).toBe(false);
    expect(await shown(page, "page-foot")).toBe(false);

    await page.goBack();
    await page.waitForURL(`${url}/`);
    await page.waitForFunction(() => document.title === "Demo Store");
    // The title changes before the regions are swapped; the document is busy until they are.
    await page.waitForFunction(() => !document.documentElement.hasAttribute("aria-busy"));
    expect(await shown(page, "page-head")).toBe(true);
    expect(await shown(page, "page-foot")).toBe(true);
    // The head's islands are the renderer's again (waiting for the shopper, as on any load).
    await page.waitForSelector("#page-head [data-component=SiteHeader][data-island]", { state: "attached" });
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage === true)).toBe(true);
    // Home came back from its snapshot (the first page as served), with no request at all; what a
    // fetch for it sends is tests/integration/router/regions.test.ts's subject.
    expect(routeRequests.filter((r) => r.path === "/")).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
