// The recorded demo store replayed in Chromium with no server at all (tests/replay/browser.ts):
// documents, page routes and the built client come from disk, the page boots and hydrates,
// the router navigates on recorded answers, and an address the recording lacks is reported.
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserReplay, replayInBrowser } from "../replay/browser";
import { loadRecording } from "../replay/recording";
import { launchBrowser, reachFor, routerReady } from "./support/browser";

const recording = loadRecording();
const titleOf = (name: string) => recording.answerOf(recording.byName(name)).data.meta.title;
let browser: Browser;
let context: BrowserContext;
let replay: BrowserReplay;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  replay = await replayInBrowser(context, recording, {
    journey: "shop",
    files: { "/media/": join(process.cwd(), "fixtures/demo-store/images") },
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("replaying the recorded demo store in Chromium", () => {
  it("serves the recorded document, whose islands hydrate, and navigates on recorded page routes", async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(`${recording.base}/`);
    expect(await page.title()).toBe(titleOf("home"));
    await reachFor(page, '#page-head [data-component="SiteHeader"]');
    await routerReady(page);
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));

    const category = recording.byName("category-detail").path;
    await page.evaluate((href) => {
      const a = document.createElement("a");
      a.href = href;
      a.textContent = "to the category";
      document.getElementById("page-body")!.prepend(a);
      a.click();
    }, category);
    await page.waitForFunction((title) => document.title === title, titleOf("category-detail"));
    expect(new URL(page.url()).pathname).toBe(category);
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    expect(errors).toEqual([]);
    // The pages themselves all came from the recording.
    expect(replay.missing.filter((r) => !r.includes("/api/web/"))).toEqual([]);
    await page.close();
  });

  it("answers an address the recording does not hold with 404, and lists it", async () => {
    const page = await context.newPage();
    const response = await page.goto(`${recording.base}/product/not-in-the-recording`);
    expect(response?.status()).toBe(404);
    expect(await response?.text()).toContain("not in the recording");
    expect(replay.missing).toContain("GET /product/not-in-the-recording");
    await page.close();
  });
});
