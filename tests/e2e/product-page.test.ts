// The product page and the cart drawer in Chromium against the reference store, driven by
// roles and labels: choose a variant (the address changes without a page fetch, the
// offer follows it), add to cart (the drawer opens with the focus in it, the header
// counts 1, also after a reload), close it with Escape. axe finds nothing; screenshots
// at 390 and 1280 px are saved for review.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor } from "./support/browser";
import { reviewShots } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

// axe is injected as an inline script, which the store's Content-Security-Policy forbids.
const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
const SHOTS = join(process.cwd(), "test-results", "screenshots", "product");

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("product-page");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function open(path: string): Promise<{ page: Page; problems: string[]; routeFetches: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  const routeFetches: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  page.on("request", (req) => {
    if (req.url().includes("request=route")) routeFetches.push(new URL(req.url()).pathname);
  });
  await page.goto(store.url + path);
  await mounted(page, "ProductDetail");
  return { page, problems, routeFetches };
}

/** The island mounted, reached for as a shopper would when it waits for them (support/browser.ts). */
function mounted(page: Page, component: string) {
  return reachFor(page, `[data-component=${component}]`);
}

const screenshots = (page: Page, name: string) =>
  reviewShots(page, (width) => join(SHOTS, `${name}-${width}.png`), { fullPage: (width) => width === 1280 });

const offer = (page: Page) => page.locator(".sf-product__offer").innerText();
const cartCount = (page: Page) => page.evaluate(() => localStorage.getItem("sf.cartCount"));

describe("the product page", () => {
  it("adds to the cart on the first press, before its island hydrated, in the page and with the drawer", async () => {
    const page = await browser.newPage(PAGE_OPTIONS);
    const posts: string[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/form/")) posts.push(req.url());
    });
    await page.goto(`${store.url}/product/linen-shirt`);
    const island = page.locator("[data-component=ProductDetail]");
    expect(await island.getAttribute("data-island")).toBe("pending");
    // The pointer comes over the button (the island starts to mount) and presses it at once.
    await page.getByRole("button", { name: "Add to cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Added to your cart" });
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain("Sand / S");
    expect(await island.getAttribute("data-island")).toBe("mounted");
    // Held and given to the island: no plain form post, the page stayed.
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${store.url}/product/linen-shirt`);
    expect(await cartCount(page)).toBe("1");
    await page.close();
  });

  it("chooses a variant, adds it to the cart, and the count survives a reload", async () => {
    const { page, problems, routeFetches } = await open("/product/linen-shirt");
    expect(await offer(page)).toContain("$79.99");
    expect(await offer(page)).toContain("SKU: LINSHI-SAN-S");

    await page.getByRole("link", { name: "Rust / M" }).click();
    await page.waitForURL(`${store.url}/product/linen-shirt/LINSHI-RUS-M`);
    expect(routeFetches).toEqual([]);
    expect(await page.getByRole("link", { name: "Rust / M" }).getAttribute("aria-current")).toBe("true");
    expect(await offer(page)).toContain("$79.99");
    expect(await offer(page)).toContain("23 in stock");
    expect(await offer(page)).toContain("SKU: LINSHI-RUS-M");
    expect(await page.getByRole("button", { name: "Show image 3 of 3" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByText("Sand / LOut of stock").evaluate((el) => el.tagName)).toBe("SPAN");

    await page.getByRole("button", { name: "Increase quantity" }).click();
    await page.getByRole("button", { name: "Decrease quantity" }).click();
    expect(await page.getByLabel("Quantity", { exact: true }).inputValue()).toBe("1");
    await mounted(page, "CartDrawer");
    await page.getByRole("button", { name: "Add to cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Added to your cart" });
    await drawer.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    expect(await drawer.innerText()).toContain("Rust / M");
    expect(await drawer.getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout/cart");
    expect(await drawer.getByRole("link", { name: "View cart" }).getAttribute("href")).toBe("/cart");
    expect(await cartCount(page)).toBe("1");
    // The header, not hydrated (nobody reached for it), says the count the page's script wrote.
    await page.getByRole("banner").getByRole("link", { name: "Cart 1", exact: true }).waitFor();
    await screenshots(page, "drawer");
    // The page body and the drawer; the shared header is checked by its own tests.
    expect(await axeViolations(page, "#page-body")).toEqual([]);
    expect(await axeViolations(page, ".sf-drawer")).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add to cart");

    await page.reload();
    await mounted(page, "ProductDetail");
    expect(page.url()).toBe(`${store.url}/product/linen-shirt/LINSHI-RUS-M`);
    expect(await page.getByRole("link", { name: "Rust / M" }).getAttribute("aria-current")).toBe("true");
    // Reached for, the header says it in its own words.
    await mounted(page, "SiteHeader");
    await page.getByRole("banner").getByRole("link", { name: "Cart 1 item", exact: true }).waitFor();
    expect(await cartCount(page)).toBe("1");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("swipes through images on a small screen and passes axe", async () => {
    const { page, problems } = await open("/product/linen-shirt/LINSHI-SAN-M");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.locator(".sf-gallery__thumbs").isVisible()).toBe(false);
    // The variant's picture (Sand) leads the slides, so the counter and the picture agree from the start.
    expect(await page.locator(".sf-gallery__position").innerText()).toBe("1 / 3");
    const track = page.getByRole("group", { name: "Images of Linen Shirt" });
    await track.evaluate((el) => el.scrollTo({ left: el.clientWidth * 2, behavior: "instant" }));
    await page.waitForFunction(() => document.querySelector(".sf-gallery__position")?.textContent === "3 / 3");
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await page.getByRole("button", { name: "Show image 3 of 3" }).getAttribute("aria-pressed")).toBe("true");
    await page.getByRole("button", { name: "Show image 1 of 3" }).click();
    await page.waitForFunction(() => document.querySelector(".sf-gallery__track")?.scrollLeft === 0);
    expect(await page.getByRole("button", { name: "Show image 1 of 3" }).getAttribute("aria-pressed")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "product");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the language prefix under /zh-HK/", async () => {
    const { page, problems } = await open("/zh-HK/product/linen-shirt");
    // The variant's name is the store's, in the page's language too.
    await page.getByRole("link", { name: "鐵鏽紅 / M" }).click();
    await page.waitForURL(`${store.url}/zh-HK/product/linen-shirt/LINSHI-RUS-M`);
    await mounted(page, "CartDrawer");
    await page.getByRole("button", { name: "加入購物車" }).click();
    const drawer = page.getByRole("dialog", { name: "已加入購物車" });
    await drawer.waitFor();
    expect(await drawer.getByRole("link", { name: "前往結帳" }).getAttribute("href")).toBe("/zh-HK/checkout/cart");
    expect(await drawer.getByRole("link", { name: "查看購物車" }).getAttribute("href")).toBe("/zh-HK/cart");
    await drawer.getByRole("button", { name: "關閉" }).click();
    await drawer.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("adds to favorites when signed in, and sends a signed-out shopper to sign in first", async () => {
    const signedOut = await open("/product/linen-shirt/LINSHI-RUS-M");
    await signedOut.page.getByRole("button", { name: "Add to favorites" }).click();
    await signedOut.page.waitForURL(
      `${store.url}/auth/signin?redirect=${encodeURIComponent("/product/linen-shirt/LINSHI-RUS-M")}`,
    );
    await signedOut.page.close();

    const token = await signUpByApi(store.url, "fav@example.com", "secret1");
    const page = await browser.newPage(PAGE_OPTIONS);
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    await page.addInitScript((stored) => localStorage.setItem("sf.token", stored), token);
    await page.goto(`${store.url}/product/linen-shirt`);
    await mounted(page, "ProductDetail");
    await page.getByRole("button", { name: "Add to favorites" }).click();
    await page.getByRole("button", { name: "Remove from favorites" }).waitFor();
    await page.reload();
    await mounted(page, "ProductDetail");
    await page.getByRole("button", { name: "Remove from favorites" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The slide the track shows (the one scrolled into view), and the counter's text. */
async function shownPicture(page: Page): Promise<{ src: string; counter: string | null }> {
  return page.evaluate(() => {
    const track = document.querySelector<HTMLElement>(".sf-gallery__track")!;
    const index = Math.round(track.scrollLeft / track.clientWidth);
    const img = track.querySelectorAll("img")[index]!;
    const counter = document.querySelector<HTMLElement>(".sf-gallery__position");
    return {
      src: new URL(img.src).pathname,
      counter: counter && getComputedStyle(counter).display !== "none" ? counter.textContent : null,
    };
  });
}

describe("the chosen variant's picture", () => {
  it("is the one the server shows, with and without script, and the counter matches it", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 900 } });
      const page = await context.newPage();
      for (const [path, src] of [
        ["/product/linen-shirt/LINSHI-RUS-M", "/media/linen-shirt-rust.svg"],
        ["/zh/product/canvas-tote/CANTOT-OLI", "/media/canvas-tote-olive.svg"],
        // No variant in the address: the first in stock (Sand / S) is chosen, with its picture.
        ["/product/linen-shirt", "/media/linen-shirt-sand.svg"],
      ] as const) {
        await page.goto(store.url + path);
        // Untouched: the island (if any) has not hydrated, the page is the server's HTML.
        expect(await shownPicture(page), `${path}, script ${javaScriptEnabled}`).toEqual({
          src,
          // Without script the counter, which could not follow a swipe, is not shown.
          counter: javaScriptEnabled ? "1 / 3" : null,
        });
        await page.setViewportSize({ width: 1280, height: 900 });
        expect((await shownPicture(page)).src).toBe(src);
        await page.setViewportSize({ width: 390, height: 900 });
      }
      await context.close();
    }
  });

  it("opens the viewer on a phone's first tap, on the picture the counter names", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto(`${store.url}/zh-HK/product/linen-shirt`);
    expect(await page.locator("[data-component=ProductDetail]").getAttribute("data-island")).toBe("pending");
    await page.getByRole("group", { name: "亞麻恤衫 的圖片" }).tap();
    const viewer = page.getByRole("dialog", { name: "亞麻恤衫 的圖片" });
    await viewer.waitFor();
    expect(await viewer.getByText("第 1 張，共 3 張").isVisible()).toBe(true);
    expect(await viewer.locator("img").first().getAttribute("src")).toBe("/media/linen-shirt-sand.svg");
    expect(await axeViolations(page, ".sf-viewer")).toEqual([]);
    await context.close();
  });
});
