// Promotions and coupons in Chromium against the reference store, by roles and labels: the
// promotion list and a running promotion's countdown ticking, an ended promotion; a visitor
// is offered the sign-in that comes back; a shopper claims WELCOME10, picks it at checkout
// and places the order with its discount, and a second checkout with the once-only coupon
// is refused, in English and in Chinese. Each page passes axe and is photographed at 390
// and 1280 px for review.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

// axe is injected as an inline script, which the store's Content-Security-Policy forbids.
const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
const BODY = "#page-body";
const SHOTS = join(process.cwd(), "test-results", "screenshots", "offers");

let browser: Browser;
let store: RunningStore;
let token: string;

async function api<T>(call: string, body: unknown, auth?: string): Promise<T> {
  const response = await fetch(`${store.url}/api/web/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(auth ? { "x-auth": auth } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${call}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("offers");
  browser = await launchBrowser();
  token = await signUpByApi(store.url, "lin@example.com", "secret1");
  await api(
    "address/save",
    {
      country: "HK",
      city: "Hong Kong",
      firstName: "Lin",
      lastName: "Wong",
      address: "1 Queen's Road",
      countryCode: "+852",
      phone: "91234567",
    },
    token,
  );
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function openPage(signedIn: boolean): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  if (signedIn) await page.addInitScript((value) => localStorage.setItem("sf.token", value), token);
  return { page, problems };
}

/** Both widths, then back to desktop; the page is left as it was. */
async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing may be wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reviewShot(page, join(SHOTS, `${name}-${width}.png`), { fullPage: true });
  }
}

/** The running island's state, once it has run. */
const mounted = (page: Page, component: string) =>
  page.locator(`[data-component="${component}"][data-island="mounted"]`).waitFor({ state: "attached" });

describe("promotions", () => {
  it("lists promotions by state and counts down a running one, second by second", async () => {
    const { page, problems } = await openPage(false);
    await page.goto(`${store.url}/promotion`);
    await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();
    const titles = await page.locator(BODY).getByRole("heading", { level: 2 }).allTextContents();
    // On now first, then to come, then ended.
    expect(titles.indexOf("Home for winter")).toBeGreaterThan(titles.indexOf("Kitchen week"));
    expect(titles.indexOf("Spring refresh")).toBeGreaterThan(titles.indexOf("Home for winter"));
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "promotion-list");

    await page.getByRole("link", { name: "Kitchen week" }).click();
    await page.waitForURL(`${store.url}/promotion/kitchen-week`);
    await page.getByRole("heading", { level: 1, name: "Kitchen week" }).waitFor();
    await page.getByText("Ends on December 31, 2027.").waitFor();
    await mounted(page, "PromotionCountdown");
    const timer = page.getByRole("timer");
    const first = await timer.textContent();
    expect(first).toMatch(/^\d+ days \d\d:\d\d:\d\d$/);
    await page.waitForFunction((before) => document.querySelector("[role=timer]")?.textContent !== before, first);
    expect(await page.getByRole("heading", { level: 2, name: "Products in this promotion" }).isVisible()).toBe(true);
    expect(
      await page
        .locator(BODY)
        .getByRole("link", { name: /Enamel Mug/ })
        .count(),
    ).toBeGreaterThan(0);
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "promotion-running");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("says an ended promotion has ended, with no countdown", async () => {
    const { page, problems } = await openPage(false);
    await page.goto(`${store.url}/promotion/spring-refresh`);
    await page.getByText("This promotion has ended.").waitFor();
    expect(await page.getByRole("timer").count()).toBe(0);
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "promotion-ended");
    await page.goto(`${store.url}/zh/promotion/spring-refresh`);
    await page.getByText("本活动已结束。").waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "promotion-ended-zh");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("coupons", () => {
  it("applies a coupon picked in the plain form before the checkout island ran", async () => {
    const shopper = await signUpByApi(store.url, "early@example.com", "secret1");
    await api(
      "address/save",
      {
        country: "HK",
        city: "Hong Kong",
        firstName: "Early",
        lastName: "Bird",
        address: "2 Queen's Road",
        countryCode: "+852",
        phone: "91234568",
      },
      shopper,
    );
    await api("coupon/claim", { code: "WELCOME10" }, shopper);
    await api("cart/add", { sku: "FLASHI-SAN-M", quantity: 1 }, shopper);
    const context = await browser.newContext(PAGE_OPTIONS);
    await context.addCookies([{ name: "sf_auth", value: shopper, url: store.url }]);
    await context.addInitScript((value) => localStorage.setItem("sf.token", value), shopper);
    const page = await context.newPage();
    // The page's scripts wait until the radio has been clicked, as on a slow phone.
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back, so the page is used as soon as its HTML is there.
    await page.goto(`${store.url}/checkout/cart`, { waitUntil: "commit" });
    await page.getByRole("radio", { name: /WELCOME10/ }).check();
    release();
    await mounted(page, "Checkout");
    await page.getByText("Coupon WELCOME10 applied: 10% off your first order").waitFor();
    expect(await page.getByRole("radio", { name: /WELCOME10/ }).isChecked()).toBe(true);
    await context.close();
  });

  it("offers a visitor the sign-in that comes back to the coupon", async () => {
    const { page, problems } = await openPage(false);
    await page.goto(`${store.url}/coupon`);
    await page.getByRole("heading", { level: 1, name: "Coupons" }).waitFor();
    expect(await page.locator(BODY).getByText("EXPIRED5").count()).toBe(0);
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "coupon-list");
    await page.getByRole("link", { name: "20% off outdoor gear" }).click();
    await page.waitForURL(`${store.url}/coupon/outdoor20`);
    await mounted(page, "CouponClaim");
    const signIn = page.locator(BODY).getByRole("link", { name: "Sign in to claim" });
    expect(await signIn.getAttribute("href")).toBe("/auth/signin?redirect=%2Fcoupon%2Foutdoor20");
    expect(await page.locator(BODY).getByRole("link", { name: "Hammock" }).getAttribute("href")).toBe("/product/hammock");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "coupon-visitor");
    await page.goto(`${store.url}/zh-HK/coupon/outdoor20`);
    await page.locator(BODY).getByRole("link", { name: "登入後領取" }).waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "coupon-visitor-zh-HK");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("claims WELCOME10, picks it at checkout and orders with its discount; a second order may not use it", async () => {
    await api("cart/add", { sku: "FLASHI-SAN-M", quantity: 1 }, token);
    const { page, problems } = await openPage(true);
    await page.goto(`${store.url}/coupon/welcome10`);
    await page.getByRole("heading", { level: 1, name: "10% off your first order" }).waitFor();
    await page.getByRole("button", { name: "Claim coupon" }).click();
    await page.getByRole("status").filter({ hasText: "Claimed: the coupon is in your account" }).waitFor();
    expect(await page.getByRole("link", { name: "See my coupons" }).getAttribute("href")).toBe("/user/center");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "coupon-claimed");

    await page.goto(`${store.url}/checkout/cart`);
    const welcome = page.getByRole("radio", { name: /WELCOME10/ });
    await welcome.check();
    await page.getByText("Coupon WELCOME10 applied: 10% off your first order").waitFor();
    await page.getByRole("radio", { name: /Standard shipping/ }).check();
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "checkout-coupon");
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/checkout\/thankyou\?orderNo=SO[A-Z0-9]+$/);
    const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
    const order = await api<{ couponCode: string; discountAmount: number }>("order/detail", { orderNo }, token);
    // 10% of 57.99.
    expect(order).toMatchObject({ couponCode: "WELCOME10", discountAmount: 5.8 });

    // The account lists the claim, now used.
    await page.goto(`${store.url}/user/center`);
    await page.getByRole("heading", { name: "My coupons" }).waitFor();
    await page.getByText("You have already used this coupon.").waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "account-coupons");

    // A second order: the coupon is no longer offered, and typed in it is refused.
    await api("cart/add", { sku: "FLASHI-SAN-M", quantity: 1 }, token);
    await page.goto(`${store.url}/checkout/cart`);
    await page.getByRole("button", { name: "Place order" }).waitFor();
    expect(await page.getByRole("radio", { name: /WELCOME10/ }).count()).toBe(0);
    await page.getByLabel("Coupon code").fill("WELCOME10");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("alert").filter({ hasText: "You have already used this coupon." }).waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "checkout-refused");

    await page.goto(`${store.url}/zh/checkout/cart`);
    await page.getByLabel("优惠码").fill("WELCOME10");
    await page.getByRole("button", { name: "使用" }).click();
    await page.getByRole("alert").filter({ hasText: "你已经使用过此优惠券。" }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });
});
