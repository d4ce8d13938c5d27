// The account overview and the account navigation in Chromium: a signed-out visit to
// user/center goes to sign-in and comes back; the first load is rendered for the owner
// (through the auth cookie) with the figures of SPEC §3; below lg the navigation is a menu
// that opens without script. In en and /zh/; axe and screenshots at 390 and 1280 px.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/account-center";
const STAMP = Date.now().toString(36);
const PASSWORD = "centre-Passw0rd";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("account-center");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function review(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await reviewShot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
}

describe.each([
  {
    prefix: "",
    email: "Email or mobile number",
    password: "Password",
    signIn: "Sign in",
    credits: "Credits balance",
    overview: "Overview",
  },
  { prefix: "/zh", email: "邮箱或手机号", password: "密码", signIn: "登录", credits: "积分余额", overview: "概览" },
])("the account overview under '$prefix'", (lang) => {
  it("sends a visitor to sign-in and back, then shows the owner's figures and the navigation", async () => {
    const email = `centre-${lang.prefix.slice(1) || "en"}-${STAMP}@example.com`;
    await signUpByApi(store.url, email, PASSWORD);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));
    await page.goto(`${store.url}${lang.prefix}/user/center`);
    await page.waitForURL(new RegExp(`${lang.prefix}/auth/signin\\?redirect=`));
    await page.waitForSelector("[data-component=SignIn][data-island=mounted]");
    const form = page.locator("[data-component=SignIn]");
    await form.getByLabel(lang.email, { exact: true }).fill(email);
    await form.getByLabel(lang.password, { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: lang.signIn, exact: true }).click();
    await page.waitForURL(`${store.url}${lang.prefix}/user/center`);
    await expect.poll(() => page.getByRole("main").getByText(lang.credits).isVisible()).toBe(true);
    expect(await page.getByRole("main").getByText(email).isVisible()).toBe(true);
    const nav = page.getByRole("navigation", { name: lang.prefix ? "我的账户" : "My account" });
    expect(await nav.getByRole("link", { name: lang.overview, exact: true }).first().getAttribute("aria-current")).toBe("page");
    // A first load is rendered for the owner too, from the auth cookie.
    await page.reload();
    expect(await page.getByRole("main").getByText(lang.credits).isVisible()).toBe(true);
    await review(page, `center${lang.prefix.replace("/", "-")}`);
    // Below lg the navigation is a menu that opens without script.
    await page.setViewportSize({ width: 390, height: 900 });
    const summary = nav.locator("summary");
    await summary.click();
    expect(await nav.locator("details").getAttribute("open")).not.toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});
