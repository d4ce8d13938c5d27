// Issue 14 in Chromium against the reference store, by roles and labels: a shopper buys a
// product, the merchant ships it and marks it delivered at /dev/orders, the shopper reviews it
// with a rating, a title, a text and a photo, and the summary changes (count and average);
// a card's quick view and the image viewer are opened and used with the keyboard; the product
// page opens on a variant in stock and the document title follows the variant chosen. Each
// open dialog passes axe at 390 and 1280 px.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import type { RunningStore } from "./support/store";

// axe is injected as an inline script, which the store's Content-Security-Policy forbids.
const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
const SHOTS = join(process.cwd(), "test-results", "screenshots", "reviews");
const ADDRESS = {
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};
// A 1×1 PNG, the review's photo.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6360f8ffff3f0005fe02fea7d6a4a20000000049454e44ae426082",
  "hex",
);

let browser: Browser;
let store: RunningStore;

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

/** Places an order of `sku` and pays it with the card that succeeds, as the provider's form posts. */
async function paidOrder(token: string, sku: string): Promise<string> {
  await api("address/save", ADDRESS, token);
  await api("cart/add", { sku, quantity: 1 }, token);
  const { orderNo } = await api<{ orderNo: string }>(
    "checkout/submit",
    { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
    token,
  );
  const { payUrl } = await api<{ payUrl: string }>(
    "order/pay",
    { orderNo, returnPath: `/user/order/${orderNo}`, language: "en" },
    token,
  );
  const paid = await fetch(store.url + payUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Mei Chan" }).toString(),
    redirect: "manual",
  });
  expect(paid.status).toBe(303);
  await expect.poll(async () => (await api<{ payStatus: string }>("order/detail", { orderNo }, token)).payStatus).toBe("paid");
  return orderNo;
}

async function newPage(token?: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  if (token) {
    await page.addInitScript((value) => localStorage.setItem("sf.token", value), token);
    await page.context().addCookies([{ name: "sf_auth", value: token, url: store.url }]);
  }
  return { page, problems };
}

/** The island mounted, reached for as a shopper would when it waits for them (support/browser.ts). */
function mounted(page: Page, component: string) {
  return reachFor(page, `[data-component=${component}]`);
}

/** axe finds nothing in `context` at 390 and 1280 px; a screenshot of each is kept for review. */
async function accessibleAtBothWidths(page: Page, context: string, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page, context), `${name} at ${width} px`).toEqual([]);
    await reviewShot(page, join(SHOTS, `${name}-${width}.png`));
  }
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A copy of the client build: another build on the machine during the run cannot take its chunks away.
  const clientDir = mkdtempSync(join(tmpdir(), "reviews-client-"));
  const dataDir = mkdtempSync(join(tmpdir(), "reviews-"));
  cpSync(join(process.cwd(), "dist/client"), clientDir, { recursive: true });
  const server = await buildApp({
    dataDir,
    clientDir,
    logger: false,
    passwordCost: { N: 2 ** 14, r: 8, p: 1 },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  store = {
    url: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
    server,
    async close() {
      await server.app.close();
      for (const dir of [clientDir, dataDir]) rmSync(dir, { recursive: true, force: true });
    },
  };
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

describe("reviews by buyers", () => {
  it("buys, receives (via /dev/orders) and reviews a product, and the summary changes", async () => {
    const email = `reviewer-${Date.now()}@example.com`;
    const token = await signUpByApi(store.url, email, "secret123", {});
    await api("user/editName", { nickname: "Mei" }, token);
    const orderNo = await paidOrder(token, "LINSHI-RUS-M");
    const { page, problems } = await newPage(token);

    // Before it arrives there is nothing to write.
    await page.goto(`${store.url}/product/linen-shirt`);
    await mounted(page, "ProductReviews");
    await page.getByText("You can review this product once your order has arrived.").waitFor();
    expect(await page.getByRole("button", { name: "Write a review" }).count()).toBe(0);

    // The merchant ships it and marks it delivered.
    await page.goto(`${store.url}/dev/orders`);
    await page.getByLabel("Express number").first().fill("SF123456");
    await page.getByRole("button", { name: `Ship ${orderNo}` }).click();
    await page.getByRole("button", { name: `Mark ${orderNo} delivered` }).click();
    await page.getByText(`Done: ${orderNo} delivered.`).waitFor();

    await page.goto(`${store.url}/product/linen-shirt`);
    await mounted(page, "ProductReviews");
    const reviews = page.getByRole("region", { name: /^Reviews \(/ });
    const countBefore = Number(/\d+/.exec((await reviews.getByText(/^Based on \d+ reviews?$/).innerText())!)![0]);
    const averageBefore = await reviews
      .getByText(/ out of 5$/)
      .first()
      .innerText();
    await reviews.getByRole("button", { name: "Write a review" }).click();
    const form = page.getByRole("form", { name: "Your review of Linen Shirt" });
    await form.waitFor();

    // Errors show beside their fields, and the first one takes the focus.
    await form.getByRole("button", { name: "Post review" }).click();
    await form.getByText("Choose a rating from 1 to 5 stars.").waitFor();
    await form.getByText(/^Write what you think of the product/).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe("radio");
    expect(await form.getByLabel("Your review").getAttribute("aria-invalid")).toBe("true");

    await form.getByRole("radio", { name: "1 star", exact: true }).check();
    await form.getByLabel("Title").fill("Warm and soft");
    await form.getByLabel("Your review").fill("The linen is thick and it washes well.");
    // A field put right loses its error.
    expect(await form.getByText("Choose a rating from 1 to 5 stars.").count()).toBe(0);
    expect(await form.getByLabel("Your review").getAttribute("aria-invalid")).toBeNull();
    await form.getByLabel(/^Photos/).setInputFiles({ name: "shirt.png", mimeType: "image/png", buffer: PNG });
    await accessibleAtBothWidths(page, "#page-body", "review-form");
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole("button", { name: "Post review" }).click();

    await reviews.getByText("Thank you! Your review is published.").waitFor();
    await reviews.getByText(`Based on ${countBefore + 1} reviews`).waitFor();
    expect(
      await reviews
        .getByText(/ out of 5$/)
        .first()
        .innerText(),
    ).not.toBe(averageBefore);
    expect(await reviews.getByText(`1 star: ${1} review`, { exact: false }).count()).toBeGreaterThan(0);
    const mine = reviews.getByRole("listitem").filter({ hasText: "Warm and soft" });
    await mine.getByText("Verified purchase").waitFor();
    await mine.getByText("Bought: Rust / M").waitFor();
    expect(await reviews.getByRole("button", { name: "Write a review" }).count()).toBe(0);
    // The page's own score follows too.
    await page
      .getByText(`${countBefore + 1} reviews`, { exact: true })
      .first()
      .waitFor();

    // Its photo opens in the viewer, and Escape gives the focus back to it.
    await mine.getByRole("button", { name: "Photo 1 of 1 from Mei's review, full screen" }).click();
    const viewer = page.getByRole("dialog", { name: "Photos from Mei's review" });
    await viewer.waitFor();
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Photo 1 of 1 from Mei's review, full screen");

    // A new load shows it too, sorted lowest first.
    await page.reload();
    await mounted(page, "ProductReviews");
    await page.getByText(`Based on ${countBefore + 1} reviews`).waitFor();
    await page.getByLabel("Sort reviews").selectOption("lowest");
    await expect.poll(() => reviews.getByRole("listitem").filter({ hasText: "Warm and soft" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("reviews from the order's page in the account", async () => {
    const token = await signUpByApi(store.url, `order-reviewer-${Date.now()}@example.com`, "secret123", {});
    const orderNo = await paidOrder(token, "CASCRE-SAN-M");
    const { page, problems } = await newPage(token);
    await page.goto(`${store.url}/dev/orders`);
    await page.getByLabel("Express number").first().fill("SF654321");
    await page.getByRole("button", { name: `Ship ${orderNo}` }).click();
    await page.getByRole("button", { name: `Mark ${orderNo} delivered` }).click();
    await page.goto(`${store.url}/user/order/${orderNo}`);
    await mounted(page, "UserOrderDetail");
    await page.getByRole("button", { name: "Write a review of Cashmere Crewneck · Sand / M" }).click();
    const form = page.getByRole("form", { name: "Your review of Cashmere Crewneck" });
    await form.getByRole("radio", { name: "5 stars" }).check();
    await form.getByLabel("Your review").fill("Lovely and warm.");
    await form.getByRole("button", { name: "Post review" }).click();
    await page.getByText("Thank you! Your review of Cashmere Crewneck is published.").waitFor();
    await page.getByRole("link", { name: "Reviewed: see the reviews of Cashmere Crewneck · Sand / M" }).waitFor();
    expect(await axeViolations(page, "#page-body")).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the product page and its dialogs", () => {
  it("opens /product/oxford-shirt on a variant in stock, and the title follows the variant chosen", async () => {
    const { page, problems } = await newPage();
    await page.goto(`${store.url}/product/oxford-shirt`);
    await mounted(page, "ProductDetail");
    const firstTitle = await page.title();
    expect(firstTitle).toMatch(/^Oxford Shirt \| /);
    expect(await page.getByRole("link", { name: "Sand / L" }).getAttribute("aria-current")).toBe("true");
    const add = page.getByRole("button", { name: "Add to cart" });
    expect(await add.getAttribute("aria-disabled")).toBeNull();
    expect(await page.locator(".sf-product__offer").innerText()).toContain("20 in stock");

    await page.getByRole("link", { name: "Olive / M" }).click();
    await page.waitForURL(`${store.url}/product/oxford-shirt/OXFSHI-OLI-M`);
    const served = (await (await fetch(`${store.url}/product/oxford-shirt/OXFSHI-OLI-M?request=route`)).json()).data.meta.title;
    expect(await page.title()).toBe(served);
    expect(served).toMatch(/^Oxford Shirt \(Olive \/ M\) \| /);
    await page.getByRole("link", { name: "Olive / S" }).click();
    await page.waitForURL(`${store.url}/product/oxford-shirt/OXFSHI-OLI-S`);
    expect(await page.title()).toBe(firstTitle.replace("Oxford Shirt", "Oxford Shirt (Olive / S)"));
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens the image viewer with the keyboard: next image, zoom, Escape", async () => {
    const { page, problems } = await newPage();
    await page.goto(`${store.url}/product/oxford-shirt`);
    await mounted(page, "ProductDetail");
    const track = page.getByRole("group", { name: "Images of Oxford Shirt" });
    await track.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByRole("dialog", { name: "Images of Oxford Shirt" });
    await viewer.waitFor();
    await expect.poll(() => focusedText(page)).toBe("Close");
    // Sand / L is chosen: its picture leads the slides (issue 49 item 4), and the last wraps round.
    await viewer.getByText("Image 1 of 3").waitFor();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("Image 2 of 3").waitFor();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("Image 3 of 3").waitFor();
    await page.keyboard.press("ArrowRight");
    await viewer.getByText("Image 1 of 3").waitFor();
    await page.keyboard.press("+");
    await viewer.getByText("200%").waitFor();
    expect(await viewer.getByRole("button", { name: "Zoom out" }).isEnabled()).toBe(true);
    await page.keyboard.press("ArrowLeft");
    // Zoomed in, the arrows move the image rather than change it.
    await viewer.getByText("Image 1 of 3").waitFor();
    await page.keyboard.press("-");
    await viewer.getByText("100%").waitFor();
    // Tab stays inside the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    await accessibleAtBothWidths(page, ".sf-viewer", "viewer");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Images of Oxford Shirt");

    // The full-screen button too, and a swipe.
    await page.getByRole("button", { name: /^View image \d of 3 full screen$/ }).click();
    await viewer.waitFor();
    const stage = page.locator(".sf-viewer__stage");
    const box = (await stage.boundingBox())!;
    const before = await viewer.getByText(/^Image \d of 3$/).innerText();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => viewer.getByText(/^Image \d of 3$/).innerText()).not.toBe(before);
    await viewer.getByRole("button", { name: "Close" }).click();
    await viewer.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("opens a card's quick view with the keyboard, chooses a variant, adds it to the cart, and Escape closes", async () => {
    const { page, problems } = await newPage();
    // The product page's "You may also like" grid runs once scrolled near.
    await page.goto(`${store.url}/product/linen-shirt`);
    await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
    await mounted(page, "ProductGrid");
    // The cart drawer follows once an island has mounted (the page is in use).
    await mounted(page, "CartDrawer");
    const quick = page.getByRole("button", { name: "Quick view of Oxford Shirt" });
    await quick.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Oxford Shirt" });
    await dialog.getByRole("radio", { name: /^Sand \/ L/ }).waitFor();
    await expect.poll(() => focusedText(page)).toBe("Close");
    // The product page's default: the first variant in stock.
    expect(await dialog.getByRole("radio", { name: /^Sand \/ L/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole("link", { name: "View full details" }).getAttribute("href")).toBe("/product/oxford-shirt");
    await accessibleAtBothWidths(page, ".sf-quick", "quick-view");
    expect(await axeViolations(page, "#page-body")).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await dialog.getByRole("radio", { name: /^Sand \/ L/ }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: /^Olive \/ S/ }).isChecked()).toBe(true);
    await dialog.getByText("13 in stock").waitFor();
    expect(await dialog.getByRole("link", { name: "View full details" }).getAttribute("href")).toBe(
      "/product/oxford-shirt/OXFSHI-OLI-S",
    );
    await dialog.getByRole("button", { name: "Add to cart" }).focus();
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Added to your cart" });
    await drawer.waitFor();
    expect(await drawer.innerText()).toContain("Olive / S");
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label")))
      .toBe("Quick view of Oxford Shirt");
    expect(problems).toEqual([]);
    await page.close();
  });

  // The page behind the dialog is kept for Back, islands alive: the dialog must not stay over the next page.
  it("closes the quick view when its link to the product is followed, and Back shows the page without it", async () => {
    const { page, problems } = await newPage();
    await page.goto(`${store.url}/product/linen-shirt`);
    await page.getByRole("heading", { name: "You may also like" }).scrollIntoViewIfNeeded();
    await mounted(page, "ProductGrid");
    await page.getByRole("button", { name: "Quick view of Oxford Shirt" }).click();
    const dialog = page.getByRole("dialog", { name: "Oxford Shirt" });
    await dialog.getByRole("link", { name: "View full details" }).click();
    await page.waitForURL(`${store.url}/product/oxford-shirt`);
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.classList.contains("sf-modal-open"))).toBe(false);
    await page.goBack();
    await page.waitForURL(`${store.url}/product/linen-shirt`);
    await page.getByRole("button", { name: "Quick view of Oxford Shirt" }).waitFor();
    expect(await dialog.count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
