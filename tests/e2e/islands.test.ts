// A built page with several islands, loaded in Debian's Chromium: each island ends in the
// state the contract says, and React is only downloaded when an island needs it.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../generated/messages/en.json";
import type { InitialData } from "../../generated/types";
import { registry } from "../../src/registry/index";
import { renderDocument } from "../../src/server/document";
import { documentAssets, readManifest } from "../../src/server/manifest";
import { renderIsland } from "../../src/server/ssr";
import { launchBrowser } from "./support/browser";
import { startTestServer, type TestServer } from "./support/static-server";

let browser: Browser;
let server: TestServer;

const context = { locale: "en", messages: en };
const initialData: InitialData = { meta: { status: 200, title: "Islands" }, config: { router: {} }, theme: { config: {} } };

function page(body: string, head = "") {
  return renderDocument({
    lang: "en",
    initialData,
    pageHead: head,
    pageBody: body,
    pageFoot: "",
    assets: documentAssets(readManifest(process.cwd())),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  const notice = await renderIsland(
    registry,
    "HeaderNotice",
    { id: "sale", message: "Free shipping over $50" },
    { context, uid: "s1-", hydrate: "load" },
  );
  const price = await renderIsland(
    registry,
    "ProductPrice",
    { price: 19.5, linePrice: 25, currency: "USD" },
    { context, uid: "s2-" },
  );
  const farScore = await renderIsland(
    registry,
    "ProductScore",
    { score: 4.5, count: 12 },
    { context, uid: "s3-", hydrate: "visible" },
  );
  server.page(
    "/several",
    page(
      [
        `<div id="price">${price}</div>`,
        `<div id="bad-props"><div data-component="ProductPrice" data-props='{"price":"cheap","currency":"USD"}' data-hydrate="load"></div></div>`,
        `<div id="bad-json"><div data-component="ProductScore" data-props='{score:' data-hydrate="load"></div></div>`,
        `<div id="unknown"><div data-component="NoSuchThing" data-props="{}"></div></div>`,
        `<div style="height:3000px"></div>`,
        `<div id="far">${farScore}</div>`,
      ].join("\n"),
      `<div id="notice">${notice}</div>`,
    ),
  );
  server.page("/static", page(`<div id="price">${price}</div><div style="height:3000px"></div><div id="far">${farScore}</div>`));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string): Promise<{ page: Page; warnings: string[]; scripts: string[] }> {
  const page = await browser.newPage();
  const warnings: string[] = [];
  const scripts: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning" || msg.type() === "error") warnings.push(msg.text());
  });
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(server.url + path);
  return { page, warnings, scripts };
}

const state = (page: Page, selector: string) => page.getAttribute(`${selector} [data-component]`, "data-island");
// Attached, not visible: a failed client-only island is an empty element.
const reach = (page: Page, selector: string, island: string) =>
  page.waitForSelector(`${selector} [data-island=${island}]`, { state: "attached" });

describe("islands in Chromium", () => {
  it("gives every island its state: mounted, failed, missing, pending until visible", async () => {
    const { page, warnings } = await open("/several");
    await reach(page, "#notice", "mounted");
    expect(await state(page, "#price")).toBe("mounted");
    await reach(page, "#bad-props", "failed");
    expect(await state(page, "#bad-json")).toBe("failed");
    expect(await state(page, "#unknown")).toBe("missing");
    expect(await state(page, "#far")).toBe("pending");
    expect(warnings.some((w) => w.includes("ProductPrice failed: props /price must be number"))).toBe(true);
    expect(warnings.some((w) => w.includes("ProductScore failed: / data-props is not valid JSON"))).toBe(true);
    expect(warnings.some((w) => w.includes('unknown component "NoSuchThing"'))).toBe(true);

    await page.locator("#far").scrollIntoViewIfNeeded();
    await reach(page, "#far", "mounted");
    // No hydration mismatch was reported for the server-rendered islands.
    expect(warnings.filter((w) => /hydrat/i.test(w))).toEqual([]);

    // The hydrated notice works: closing it hides it and remembers that.
    await page.getByRole("button", { name: "Close notice" }).click();
    await page.waitForSelector("#notice .sf-notice", { state: "detached" });
    await page.reload();
    await reach(page, "#notice", "mounted");
    expect(await page.$("#notice .sf-notice")).toBeNull();
    await page.close();
  });

  it("loads no React while every island waits for visible or needs none", async () => {
    const { page, scripts } = await open("/static");
    await reach(page, "#price", "mounted");
    await page.waitForLoadState("networkidle");
    expect(await state(page, "#far")).toBe("pending");
    expect(scripts.some((s) => /\/(mount|react|IslandProviders)-/.test(s))).toBe(false);
    await page.locator("#far").scrollIntoViewIfNeeded();
    await reach(page, "#far", "mounted");
    expect(scripts.some((s) => /\/mount-/.test(s))).toBe(true);
    await page.close();
  });
});
