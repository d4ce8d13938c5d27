// Client navigation in Debian's Chromium against the built client, with the recorded
// page-route answers of the demo store (fixtures/recorded/demo) standing in for the store server: no full
// reload, back restores the scroll position, a slow answer shows the progress bar, a
// double click makes one request, and error statuses leave for the error pages.

import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PageRouteResponse } from "../../generated/types";
import { renderDocument } from "../../src/server/document";
import { documentAssets, readManifest } from "../../src/server/manifest";
import { splitPrefix } from "../../src/shared/language-prefix";
import { loadRecording } from "../replay/recording";
import { launchBrowser, reachFor, routerReady } from "./support/browser";
import { startTestServer, type TestServer } from "./support/static-server";

const MARKERS = ["request", "ua", "referer", "cookie"];
const IMAGES = join(process.cwd(), "fixtures/demo-store/images");
// Every page is tall, so that there is a scroll position to keep or restore.
const SPACER = `<div style="height:4000px" aria-hidden="true"></div>`;

const recording = loadRecording();
const pages = new Map<string, PageRouteResponse>();
for (const route of recording.routes) {
  if (route.route === null || route.signedIn) continue;
  const body = recording.answerOf(route);
  body.data.pageBody += SPACER;
  pages.set(route.path, body);
}
const titleOf = (name: string) => recording.answerOf(recording.byName(name)).data.meta.title;
const CART = titleOf("cart");
const HOME = titleOf("home");
const SEARCH = recording.byName("search").path;
const ABOUT = recording.byName("page-detail").path;
const ZH_HK_PRODUCT = recording.byName("zh-HK--product-detail").path;

interface RouteRequest {
  path: string;
  prefetch: boolean;
}

let browser: Browser;
let server: TestServer;
let routeRequests: RouteRequest[] = [];
/** Per address: an HTTP status to answer instead, or a delay before answering. */
const overrides = new Map<string, { status?: number; delayMs?: number }>();

function documentOf(path: string, body: PageRouteResponse): string {
  const { data } = body;
  return renderDocument({
    lang: splitPrefix(path).language.locale,
    initialData: { meta: data.meta, config: { router: {} }, theme: data.theme, pageData: data.data },
    pageHead: data.pageHead,
    pageBody: data.pageBody,
    pageFoot: data.pageFoot,
    assets: documentAssets(readManifest(process.cwd())),
  });
}

async function answer(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname.startsWith("/assets/")) return false;
  // The store's images, as the reference server serves them: pages keep their real heights.
  if (url.pathname.startsWith("/media/")) {
    const file = join(IMAGES, url.pathname.slice("/media/".length));
    if (!file.startsWith(IMAGES) || !existsSync(file)) return false;
    res.writeHead(200, { "content-type": file.endsWith(".svg") ? "image/svg+xml" : "application/octet-stream" });
    res.end(readFileSync(file));
    return true;
  }
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/ws/")) {
    res.writeHead(503).end();
    return true;
  }
  const isRoute = url.searchParams.get("request") === "route";
  for (const marker of MARKERS) url.searchParams.delete(marker);
  const path = url.pathname + url.search;
  const body = pages.get(path);
  if (isRoute) {
    routeRequests.push({ path, prefetch: req.headers["x-sec-purpose"] === "prefetch" });
    const override = overrides.get(path);
    if (override?.delayMs) await new Promise((resolve) => setTimeout(resolve, override.delayMs));
    if (override?.status) {
      res.writeHead(override.status).end();
      return true;
    }
    if (!body) {
      res.writeHead(404).end();
      return true;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    return true;
  }
  // A first load may carry a query the recording lacks (sign-in's redirect).
  const document = body ?? pages.get(url.pathname);
  res
    .writeHead(document ? 200 : 404, { "content-type": "text/html; charset=utf-8" })
    .end(documentOf(url.pathname, document ?? pages.get("/error/404")!));
  return true;
}

beforeAll(async () => {
  server = await startTestServer();
  server.use(answer);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(() => {
  routeRequests = [];
  overrides.clear();
});

/** Opens a page and waits until the router has taken over (it keys the history entry). */
async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(server.url + path);
  await routerReady(page);
  // Survives only as long as the document does: a full reload would lose it.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  return page;
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

/**
 * Clicks a plain link to `href` in the page body from script, so that Playwright does not scroll
 * it into view first; one is added when the body has none (the header's cart link opens the drawer).
 */
async function clickLink(page: Page, href: string) {
  if (!(await page.$(`#page-body a[href="${href}"]`))) await addLink(page, href);
  return page.evaluate((h) => document.querySelector<HTMLAnchorElement>(`#page-body a[href="${h}"]`)!.click(), href);
}

function addLink(page: Page, href: string) {
  return page.evaluate((h) => {
    const a = document.createElement("a");
    a.href = h;
    a.textContent = `go to ${h}`;
    document.getElementById("page-body")!.prepend(a);
  }, href);
}

describe("router in Chromium", () => {
  it("navigates without a full reload and swaps head, body, foot and title", async () => {
    const page = await open("/");
    await clickLink(page, "/cart");
    await page.waitForFunction((title) => document.title === title, CART);
    expect(new URL(page.url()).pathname).toBe("/cart");
    expect(await sameDocument(page)).toBe(true);
    expect(await page.textContent("#page-body h1")).toBe(CART.split(" | ")[0]);
    expect(routeRequests.filter((r) => !r.prefetch).map((r) => r.path)).toEqual(["/cart"]);
    await page.close();
  });

  it("mounts the islands of the new page and sets <html lang> of its prefix", async () => {
    const page = await open("/");
    await addLink(page, ZH_HK_PRODUCT);
    await clickLink(page, ZH_HK_PRODUCT);
    await reachFor(page, '#page-body [data-component="ProductDetail"]');
    expect(await page.getAttribute("html", "lang")).toBe("zh-HK");
    expect(await page.textContent('#page-body [data-component="ProductDetail"] h1')).toBe(
      titleOf("zh-HK--product-detail").split(" | ")[0],
    );
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it("resets the scroll on a new page, and back restores where the visitor was", async () => {
    const page = await open("/");
    // The link goes in first: prepended later, it would move the page under the scroll position.
    await addLink(page, ABOUT);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => window.scrollY === 1200);
    // A page of plain content: the cart's island calls the API, which this server refuses, and shows why.
    await clickLink(page, ABOUT);
    await page.waitForFunction((title) => document.title === title, titleOf("page-detail"));
    // The title comes first, the regions and the scroll once they are in.
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction((title) => document.title === title, HOME);
    await page.waitForFunction(() => window.scrollY === 1200);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });

  it("shows the progress bar for a slow answer and removes it when the page arrives", async () => {
    overrides.set(ABOUT, { delayMs: 1200 });
    const page = await open("/");
    await clickLink(page, ABOUT);
    await page.waitForSelector(".sf-progress", { state: "visible" });
    expect(await page.getAttribute("html", "aria-busy")).toBe("true");
    await page.waitForFunction((title) => document.title === title, titleOf("page-detail"));
    // The title comes first; the bar goes once the regions are in.
    await page.waitForSelector(".sf-progress", { state: "detached", timeout: 5000 });
    expect(await page.getAttribute("html", "aria-busy")).toBeNull();
    await page.close();
  });

  it("makes one request for a double click within 700 ms", async () => {
    overrides.set(SEARCH, { delayMs: 200 });
    const page = await open("/");
    await addLink(page, SEARCH);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.dblclick(`#page-body a[href="${SEARCH}"]`);
    await page.waitForFunction((title) => document.title === title, titleOf("search"));
    await page.waitForTimeout(300);
    // The press's prefetch (prefetch.ts) or the click's own request, not both, and once.
    expect(routeRequests.filter((r) => r.path === SEARCH)).toHaveLength(1);
    await page.close();
  });

  it.each([
    [404, "/error/404"],
    [500, "/error/500"],
    [403, "/error/403"],
  ])("HTTP %i sends the visitor to %s", async (status, to) => {
    overrides.set("/product/broken", { status });
    const page = await open("/");
    await addLink(page, "/product/broken");
    await clickLink(page, "/product/broken");
    await page.waitForURL(`${server.url}${to}`);
    await page.close();
  });

  it("HTTP 401 sends the visitor to sign-in with the address as redirect", async () => {
    overrides.set("/user/center", { status: 401 });
    const page = await open("/");
    await addLink(page, "/user/center");
    await clickLink(page, "/user/center");
    await page.waitForURL(`${server.url}/auth/signin?redirect=${encodeURIComponent("/user/center")}`);
    expect(await page.title()).toBe(titleOf("auth-signin"));
    await page.close();
  });

  it("keeps the page usable when the answer fails otherwise", async () => {
    overrides.set("/cart", { status: 502 });
    const page = await open("/");
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(msg.text());
    });
    await clickLink(page, "/cart");
    await page.waitForFunction(() => !document.documentElement.hasAttribute("aria-busy"));
    await expect.poll(() => errors.some((e) => e.includes("[router] /cart: HTTP 502"))).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/");
    overrides.clear();
    await page.waitForTimeout(750);
    await clickLink(page, "/cart");
    await page.waitForFunction((title) => document.title === title, CART);
    expect(await sameDocument(page)).toBe(true);
    await page.close();
  });
});
