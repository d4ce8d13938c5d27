// The product page's, the auth screens' and the footer's forms with JavaScript off (issue
// 20), in Chromium by roles and labels: add a chosen variant to the cart and land on the
// cart, a refused quantity said next to its field, sign in (a wrong password first) and out,
// sign up, the newsletter. Each page showing an error passes axe. Then with JavaScript on the
// same "Add to cart" goes through /api/web without a page load, and a shopper who signed in
// without it is fully signed out by the account area's sign-out.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, reachFor } from "./support/browser";
import { LANGUAGES, say } from "./support/messages";
import { axeViolationsWithoutScripts } from "./support/no-script-axe";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const en = LANGUAGES.en;

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("no-js-forms");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

const noScript = (): Promise<BrowserContext> => browser.newContext({ javaScriptEnabled: false });

/** The lines of the cart of the context's visitor, as the database holds them. */
async function cartOf(context: BrowserContext): Promise<{ sku: string; quantity: number }[]> {
  const visitor = (await context.cookies()).find((c) => c.name === "visitorId")?.value;
  return store.server.db
    .prepare("SELECT i.sku, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.owner = ? ORDER BY i.sku")
    .all(`v:${visitor}`) as { sku: string; quantity: number }[];
}

const addToCart = (page: Page) => page.getByRole("button", { name: say(en, "product.addToCart") });

describe("forms without JavaScript", () => {
  it("adds the chosen variant to the cart and lands on the cart page", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/product/linen-shirt`);
    // The variants are links; the form's SKU follows the one chosen.
    await page.getByRole("link", { name: /Rust/ }).first().click();
    await page.waitForURL(/\/product\/linen-shirt\/LINSHI-RUS-/);
    const sku = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
    await page.getByLabel(say(en, "product.quantity.label"), { exact: true }).fill("1");
    await addToCart(page).click();
    await page.waitForURL(`${store.url}/cart`);
    expect(await cartOf(context)).toEqual([{ sku, quantity: 1 }]);
    await context.close();
  });

  it("says next to the quantity that there are not that many, and keeps the page accessible", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/product/enamel-mug`);
    const quantity = page.getByLabel(say(en, "product.quantity.label"), { exact: true });
    await quantity.fill("9");
    await addToCart(page).click();
    await page.waitForURL(`${store.url}/product/enamel-mug`);
    expect(await quantity.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await quantity.getAttribute("aria-describedby"))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(say(en, "form.cart.notEnough"));
    expect(await cartOf(context)).toEqual([]);
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);
    await context.close();
  });

  it("signs in by the labels (after a wrong password, said by the fields) and out again", async () => {
    const email = "nojs-signin@example.com";
    await signUpByApi(store.url, email, "secret123");
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/auth/signin?redirect=%2Fuser%2Ffavorite`);
    const account = page.getByLabel(say(en, "auth.account.label"));
    const password = page.getByLabel(say(en, "auth.password.label"), { exact: true });
    await account.fill(email);
    await password.fill("wrong-password");
    await page.getByRole("button", { name: say(en, "auth.signin.submit") }).click();
    await page.waitForURL(/\/auth\/signin\?redirect=%2Fuser%2Ffavorite$/);
    expect(
      await page
        .getByRole("alert")
        .filter({ hasText: say(en, "form.signin.incorrect") })
        .count(),
    ).toBe(1);
    expect(await account.inputValue()).toBe(email);
    expect(await password.inputValue()).toBe("");
    expect(await password.getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);

    await password.fill("secret123");
    await page.getByRole("button", { name: say(en, "auth.signin.submit") }).click();
    await page.waitForURL(`${store.url}/user/favorite`);
    const session = (await context.cookies()).find((c) => c.name === "sf_session")!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    await page.goto(`${store.url}/user/center`);
    await page
      .getByRole("navigation", { name: say(en, "account.nav.label") })
      .getByRole("button", { name: say(en, "account.nav.signout") })
      .first()
      .click();
    await page.waitForURL(`${store.url}/`);
    expect((await context.cookies()).some((c) => c.name === "sf_session")).toBe(false);
    await page.goto(`${store.url}/user/center`);
    expect(await page.getByRole("heading", { level: 1, name: say(en, "auth.signin.title") }).isVisible()).toBe(true);
    await context.close();
  });

  it("signs up by the labels, each missing field said beside it, and goes to the prompt the island goes to", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/zh-HK/auth/signup`);
    const hk = LANGUAGES["zh-HK"];
    await page.getByLabel(say(hk, "auth.account.label")).fill("nojs-signup@example.com");
    await page.getByLabel(say(hk, "auth.password.label"), { exact: true }).fill("secret123");
    await page.getByLabel(say(hk, "auth.lastName.label")).fill("Chan");
    await page.getByRole("button", { name: say(hk, "auth.signup.submit") }).click();
    await page.waitForURL(`${store.url}/zh-HK/auth/signup`);
    const firstName = page.getByLabel(say(hk, "auth.firstName.label"));
    expect(await firstName.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(say(hk, "validation.firstName.required")).isVisible()).toBe(true);
    expect(await page.getByText(say(hk, "validation.agreeTerms")).isVisible()).toBe(true);
    expect(await page.getByLabel(say(hk, "auth.lastName.label")).inputValue()).toBe("Chan");
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);
    await firstName.fill("Mei");
    await page.getByLabel(say(hk, "auth.password.label"), { exact: true }).fill("secret123");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: say(hk, "auth.signup.submit") }).click();
    await page.waitForURL(/\/zh-HK\/auth\/verify-prompt\?sent=email&to=nojs-signup%40example\.com$/);
    await context.close();
  });

  it("subscribes to the newsletter, or says what is wrong with the address", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/article`);
    const footerEmail = page.getByLabel(say(en, "newsletter.email.label"));
    await footerEmail.fill("mei@");
    await page.getByRole("button", { name: say(en, "newsletter.submit") }).click();
    await page.waitForURL(`${store.url}/article`);
    expect(await footerEmail.getAttribute("aria-invalid")).toBe("true");
    expect(await footerEmail.inputValue()).toBe("mei@");
    expect(await axeViolationsWithoutScripts(page)).toEqual([]);
    await footerEmail.fill("nojs-news@example.com");
    await page.getByRole("button", { name: say(en, "newsletter.submit") }).click();
    await page.waitForURL(`${store.url}/article`);
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: say(en, "newsletter.done") })
        .count(),
    ).toBe(1);
    await context.close();
  });
});

describe("the same form with JavaScript", () => {
  it("signs out fully with JavaScript a shopper who signed in without it", async () => {
    const email = "nojs-then-js@example.com";
    await signUpByApi(store.url, email, "secret123");
    const plain = await noScript();
    const signIn = await plain.newPage();
    await signIn.goto(`${store.url}/auth/signin`);
    await signIn.getByLabel(say(en, "auth.account.label")).fill(email);
    await signIn.getByLabel(say(en, "auth.password.label"), { exact: true }).fill("secret123");
    await signIn.getByRole("button", { name: say(en, "auth.signin.submit") }).click();
    await signIn.waitForURL(`${store.url}/user/center`);
    const context = await browser.newContext();
    await context.addCookies(await plain.cookies());
    await plain.close();
    const page = await context.newPage();
    await page.goto(`${store.url}/user/center`);
    // Its islands wait for the page to be in use (the shopper's first press), as a shopper uses it.
    await page.locator("body").dispatchEvent("pointerdown");
    await page.waitForFunction(
      () => document.querySelector("[data-component=AccountNav]")?.getAttribute("data-island") === "mounted",
    );
    await page
      .getByRole("navigation", { name: say(en, "account.nav.label") })
      .getByRole("button", { name: say(en, "account.nav.signout") })
      .first()
      .click();
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "sf_session")).toBe(false);
    // Signed out on a private page, the page itself goes to sign-in; the check below waits for that first.
    await page.waitForURL((url) => url.pathname === "/auth/signin");
    await page.goto(`${store.url}/user/center`);
    await page.getByRole("heading", { level: 1, name: say(en, "auth.signin.title") }).waitFor();
    await context.close();
  });

  it("adds to the cart through /api/web, without loading a page", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${store.url}/product/enamel-mug`);
    await reachFor(page, "[data-component=ProductDetail]");
    // A page load would lose this.
    await page.evaluate(() => Object.assign(window, { stillHere: true }));
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    const added = page.waitForResponse((response) => response.url().endsWith("/api/web/cart/add"));
    await addToCart(page).click();
    expect((await added).status()).toBe(200);
    expect(page.url()).toBe(`${store.url}/product/enamel-mug`);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(posts).toContain("/api/web/cart/add");
    expect(posts.some((path) => path.includes("/form/"))).toBe(false);
    await context.close();
  });
});
