// The cart page, checkout, thank-you page and order list in Chromium against the reference
// store, driven by roles and labels: change a quantity, remove a line, add an address in
// the modal, choose shipping and payment, place the order, and find it in the order list.
// Each page passes axe and is photographed at 390 and 1280 px for review.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShots } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

// axe is injected as an inline script, which the store's Content-Security-Policy forbids.
const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
// The page body these components render; the shared header and footer are checked by their own tests.
const BODY = "#page-body";
const SHOTS = join(process.cwd(), "test-results", "screenshots", "checkout");

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
  store = await startStore("checkout");
  browser = await launchBrowser();
  token = await signUpByApi(store.url, "mei@example.com", "secret1");
  await api("cart/add", { sku: "LINSHI-SAN-M", quantity: 1 }, token);
  await api("cart/add", { sku: "FLASHI-SAN-M", quantity: 1 }, token);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function signedInPage(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  await page.addInitScript((value) => localStorage.setItem("sf.token", value), token);
  return { page, problems };
}

const screenshots = (page: Page, name: string) => reviewShots(page, (width) => join(SHOTS, `${name}-${width}.png`));

const cartCount = (page: Page) => page.evaluate(() => localStorage.getItem("sf.cartCount"));

describe("cart, checkout and orders", () => {
  it("changes a quantity and removes a line on the cart page", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${store.url}/cart`);
    const quantity = page.getByRole("spinbutton", { name: "Quantity of Linen Shirt" });
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe("1");
    await page.waitForFunction(() => localStorage.getItem("sf.cartCount") === "2");
    // The island's way (the API, no reload); before it runs these are plain forms (no-js-checkout.test.ts).
    await page.waitForSelector('[data-component="CartPage"][data-island="mounted"]');

    await page.getByRole("button", { name: "Increase quantity of Linen Shirt" }).click();
    await page.waitForFunction(() => (document.getElementById("sf-qty-LINSHI-SAN-M") as HTMLInputElement | null)?.value === "2");
    expect(await cartCount(page)).toBe("3");

    await page.getByRole("button", { name: "Remove Flannel Shirt" }).click();
    await page.getByRole("spinbutton", { name: "Quantity of Flannel Shirt" }).waitFor({ state: "detached" });
    expect(await cartCount(page)).toBe("2");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "cart");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a visitor's empty cart and asks them to sign in or sign up to check out, with a way back", async () => {
    const page = await browser.newPage(PAGE_OPTIONS);
    await page.goto(`${store.url}/cart`);
    await page.getByText("Your cart is empty.").waitFor();
    expect(await page.locator(BODY).getByRole("link", { name: "Continue shopping" }).getAttribute("href")).toBe("/");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await page.goto(`${store.url}/checkout/cart`);
    const signIn = page.getByRole("link", { name: "Sign in" }).last();
    await signIn.waitFor();
    expect(await signIn.getAttribute("href")).toBe("/auth/signin?redirect=%2Fcheckout%2Fcart");
    expect(await page.getByRole("link", { name: "Sign up" }).last().getAttribute("href")).toBe(
      "/auth/signup?redirect=%2Fcheckout%2Fcart",
    );
    expect(await axeViolations(page, BODY)).toEqual([]);
    await page.close();
  });

  it("adds an address, chooses shipping and payment, places the order and lists it", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${store.url}/cart`);
    await page.locator(BODY).getByRole("link", { name: "Checkout", exact: true }).click();
    await page.waitForURL(`${store.url}/checkout/cart`);

    await page.getByRole("button", { name: "Add address" }).click();
    const dialog = page.getByRole("dialog", { name: "Add address" });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toMatch(/-country$/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Add address");
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Save address" }).click();
    await dialog.getByText("Enter your first name").waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "address-modal");

    await dialog.getByLabel("Country/region").selectOption("HK");
    expect(await dialog.getByLabel("Country code").inputValue()).toBe("+852");
    await dialog.getByLabel("City").fill("Hong Kong");
    await dialog.getByLabel("First name").fill("Mei");
    await dialog.getByLabel("Last name").fill("Chan");
    await dialog.getByLabel("Address", { exact: true }).fill("1 Queen's Road");
    await dialog.getByLabel("Phone").fill("91234567");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.getByRole("radio", { name: /Mei Chan/ }).isChecked()).toBe(true);

    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByText("Shipping method is not available").waitFor();

    await page.getByRole("radio", { name: /Express shipping/ }).check();
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    await page.getByLabel("Order remarks (optional)").fill("Leave at the door");
    await page.getByText("Shipping method is not available").waitFor({ state: "detached" });
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "checkout");

    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForURL(/\/checkout\/thankyou\?orderNo=SO[A-Z0-9]+$/);
    const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
    await page.getByText(orderNo).waitFor();
    expect(await cartCount(page)).toBe("0");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "thankyou");

    await page.locator(BODY).getByRole("link", { name: "My orders" }).click();
    await page.waitForURL(`${store.url}/user/order`);
    await page.getByText(`Order ${orderNo}`).waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "orders");

    await page.getByRole("link", { name: `View details ${orderNo}` }).click();
    await page.waitForURL(`${store.url}/user/order/${orderNo}`);
    await page.getByText("Leave at the door").waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "order-detail");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("speaks Hong Kong Chinese under /zh-HK/ and keeps the prefix in its links", async () => {
    const { page, problems } = await signedInPage();
    await page.goto(`${store.url}/zh-HK/checkout/cart`);
    await page.getByRole("heading", { name: "結帳" }).waitFor();
    await page.getByText("購物車內沒有可下單的貨品。").waitFor();
    expect(await page.locator(BODY).getByRole("link", { name: "返回購物車" }).getAttribute("href")).toBe("/zh-HK/cart");
    expect(await axeViolations(page, BODY)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the coupon's Apply on one line at 390 px in zh and zh-HK (issue 49 item 13)", async () => {
    await api("cart/add", { sku: "LINSHI-SAN-M", quantity: 1 }, token);
    const { page, problems } = await signedInPage();
    await page.setViewportSize({ width: 390, height: 900 });
    for (const [prefix, apply] of [
      ["/zh", "使用"],
      ["/zh-HK", "套用"],
    ] as const) {
      await page.goto(`${store.url}${prefix}/checkout/cart`);
      const button = page.locator(".sf-coupon__row button");
      await button.waitFor();
      expect((await button.innerText()).trim()).toBe(apply);
      // One line box for its text: not a character per line.
      const lines = await button.evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, prefix).toBe(1);
      await reviewShots(page, (width) => join(SHOTS, `coupon-${prefix.slice(1)}-${width}.png`));
      expect(await axeViolations(page, BODY)).toEqual([]);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
