// The purchase with JavaScript off (issue 20), in Chromium by roles and labels: add to the
// cart from a product page, change the quantity on the cart (a refused one said next to its
// field), sign in from the checkout and come back, a coupon, the checkout's refusals next to
// their fields, then a new address, shipping, payment and the order placed: the thank-you
// page and the order in the account. axe on the cart and the checkout with JavaScript off and
// on; with it on, the cart changes through /api/web without a page load.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { LANGUAGES, say } from "./support/messages";
import { axeViolationsWithoutScripts } from "./support/no-script-axe";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const en = LANGUAGES.en;
const EMAIL = "nojs-checkout@example.com";
const PASSWORD = "secret123";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("no-js-checkout");
  browser = await launchBrowser();
  await signUpByApi(store.url, EMAIL, PASSWORD);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

const quantityOf = (page: Page, title: string) =>
  page.getByRole("spinbutton", { name: say(en, "cart.page.quantity", { title }) });

/** The text of what `field` is described by, when it is marked invalid. */
async function messageOf(page: Page, field: ReturnType<Page["getByLabel"]>): Promise<string | null> {
  if ((await field.getAttribute("aria-invalid")) !== "true") return null;
  const ids = (await field.getAttribute("aria-describedby")) ?? "";
  return (await page.locator(`[id="${ids}"]`).textContent())?.trim() ?? null;
}

describe("buying without JavaScript", () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it("adds to the cart and changes the quantity on the cart page, a refusal said beside the line", async () => {
    await page.goto(`${store.url}/product/enamel-mug`);
    await page.getByLabel(say(en, "product.quantity.label"), { exact: true }).fill("1");
    await page.getByRole("button", { name: say(en, "product.addToCart") }).click();
    await page.waitForURL(`${store.url}/cart`);
    const quantity = quantityOf(page, "Enamel Mug");
    expect(await quantity.inputValue()).toBe("1");

    await page.getByRole("button", { name: say(en, "cart.page.increase", { title: "Enamel Mug" }) }).click();
    await page.waitForURL(`${store.url}/cart`);
    expect(await quantity.inputValue()).toBe("2");

    await quantity.fill("9");
    await page.getByRole("button", { name: `${say(en, "cart.page.update")} Enamel Mug` }).click();
    await page.waitForURL(`${store.url}/cart`);
    expect(await messageOf(page, quantity)).toBe(say(en, "cart.form.stock", { count: 5 }));
    expect(await quantity.inputValue()).toBe("9");
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);

    // The header counts the cart on this page, rendered by the server.
    expect(await page.locator(".sf-header__cart").getAttribute("aria-label")).toBe(say(en, "header.cart.label", { count: 2 }));
  });

  it("signs in from the checkout and comes back to it with the cart", async () => {
    await page
      .locator("#page-body")
      .getByRole("link", { name: say(en, "cart.page.checkout"), exact: true })
      .click();
    await page.waitForURL(`${store.url}/checkout/cart`);
    await page
      .locator("#page-body")
      .getByRole("link", { name: say(en, "checkout.signin") })
      .click();
    await page.waitForURL(/\/auth\/signin\?redirect=%2Fcheckout%2Fcart$/);
    await page.getByLabel(say(en, "auth.account.label")).fill(EMAIL);
    await page.getByLabel(say(en, "auth.password.label"), { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: say(en, "auth.signin.submit") }).click();
    await page.waitForURL(`${store.url}/checkout/cart`);
    expect(await page.getByRole("heading", { level: 2, name: say(en, "checkout.summary") }).isVisible()).toBe(true);
    expect(await page.locator("#page-body").getByText("Enamel Mug").count()).toBeGreaterThan(0);
  });

  it("applies a coupon, and says next to each field what the checkout still needs", async () => {
    await page.getByLabel(say(en, "checkout.coupon.label")).fill("welcome10");
    await page.getByRole("button", { name: say(en, "checkout.coupon.apply") }).click();
    await page.waitForURL(`${store.url}/checkout/cart?coupon=WELCOME10`);
    await page.getByText(say(en, "checkout.coupon.applied", { code: "WELCOME10", title: "10% off your first order" })).waitFor();

    await page.getByLabel("City").fill("Kowloon");
    await page.getByRole("button", { name: say(en, "checkout.placeOrder") }).click();
    await page.waitForURL(`${store.url}/checkout/cart?coupon=WELCOME10`);
    expect(await messageOf(page, page.getByLabel("First name"))).toBe(say(en, "validation.firstName.required"));
    expect(await page.getByLabel("City").inputValue()).toBe("Kowloon");
    expect(await page.getByRole("group", { name: say(en, "checkout.shipping") }).getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(say(en, "checkout.fixErrors")).isVisible()).toBe(true);
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);
  });

  it("places the order with a new address, shipping and payment, and finds it in the account", async () => {
    await page.getByLabel("Country/region").selectOption("HK");
    await page.getByLabel("Country code").selectOption("+852");
    await page.getByLabel("First name").fill("Ka");
    await page.getByLabel("Last name").fill("Wong");
    await page.getByLabel("Address", { exact: true }).fill("2 Nathan Road");
    await page.getByLabel("Phone").fill("98765432");
    await page.getByRole("radio", { name: /Standard shipping/ }).check();
    await page.getByRole("radio", { name: /Cash on delivery/ }).check();
    await page.getByLabel(say(en, "checkout.remarks")).fill("Ring twice");
    await page.getByRole("button", { name: say(en, "checkout.placeOrder") }).click();
    await page.waitForURL(/\/checkout\/thankyou\?orderNo=/);
    const orderNo = new URL(page.url()).searchParams.get("orderNo")!;
    expect(await page.getByRole("heading", { level: 1, name: say(en, "page.thankyou.title") }).isVisible()).toBe(true);
    expect(await page.getByText(orderNo).count()).toBeGreaterThan(0);

    await page.getByRole("link", { name: say(en, "checkout.thankyou.order") }).click();
    await page.waitForURL(`${store.url}/user/order/${orderNo}`);
    expect(await page.locator("#page-body").getByText(orderNo).count()).toBeGreaterThan(0);
    expect(await page.locator("#page-body").getByText("Ring twice").count()).toBeGreaterThan(0);

    await page.goto(`${store.url}/cart`);
    expect(await page.getByText(say(en, "cart.page.empty")).isVisible()).toBe(true);
  });
});

describe("the same pages with JavaScript", () => {
  it("changes the cart through /api/web without a page load, and the cart and checkout pass axe", async () => {
    const token = await signUpByApi(store.url, "js-checkout@example.com", PASSWORD);
    await fetch(`${store.url}/api/web/cart/add`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-auth": token },
      body: JSON.stringify({ sku: "ENAMUG-WHI", quantity: 1 }),
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((value) => localStorage.setItem("sf.token", value), token);
    await context.addCookies([{ name: "sf_auth", value: token, url: store.url }]);
    const page = await context.newPage();
    await page.goto(`${store.url}/cart`);
    await page.waitForFunction(
      () => document.querySelector("[data-component=CartPage]")?.getAttribute("data-island") === "mounted",
    );
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    const updated = page.waitForResponse((response) => response.url().endsWith("/api/web/cart/update"));
    await page.getByRole("button", { name: say(en, "cart.page.increase", { title: "Enamel Mug" }) }).click();
    expect((await updated).status()).toBe(200);
    await page.waitForFunction(() => (document.getElementById("sf-qty-ENAMUG-WHI") as HTMLInputElement | null)?.value === "2");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(posts.some((path) => path.includes("/form/"))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${store.url}/checkout/cart`);
    await page.waitForFunction(
      () => document.querySelector("[data-component=Checkout]")?.getAttribute("data-island") === "mounted",
    );
    await page.getByRole("button", { name: say(en, "checkout.address.add") }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
