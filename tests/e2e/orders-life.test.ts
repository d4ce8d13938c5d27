// After checkout, in Chromium against the reference store, by roles and labels, in English and
// under /zh-HK/: pay on the provider's page (4242 pays; 4000…0002 is declined, then paid again;
// 4000…3184 asks for 3-D Secure, declined and approved), see the order turn paid live, request
// a return with a photo, have it approved at /dev/orders, send the parcel, and see it refunded;
// cancel an unpaid order; confirm receipt of a shipped one. Each new page passes axe and is
// photographed at 390 and 1280 px.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShots } from "./support/review-shot";
import type { RunningStore } from "./support/store";

const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
const BODY = "#page-body";
const SHOTS = join(process.cwd(), "test-results", "screenshots", "orders");
const MESSAGES: Record<string, Record<string, string>> = {
  en: JSON.parse(readFileSync(join(process.cwd(), "generated/messages/en.json"), "utf8")),
  zh: JSON.parse(readFileSync(join(process.cwd(), "generated/messages/zh.json"), "utf8")),
  "zh-HK": JSON.parse(readFileSync(join(process.cwd(), "generated/messages/zh-HK.json"), "utf8")),
};
const ADDRESS = {
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};
// A 1×1 PNG, the return's photo.
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

let shoppers = 0;
/** A new customer: signs up, follows the mailed verification link (which signs in), saves an address. */
async function shopper(): Promise<string> {
  shoppers += 1;
  const email = `buyer${shoppers}-${Date.now()}@example.com`;
  await api("auth/signup", { email, password: "secret1", agree: true });
  const { link } = store.server.db
    .prepare("SELECT link FROM outbox WHERE recipient = ? AND link != '' ORDER BY id DESC LIMIT 1")
    .get(email) as { link: string };
  const { token } = await api<{ token: string }>("auth/verifyEmail", {
    code: new URL(link, store.url).searchParams.get("code"),
  });
  await api("address/save", ADDRESS, token);
  return token;
}

/** An order placed through the API, for the flows that start on the order's page. */
async function order(token: string, paymentMethod: string, sku = "CASCRE-SAN-M", shippingMethod = "standard"): Promise<string> {
  await api("cart/add", { sku, quantity: 1 }, token);
  const placed = await api<{ orderNo: string }>("checkout/submit", { address: ADDRESS, shippingMethod, paymentMethod }, token);
  return placed.orderNo;
}

/** The merchant's back office: a form post, as its page sends it. */
async function merchant(path: string, fields: Record<string, string>) {
  const answer = await fetch(`${store.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  expect(answer.status).toBe(303);
}

async function signedInPage(token: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(msg.text());
  });
  await page.addInitScript((value) => localStorage.setItem("sf.token", value), token);
  // The first load of an account page is rendered for the cookie's owner.
  await page.context().addCookies([{ name: "sf_auth", value: token, url: store.url }]);
  return { page, problems };
}

const screenshots = (page: Page, name: string) => reviewShots(page, (width) => join(SHOTS, `${name}-${width}.png`));

/** Fills the provider's card form and pays. */
async function payWith(page: Page, m: Record<string, string>, number: string) {
  await page.getByLabel(m["paypage.card"]!).fill(number);
  await page.getByLabel(m["paypage.expiry"]!).fill("12/39");
  await page.getByLabel(m["paypage.cvc"]!).fill("123");
  await page.getByLabel(m["paypage.name"]!).fill("Mei Chan");
  await page.getByRole("button", { name: /^(Pay|支付) / }).click();
}

/** Marks the page so that a reload would show: the window's own property does not survive one. */
const markLoaded = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // A copy of the client build: another build on the machine during the run cannot take its chunks away.
  const clientDir = mkdtempSync(join(tmpdir(), "orders-client-"));
  const dataDir = mkdtempSync(join(tmpdir(), "orders-"));
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

describe.each([
  ["en", ""],
  ["zh-HK", "/zh-HK"],
])("buying, paying and returning (%s)", (language, prefix) => {
  const m = MESSAGES[language]!;
  const t = (id: string) => m[id]!;

  it("pays with 4242, sees the order paid live, returns it with a photo and gets it refunded", async () => {
    const token = await shopper();
    await api("cart/add", { sku: "CAMCOLSHI-SAN-M", quantity: 1 }, token);
    const { page, problems } = await signedInPage(token);
    await page.goto(`${store.url}${prefix}/checkout/cart`);
    await page.locator('input[name="shippingMethod"][value="standard"]').check();
    await page.locator('input[name="paymentMethod"][value="card"]').check();
    await page.getByRole("button", { name: t("checkout.placeOrder") }).click();

    // The provider's page, outside the shop's layout.
    await page.waitForURL(/\/pay\/ps_[A-Za-z0-9_-]+$/);
    await page.getByRole("heading", { name: t("paypage.title").replace("{merchant}", "Demo Store") }).waitFor();
    const orderNo = (await page.getByText(/^(Order|訂單) SO/).textContent())!.replace(/^(Order|訂單) /, "");
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, `pay-${language}`);

    // The order's page in another tab, unpaid, waits for the live channel.
    const { page: watcher } = await signedInPage(token);
    await watcher.goto(`${store.url}${prefix}/user/order/${orderNo}`);
    await watcher.getByRole("button", { name: t("order.payNow") }).waitFor();
    await watcher.waitForFunction(
      () => document.querySelector("[data-component=UserOrderDetail]")?.getAttribute("data-island") === "mounted",
    );
    await markLoaded(watcher);

    // Back to the first window: headless Chromium may stop animation frames in one that is not
    // in front, and Playwright's click waits for two of them.
    await page.bringToFront();
    await payWith(page, m, "4242 4242 4242 4242");
    await page.waitForURL(`${store.url}${prefix}/user/order/${orderNo}`, { waitUntil: "commit" });
    await page.locator(BODY).getByText(t("order.event.paid"), { exact: true }).first().waitFor();
    await watcher.getByRole("button", { name: t("order.payNow") }).waitFor({ state: "detached" });
    await watcher.locator(BODY).getByText(t("order.event.paid"), { exact: true }).first().waitFor();
    expect(await sameDocument(watcher)).toBe(true);
    await watcher.close();
    await page.waitForFunction(
      () => document.querySelector("[data-component=UserOrderDetail]")?.getAttribute("data-island") === "mounted",
    );
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, `order-paid-${language}`);

    // A return with a photo.
    await page.getByRole("button", { name: t("return.request") }).click();
    await page.getByLabel(t("return.desc")).fill(language === "en" ? "The collar is torn." : "衣領撕破了。");
    await page
      .getByLabel(new RegExp(`^${t("return.photos")}`))
      .setInputFiles({ name: "torn.png", mimeType: "image/png", buffer: PNG });
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, `return-form-${language}`);
    await page.getByRole("button", { name: t("return.submit") }).click();
    const returnLink = page.getByRole("status").getByRole("link", { name: /^RT/ });
    await returnLink.waitFor();
    const returnNo = (await returnLink.textContent())!;
    await returnLink.click();
    await page.waitForURL(`${store.url}${prefix}/user/return/${returnNo}`);
    await page.getByText(t("return.audit.pending"), { exact: true }).waitFor();
    await page.waitForFunction(
      () => document.querySelector("[data-component=UserReturnDetail]")?.getAttribute("data-island") === "mounted",
    );
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, `return-pending-${language}`);

    // The merchant approves it at /dev/orders; the open return page follows.
    const { page: office } = await signedInPage(token);
    await office.goto(`${store.url}/dev/orders`);
    expect(await axeViolations(office)).toEqual([]);
    await screenshots(office, "dev-orders");
    await office.getByRole("button", { name: `Approve return ${returnNo}` }).click();
    await office.getByRole("status").getByText(`return ${returnNo} approved`).waitFor();
    await page.getByText(t("return.audit.approved"), { exact: true }).waitFor();
    await page.getByText("Demo Store Returns").waitFor();

    // The parcel's details, in the shopper's window again.
    await page.bringToFront();
    await page.getByLabel(t("return.logisticsCompany")).fill("SF Express");
    await page.getByLabel(t("return.logisticsNo")).fill("SF1234567");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, `return-approved-${language}`);
    await page.getByRole("button", { name: t("return.parcel.send") }).click();
    await page.getByText("SF1234567").waitFor();

    // Received and refunded.
    await office.reload();
    await office.getByRole("button", { name: `Mark return ${returnNo} received and refunded` }).click();
    await office.getByRole("status").getByText(`return ${returnNo} received and refunded`).waitFor();
    await page.getByText(t("return.status.completed"), { exact: true }).waitFor();
    await office.close();

    await page.bringToFront();
    await page.getByRole("link", { name: t("return.back") }).click();
    await page.waitForURL(`${store.url}${prefix}/user/return`);
    await page.getByText(t("return.number").replace("{returnNo}", returnNo)).waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, `returns-${language}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("paying, cancelling and receiving", () => {
  const m = MESSAGES.en!;
  const t = (id: string) => m[id]!;

  it("says a declined card was declined, then pays with another", async () => {
    const token = await shopper();
    const orderNo = await order(token, "card");
    const { page, problems } = await signedInPage(token);
    await page.goto(`${store.url}/checkout/thankyou?orderNo=${orderNo}`);
    await page.getByText(t("order.payment.waiting")).waitFor();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "thankyou-unpaid");
    await page.getByRole("button", { name: t("order.payNow") }).click();
    await page.waitForURL(/\/pay\/ps_/);
    await payWith(page, m, "4000 0000 0000 0002");
    await page.getByRole("alert").getByText("Your card was declined. Nothing was charged; try another card.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "pay-declined");
    await payWith(page, m, "4242424242424242");
    await page.waitForURL(`${store.url}/user/order/${orderNo}`, { waitUntil: "commit" });
    await page.locator(BODY).getByText(t("order.event.payment_failed")).waitFor();
    await page.locator(BODY).getByText(t("order.event.paid"), { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("asks for 3-D Secure: declining leaves the order unpaid, approving pays it", async () => {
    const token = await shopper();
    const orderNo = await order(token, "paypal");
    const { page, problems } = await signedInPage(token);
    await page.goto(`${store.url}/user/order/${orderNo}`);
    await page.getByRole("button", { name: t("order.payNow") }).click();
    await page.waitForURL(/\/pay\/ps_/);
    await payWith(page, m, "4000 0027 6000 3184");
    await page.getByRole("heading", { name: "Confirm this payment" }).waitFor();
    await page.getByText("card ending in 3184").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshots(page, "pay-3ds");
    await page.getByRole("button", { name: "Decline" }).click();
    await page
      .getByRole("alert")
      .getByText(/The payment was not confirmed/)
      .waitFor();
    await payWith(page, m, "4000 0027 6000 3184");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${store.url}/user/order/${orderNo}`, { waitUntil: "commit" });
    await page.locator(BODY).getByText(t("order.event.paid"), { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("cancels an unpaid order, and lists it under the Cancelled tab", async () => {
    const token = await shopper();
    const orderNo = await order(token, "card");
    const { page, problems } = await signedInPage(token);
    await page.goto(`${store.url}/user/order/${orderNo}`);
    await page.waitForFunction(
      () => document.querySelector("[data-component=UserOrderDetail]")?.getAttribute("data-island") === "mounted",
    );
    await page.getByRole("button", { name: t("order.cancel") }).click();
    expect(await axeViolations(page, BODY)).toEqual([]);
    await page.getByRole("button", { name: t("order.cancel.yes") }).click();
    await page.locator(BODY).getByText(t("order.event.cancelled"), { exact: true }).first().waitFor();
    await page.getByRole("button", { name: t("order.payNow") }).waitFor({ state: "detached" });
    await page.goto(`${store.url}/user/order?status=cancelled`);
    await page.getByText(`Order ${orderNo}`).waitFor();
    expect(await page.getByRole("link", { name: t("order.status.cancelled") }).getAttribute("aria-current")).toBe("page");
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "orders-cancelled-tab");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("confirms receipt of a shipped cash-on-delivery order", async () => {
    const token = await shopper();
    const orderNo = await order(token, "cod");
    await merchant(`/dev/orders/${orderNo}/ship`, { expressName: "SF Express", expressNo: "SF7654321" });
    const { page, problems } = await signedInPage(token);
    await page.goto(`${store.url}/user/order/${orderNo}`);
    await page.getByText("SF Express, tracking number SF7654321", { exact: false }).waitFor();
    await page.waitForFunction(
      () => document.querySelector("[data-component=UserOrderDetail]")?.getAttribute("data-island") === "mounted",
    );
    expect(await axeViolations(page, BODY)).toEqual([]);
    await screenshots(page, "order-shipped");
    await page.getByRole("button", { name: t("order.confirmReceipt") }).click();
    await page.getByRole("button", { name: t("order.confirmReceipt.yes") }).click();
    await page.locator(BODY).getByText(t("order.event.received")).waitFor();
    await page.locator(BODY).getByText(t("order.status.completed"), { exact: true }).first().waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("tells a cash order to pick up that it is paid at the store, not to a courier (issue 49 item 11)", async () => {
    const token = await shopper();
    const pickup = await order(token, "cod", "CASCRE-SAN-M", "pickup");
    const delivered = await order(token, "cod");
    const { page, problems } = await signedInPage(token);
    for (const [prefix, language] of [
      ["", "en"],
      ["/zh", "zh"],
      ["/zh-HK", "zh-HK"],
    ] as const) {
      const m = MESSAGES[language]!;
      await page.goto(`${store.url}${prefix}/user/order/${pickup}`);
      const body = page.locator(BODY);
      await body.getByText(m["order.payment.onPickup"]!, { exact: true }).waitFor();
      expect(await body.getByText(m["order.payment.onDelivery"]!).count()).toBe(0);
      if (language !== "en") await screenshots(page, `order-pickup-${language}`);
      await page.goto(`${store.url}${prefix}/user/order/${delivered}`);
      await body.getByText(m["order.payment.onDelivery"]!, { exact: true }).waitFor();
      expect(await body.getByText(m["order.payment.onPickup"]!).count()).toBe(0);
    }
    expect(await axeViolations(page, BODY)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
