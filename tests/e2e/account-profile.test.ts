// The profile and security pages in Chromium against the reference store, in en and under
// /zh/ (issue 12): signing up through the mailed link, the profile form (its required fields
// first), the avatar (a renamed HTML file refused with a clear message, then a PNG, which the
// header and the centre show), the account settings, signing another browser's session out
// from the list, changing the password while a second browser signed in earlier is signed
// out, the sign-in history and the account log; axe on each page at 1280 and 390 px
// (screenshots in test-results/screenshots/account-profile/), and each of these routes taking
// a signed-out visitor to sign-in and back.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { LANGUAGES, type Language, say } from "./support/messages";
import { reviewShot } from "./support/review-shot";
import { confirmInBrowser, signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/account-profile";
const STAMP = Date.now().toString(36);
const PASSWORD = "profile-Passw0rd";
const NEW_PASSWORD = "changed-Passw0rd";
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const HTML = Buffer.from("<!doctype html><title>x</title><script>alert(document.cookie)</script>");

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("account-profile");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A browser of its own (its own storage and cookies), on `path`. */
async function openBrowser(path: string): Promise<Opened> {
  // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(msg.text());
  });
  await page.goto(store.url + path);
  return { context, page, problems };
}

async function mounted(page: Page, component: string) {
  await page.waitForSelector(`[data-component=${component}][data-island=mounted]`);
}

/** No WCAG 2.1 A/AA violation at desktop and phone width; a screenshot of each for review. */
async function accessible(page: Page, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  await reviewShot(page, `${SHOTS}/${name}-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await axeViolations(page)).toEqual([]);
  await reviewShot(page, `${SHOTS}/${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs in with the password on the sign-in page the browser is on. */
async function signIn(page: Page, language: Language, email: string, password: string) {
  await mounted(page, "SignIn");
  const form = page.locator("[data-component=SignIn]");
  await form.getByLabel(say(language, "auth.account.label"), { exact: true }).fill(email);
  await form.getByLabel(say(language, "auth.password.label"), { exact: true }).fill(password);
  await form.getByRole("button", { name: say(language, "auth.signin.submit"), exact: true }).click();
}

/** The stored session token of a browser page. */
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("sf.token"));

async function userInfo(token: string): Promise<{ code: number; data: Record<string, unknown> }> {
  const response = await fetch(`${store.url}/api/web/user/info`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-auth": token },
    body: "{}",
  });
  return (await response.json()) as { code: number; data: Record<string, unknown> };
}

describe.each([LANGUAGES.en, LANGUAGES.zh])("the profile and security pages in $name", (language) => {
  const t = (id: string, values?: Record<string, string | number>) => say(language, id, values);
  const at = (path: string) => `${store.url}${language.prefix}${path}`;
  const email = `profile-${language.name}-${STAMP}@example.com`;
  let owner: Opened;
  /** A second browser, signed in earlier than the password change. */
  let other: Opened;

  afterAll(async () => {
    await owner?.context.close();
    await other?.context.close();
  });

  it("signs up through the mailed link", async () => {
    owner = await openBrowser(`${language.prefix}/auth/signup`);
    const { page } = owner;
    await mounted(page, "SignUp");
    const form = page.getByRole("main");
    await form.getByLabel(t("auth.account.label"), { exact: true }).fill(email);
    await form.getByLabel(t("auth.password.label"), { exact: true }).fill(PASSWORD);
    await form.getByLabel(t("auth.firstName.label"), { exact: true }).fill("Ada");
    await form.getByLabel(t("auth.lastName.label"), { exact: true }).fill("Lovelace");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("auth.signup.submit"), exact: true }).click();
    await page.waitForURL(/\/auth\/verify-prompt\?/);
    await confirmInBrowser(page, store.url, email);
  });

  it("fills the profile: first name, last name and birthday required", async () => {
    const { page, problems } = owner;
    await page.goto(at("/user/info"));
    await mounted(page, "ProfileForm");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(t("page.user.info.title"));
    expect(await main.getByLabel(t("account.profile.firstName.label"), { exact: true }).inputValue()).toBe("Ada");
    await main.getByLabel(t("account.profile.firstName.label"), { exact: true }).fill("");
    await main.getByRole("button", { name: t("account.profile.save"), exact: true }).click();
    await main.getByText(t("validation.firstName.required"), { exact: true }).waitFor();
    await main.getByText(t("validation.birthday.required"), { exact: true }).waitFor();
    // Focus goes to the first field with a message.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("firstName");
    await accessible(page, `${language.name}-profile-errors`);

    await main.getByLabel(t("account.profile.firstName.label"), { exact: true }).fill("Augusta Ada");
    await main.getByLabel(t("account.profile.nickname.label"), { exact: true }).fill("Ada");
    await main.getByLabel(t("account.profile.birthday.label"), { exact: true }).fill("1815-12-10");
    await main.getByRole("button", { name: t("account.profile.save"), exact: true }).click();
    await main.getByText(t("validation.birthday.invalid"), { exact: true }).waitFor();
    await main.getByLabel(t("account.profile.birthday.label"), { exact: true }).fill("1985-12-10");
    await main.getByLabel(t("account.profile.bio.label"), { exact: true }).fill("Notes on the Analytical Engine.");
    await main.getByRole("button", { name: t("account.profile.save"), exact: true }).click();
    await expect
      .poll(() =>
        main
          .getByRole("status")
          .filter({ hasText: t("account.profile.saved") })
          .count(),
      )
      .toBe(1);
    expect((await userInfo((await storedToken(page))!)).data).toMatchObject({
      firstName: "Augusta Ada",
      lastName: "Lovelace",
      nickname: "Ada",
      birthday: "1985-12-10",
      bio: "Notes on the Analytical Engine.",
    });
    // Shown again as saved after a reload.
    await page.reload();
    await mounted(page, "ProfileForm");
    expect(await main.getByLabel(t("account.profile.birthday.label"), { exact: true }).inputValue()).toBe("1985-12-10");
    expect(problems).toEqual([]);
  });

  it("refuses a renamed HTML file with a clear message, then takes a PNG, shown in the header and the centre", async () => {
    const { page, problems } = owner;
    const main = page.getByRole("main");
    const chooser = main.getByLabel(t("account.avatar.add"), { exact: true });
    await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: HTML });
    await expect.poll(() => main.getByText(t("account.avatar.notImage"), { exact: true }).isVisible()).toBe(true);
    expect((await userInfo((await storedToken(page))!)).data.avatar).toBe("");
    await accessible(page, `${language.name}-avatar-refused`);

    await chooser.setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
    await expect
      .poll(() =>
        main
          .getByRole("status")
          .filter({ hasText: t("account.avatar.done") })
          .count(),
      )
      .toBe(1);
    const avatar = (await userInfo((await storedToken(page))!)).data.avatar as string;
    expect(avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.png$/);
    expect(await main.getByRole("img", { name: t("account.avatar.alt") }).getAttribute("src")).toBe(avatar);
    // Now it offers a change, and the header shows the picture beside "My account".
    expect(await main.getByLabel(t("account.avatar.change"), { exact: true }).count()).toBe(1);
    const header = page.getByRole("banner").getByRole("link", { name: t("header.account"), exact: true });
    await expect.poll(() => header.locator("img").getAttribute("src")).toBe(avatar);

    await page.goto(at("/user/center"));
    await mounted(page, "SiteHeader");
    expect(await page.locator(".sf-center__avatar").getAttribute("src")).toBe(avatar);
    expect(await header.locator("img").getAttribute("src")).toBe(avatar);
    expect(problems).toEqual([]);
  });

  it("shows the account settings: email verified, no mobile, links to change them", async () => {
    const { page, problems } = owner;
    await page.goto(at("/user/account"));
    await mounted(page, "ProfileAccount");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(t("page.user.account.title"));
    expect(await main.getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(t("account.identity.verified"), { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(t("account.identity.none"), { exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: t("account.identity.email.change"), exact: true }).getAttribute("href")).toBe(
      `${language.prefix}/user/security#email`,
    );
    expect(await main.getByRole("link", { name: t("account.identity.mobile.add"), exact: true }).getAttribute("href")).toBe(
      `${language.prefix}/user/security#mobile`,
    );
    await accessible(page, `${language.name}-account`);
    expect(problems).toEqual([]);
  });

  it("lists the sessions, this device marked, and signs the other browser out", async () => {
    other = await openBrowser(`${language.prefix}/auth/signin`);
    await signIn(other.page, language, email, PASSWORD);
    await other.page.waitForURL((url) => url.pathname === (language.prefix || "/"));
    const otherToken = (await storedToken(other.page))!;
    expect((await userInfo(otherToken)).code).toBe(0);

    const { page, problems } = owner;
    await page.goto(at("/user/security"));
    await mounted(page, "SecuritySettings");
    const sessions = page.locator("#sessions");
    const items = sessions.getByRole("listitem");
    expect(await items.count()).toBe(2);
    const here = items.filter({ hasText: t("account.sessions.current") });
    expect(await here.count()).toBe(1);
    expect(await here.getByRole("button").textContent()).toBe(t("account.sessions.signOutHere"));
    const device = t("account.sessions.device", { browser: "Chrome", system: "Linux" });
    expect(await items.nth(0).textContent()).toContain(device);
    expect(await items.nth(0).textContent()).toContain("127.0.0.1");
    await accessible(page, `${language.name}-security`);

    const theOther = items.filter({ hasNotText: t("account.sessions.current") });
    await theOther.getByRole("button", { name: t("account.sessions.signOut"), exact: true }).click();
    await expect.poll(() => sessions.getByRole("status").textContent()).toBe(t("account.sessions.revoked", { device }));
    expect(await items.count()).toBe(1);
    expect((await userInfo(otherToken)).code).toBe(50);
    // The other browser finds it at its next page: it is sent to sign in, and comes back once it has.
    await other.page.goto(at("/user/center"));
    await other.page.waitForURL((url) => url.pathname === `${language.prefix}/auth/signin`);
    expect(new URL(other.page.url()).searchParams.get("redirect")).toBe(`${language.prefix}/user/center`);
    // A wrong password first, for the sign-in history.
    await signIn(other.page, language, email, "not-the-password");
    await other.page.locator("[data-component=SignIn] [role=alert]").filter({ hasText: /\S/ }).waitFor();
    await signIn(other.page, language, email, PASSWORD);
    await other.page.waitForURL(at("/user/center"));
    expect(problems).toEqual([]);
  });

  it("changes the password: the current one is needed, the other browser is signed out, this one stays", async () => {
    const { page, problems } = owner;
    const otherToken = (await storedToken(other.page))!;
    expect((await userInfo(otherToken)).code).toBe(0);
    await page.goto(at("/user/security"));
    await mounted(page, "SecuritySettings");
    expect(await page.locator("#sessions").getByRole("listitem").count()).toBe(2);
    const form = page.locator("#password");
    await form.getByRole("button", { name: t("account.password.submit"), exact: true }).click();
    await form.getByText(t("account.password.current.required"), { exact: true }).waitFor();
    await form.getByLabel(t("account.password.current.label"), { exact: true }).fill("not-the-password");
    await form.getByLabel(t("account.password.new.label"), { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel(t("account.password.confirm.label"), { exact: true }).fill(`${NEW_PASSWORD}!`);
    await form.getByRole("button", { name: t("account.password.submit"), exact: true }).click();
    await form.getByText(t("validation.password.mismatch"), { exact: true }).waitFor();
    await form.getByLabel(t("account.password.confirm.label"), { exact: true }).fill(NEW_PASSWORD);
    await form.getByRole("button", { name: t("account.password.submit"), exact: true }).click();
    await form.getByText(t("account.password.current.wrong"), { exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe("oldPassword");
    await accessible(page, `${language.name}-password-wrong`);

    await form.getByLabel(t("account.password.current.label"), { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: t("account.password.submit"), exact: true }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe(t("account.password.done"));
    // The form starts again, empty; the list keeps this device only.
    expect(await form.getByLabel(t("account.password.current.label"), { exact: true }).inputValue()).toBe("");
    expect(await page.locator("#sessions").getByRole("listitem").count()).toBe(1);
    expect((await userInfo((await storedToken(page))!)).code).toBe(0);
    expect((await userInfo(otherToken)).code).toBe(50);

    await other.page.reload();
    await other.page.waitForURL((url) => url.pathname === `${language.prefix}/auth/signin`);
    await mounted(other.page, "SignIn");
    await expect.poll(() => storedToken(other.page)).toBeNull();
    expect(other.problems).toEqual([]);

    await page.reload();
    await mounted(page, "SecuritySettings");
    expect(await page.locator("#sessions").getByRole("listitem").count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it("shows the sign-in history: successes and the failure, with device and method", async () => {
    const { page, problems } = owner;
    await page.goto(at("/user/security/activity"));
    await mounted(page, "SignInHistory");
    const table = page.getByRole("main").getByRole("table");
    const rows = table.getByRole("row");
    // Newest first, under the header row: the second browser's sign-in again, its wrong
    // password, its first sign-in, and the sign-up's link.
    expect(await rows.count()).toBe(5);
    const row = async (n: number) => (await rows.nth(n).textContent()) ?? "";
    for (const n of [1, 3]) {
      expect(await row(n)).toContain(t("account.history.success"));
      expect(await row(n)).toContain(t("account.history.method.email"));
      expect(await row(n)).toContain(t("account.sessions.device", { browser: "Chrome", system: "Linux" }));
      expect(await row(n)).toContain("127.0.0.1");
    }
    expect(await row(2)).toContain(t("account.history.failure"));
    expect(await row(4)).toContain(t("account.history.method.link"));
    expect(await table.getByRole("columnheader", { name: t("account.history.ip"), exact: true }).isVisible()).toBe(true);
    await accessible(page, `${language.name}-history`);
    expect(problems).toEqual([]);
  });

  it("shows the account log, filtered by topic", async () => {
    const { page, problems } = owner;
    await page.goto(at("/user/log"));
    await mounted(page, "AccountLog");
    const main = page.getByRole("main");
    const list = main.getByRole("list").filter({ has: page.locator("time") });
    const texts = await list.getByRole("listitem").allTextContents();
    expect(texts[0]).toContain(t("account.log.kind.security.password"));
    expect(texts.some((text) => text.includes(t("account.log.kind.security.session")))).toBe(true);
    expect(texts.some((text) => text.includes(t("account.log.kind.profile.avatar")))).toBe(true);
    expect(texts.some((text) => text.includes(t("account.log.kind.profile.updated")))).toBe(true);
    await accessible(page, `${language.name}-log`);

    await main.getByLabel(t("account.log.filter"), { exact: true }).selectOption("profile");
    await main.getByRole("button", { name: t("account.log.show"), exact: true }).click();
    await page.waitForURL(at("/user/log?kind=profile"));
    await expect
      .poll(async () =>
        (await list.getByRole("listitem").allTextContents()).every(
          (text) => !text.includes(t("account.log.kind.security.password")),
        ),
      )
      .toBe(true);
    expect(await list.getByRole("listitem").count()).toBe(2);
    expect(problems).toEqual([]);
  });
});

describe.each([LANGUAGES.en, LANGUAGES.zh])("signed out, in $name", (language) => {
  const email = `visitor-${language.name}-${STAMP}@example.com`;

  beforeAll(async () => {
    await signUpByApi(store.url, email, PASSWORD);
  });

  it.each(["/user/info", "/user/account", "/user/security", "/user/security/activity", "/user/log"])(
    "%s lands on sign-in and comes back after signing in",
    async (route) => {
      const path = `${language.prefix}${route}`;
      const { context, page, problems } = await openBrowser(path);
      await page.waitForURL((url) => url.pathname === `${language.prefix}/auth/signin`);
      expect(new URL(page.url()).searchParams.get("redirect")).toBe(path);
      await signIn(page, language, email, PASSWORD);
      await page.waitForURL(store.url + path);
      expect(await page.getByRole("main").getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
