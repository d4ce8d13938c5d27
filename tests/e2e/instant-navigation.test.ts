// Issue #16 in Chromium: a head that comes again unchanged keeps its islands (a typed search
// survives a navigation), and keeps its elements while it waits to hydrate, Back draws the page left from its snapshot with its half-filled
// form, and an anonymous page enters the back/forward cache (no no-store, the live socket
// closed on pagehide) while an account page does not; a key or mouse press on a link fetches its
// page ahead of the click; a product reached from home meets no font home has not drawn.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, reachFor, routerReady } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("instant-navigation");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(store.url + path);
  await reachFor(page, "[data-component=SiteHeader]");
  await routerReady(page);
  return { page, problems };
}

describe("instant navigation (issue #16)", () => {
  it("keeps the header, and what was typed in its search box, across a navigation", async () => {
    const { page, problems } = await open("/");
    const search = page.getByRole("banner").getByRole("combobox");
    await search.fill("linen");
    await search.evaluate((input) => Object.assign(input, { keptMarker: true }));
    await page.getByRole("main").getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${store.url}/category/shirts`);
    await page.getByRole("heading", { level: 1, name: "Shirts" }).waitFor();
    expect(await search.inputValue()).toBe("linen");
    expect(await search.evaluate((input) => (input as HTMLInputElement & { keptMarker?: boolean }).keptMarker)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the elements of a header still waiting to hydrate, giving them the new page's addresses", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    await page.goto(`${store.url}/`);
    await routerReady(page);
    const header = page.locator("[data-component=SiteHeader]");
    expect(await header.getAttribute("data-island")).toBe("pending");
    const signIn = header.locator(".sf-header__account");
    expect(await signIn.getAttribute("href")).toBe("/auth/signin?redirect=%2F");
    await signIn.evaluate((link) => Object.assign(link, { keptMarker: true }));
    await page.getByRole("main").getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${store.url}/category/shirts`);
    await page.getByRole("heading", { level: 1, name: "Shirts" }).waitFor();
    // The same element, its way back to the page changed in place; React has still not run it.
    expect(await signIn.evaluate((link) => (link as HTMLElement & { keptMarker?: boolean }).keptMarker)).toBe(true);
    expect(await signIn.getAttribute("href")).toBe("/auth/signin?redirect=%2Fcategory%2Fshirts");
    expect(await header.getAttribute("data-island")).toBe("pending");
    // Hydrated now, over the patched markup: no mismatch, and it works.
    await reachFor(page, "[data-component=SiteHeader]");
    expect(await signIn.getAttribute("href")).toBe("/auth/signin?redirect=%2Fcategory%2Fshirts");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("steps the slides on the first tap, made before they hydrated", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${store.url}/`);
    const island = page.locator("[data-component=Slides]");
    expect(await island.getAttribute("data-island")).toBe("pending");
    const slides = page.getByRole("region", { name: "Demo Store" });
    const count = await slides.getByRole("group").count();
    expect(count).toBeGreaterThan(1);
    await slides.getByRole("button", { name: "Next slide" }).tap();
    await expect.poll(() => slides.getByText(`2 of ${count}`, { exact: true }).isVisible()).toBe(true);
    expect(await island.getAttribute("data-island")).toBe("mounted");
    await expect
      .poll(() => slides.locator(".sf-slides__strip").evaluate((strip) => Math.round(strip.scrollLeft / strip.clientWidth)))
      .toBe(1);
    await context.close();
  });

  it("draws the page left from its snapshot on Back, with the half-filled form", async () => {
    const { page, problems } = await open("/auth/signin");
    await page.waitForSelector("[data-component=SignIn][data-island=mounted]");
    const form = page.locator("[data-component=SignIn]");
    await form.getByLabel("Email or mobile number", { exact: true }).fill("half@example.com");
    const fetched: string[] = [];
    // The page Back returns to; a late hover prefetch of the sign-up link may still come in.
    page.on("request", (request) => {
      if (request.url().includes("/auth/signin?request=route")) fetched.push(request.url());
    });
    await form.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(/\/auth\/signup/);
    await page.waitForSelector("[data-component=SignUp][data-island=mounted]");
    const before = fetched.length;
    await page.goBack();
    await page.waitForURL(`${store.url}/auth/signin`);
    await page.waitForSelector("[data-component=SignIn][data-island=mounted]");
    await expect.poll(() => form.getByLabel("Email or mobile number", { exact: true }).inputValue()).toBe("half@example.com");
    expect(fetched.length).toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  // A page without a password field is kept itself, islands alive: Back has nothing to fetch,
  // draw or hydrate, and what the shopper did on it (state React holds) is still there.
  it("puts back the product page left, its islands alive with their state, on Back", async () => {
    const { page, problems } = await open("/product/linen-shirt");
    await reachFor(page, "[data-component=ProductDetail]");
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Increase quantity" }).click();
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("3");
    await page.locator("[data-component=ProductDetail]").evaluate((el) => Object.assign(el, { keptMarker: true }));
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/product/linen-shirt?request=route")) fetched.push(request.url());
    });
    await page.getByRole("main").getByRole("link", { name: "Shirts" }).first().click();
    await page.waitForURL(`${store.url}/category/shirts`);
    await page.getByRole("heading", { level: 1, name: "Shirts" }).waitFor();
    await page.goBack();
    await page.waitForURL(`${store.url}/product/linen-shirt`);
    await page.getByLabel("Quantity", { exact: true }).waitFor();
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("3");
    const island = page.locator("[data-component=ProductDetail]");
    expect(await island.evaluate((el) => (el as HTMLElement & { keptMarker?: boolean }).keptMarker)).toBe(true);
    expect(await island.getAttribute("data-island")).toBe("mounted");
    // Alive: it still answers the shopper.
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("2");
    expect(fetched).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("fetches the page a key or a mouse press is about to open, and the click takes that answer", async () => {
    const { page, problems } = await open("/");
    const requests: { path: string; prefetch: boolean }[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.get("request") === "route")
        requests.push({ path: url.pathname, prefetch: request.headers()["x-sec-purpose"] === "prefetch" });
    });
    // Keyboard: the focus rests on a link, then Enter.
    const product = page.locator('#page-body a[href="/product/oxford-shirt"]').first();
    await product.focus();
    await page.waitForTimeout(300);
    expect(requests).toEqual([{ path: "/product/oxford-shirt", prefetch: true }]);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${store.url}/product/oxford-shirt`);
    await page.getByRole("heading", { level: 1, name: "Oxford Shirt" }).waitFor();
    // Mouse: pressed and released at once, too soon for the pointer's resting prefetch.
    const category = page.getByRole("main").getByRole("link", { name: "Shirts" }).first();
    const box = (await category.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForURL(`${store.url}/category/shirts`);
    await page.getByRole("heading", { level: 1, name: "Shirts" }).waitFor();
    await page.waitForTimeout(200);
    expect(requests).toEqual([
      { path: "/product/oxford-shirt", prefetch: true },
      { path: "/category/shirts", prefetch: true },
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("draws a product reached from home in the fonts home has drawn, sizes and weights alike", async () => {
    // Each font a tab meets for the first time costs a lookup inside the navigation's first
    // layout (on Linux a synchronous call to the browser process): src/styles/app.css.
    const { page, problems } = await open("/");
    const fonts = () =>
      page.evaluate(() => {
        const seen = new Set<string>();
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          // Laid-out text only; visually hidden text is laid out too.
          if (!node.nodeValue?.trim() || !el?.checkVisibility()) continue;
          const style = getComputedStyle(el);
          const family = style.fontFamily
            .split(",")[0]!
            .trim()
            .replace(/^["']|["']$/g, "");
          seen.add(`${family} ${style.fontSize} ${style.fontWeight} ${style.fontStyle}`);
        }
        return [...seen].sort();
      });
    const home = await fonts();
    await page.locator('#page-body a[href="/product/oxford-shirt"]').first().click();
    await page.waitForURL(`${store.url}/product/oxford-shirt`);
    await page.getByRole("heading", { level: 1, name: "Oxford Shirt" }).waitFor();
    const product = await fonts();
    expect(product.filter((font) => !home.includes(font))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lets an anonymous page into the back/forward cache, and keeps an account page out", async () => {
    // Playwright switches the cache off unless asked; a browser of its own keeps it.
    const cached = await launchBrowser({ bfcache: true });
    const page = await cached.newPage();
    await page.goto(`${store.url}/product/linen-shirt`);
    await reachFor(page, "[data-component=SiteHeader]");
    await page.evaluate(() => Object.assign(window, { bfcacheMarker: true }));
    const response = await page.goto(`${store.url}/dev/outbox`);
    expect(response?.status()).toBe(200);
    // A page from the cache fires no load event: the navigation is over once committed.
    await page.goBack({ waitUntil: "commit" });
    await page.waitForURL(`${store.url}/product/linen-shirt`, { waitUntil: "commit" });
    // The same JavaScript heap: the page came back from the cache, not from a new load.
    expect(await page.evaluate(() => (window as Window & { bfcacheMarker?: boolean }).bfcacheMarker)).toBe(true);
    await page.waitForFunction(() => document.querySelector("[data-component=SiteHeader][data-island=mounted]") !== null);
    const product = await fetch(`${store.url}/product/linen-shirt`);
    // Anonymous: shared caches may keep it briefly; nothing keeps it out of the back/forward cache.
    expect(product.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=60");
    const account = await fetch(`${store.url}/user/center`);
    expect(account.headers.get("cache-control")).toBe("no-store");
    await cached.close();
  });
});
