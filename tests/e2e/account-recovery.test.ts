// Account recovery and email verification in Chromium against the reference store: a
// forgotten password (the mail read from /dev/outbox, the reset, every old session ended,
// sign-in with the new password) under /zh-HK/, signing up and verifying the address in
// en, axe on each page; and the built server (dist/server) showing /dev/outbox unless it
// starts with NODE_ENV=production. Screenshots go to test-results/screenshots/account-recovery/.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/account-recovery";
const STAMP = Date.now().toString(36);
const PASSWORD = "first-Passw0rd";
const NEW_PASSWORD = "second-Passw0rd";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("account-recovery");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(msg.text());
  });
  await page.goto(store.url + path);
  return { page, problems };
}

/** The island of this component has run (a client navigation may bring a new one). */
async function mounted(page: Page, component: string) {
  await page.waitForSelector(`[data-component=${component}][data-island=mounted]`);
}

/** No WCAG 2.1 A/AA violation, at desktop and phone width; a screenshot of each for review. */
async function accessible(page: Page, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  await reviewShot(page, `${SHOTS}/${name}-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await axeViolations(page)).toEqual([]);
  await reviewShot(page, `${SHOTS}/${name}-390.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The link of the newest mail to `to` with this subject, as a tester finds it on /dev/outbox. */
async function mailedLink(to: string, subject: string): Promise<string> {
  const page = await browser.newPage();
  await page.goto(`${store.url}/dev/outbox`);
  const mail = page.getByRole("listitem").filter({ hasText: subject }).filter({ hasText: to }).first();
  const href = await mail.getByRole("link").getAttribute("href");
  await page.close();
  expect(href).toMatch(/^(\/[A-Za-z-]+)?\/auth\/[a-z-]+\?code=[A-Za-z0-9_-]{43}(&redirect=[^&]+)?$/);
  return href!;
}

async function post(call: string, body: unknown, token?: string): Promise<{ code: number; data: { token: string } }> {
  const response = await fetch(`${store.url}/api/web/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { "x-auth": token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { code: number; data: { token: string } };
}

/** The session token a page has stored. */
const storedToken = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem("sf.token");
    return raw?.startsWith('"') ? (JSON.parse(raw) as string) : raw;
  });

describe("a forgotten password, in zh-HK", () => {
  const email = `forgot-${STAMP}@example.com`;

  it("mails a reset link, sets the new password, ends the old sessions and signs in with it", async () => {
    await signUpByApi(store.url, email, PASSWORD);
    // A browser that is signed in with the old password: its session ends with the reset.
    const old = await open("/zh-HK/auth/signin");
    await mounted(old.page, "SignIn");
    const oldForm = old.page.getByRole("main");
    await oldForm.getByLabel("電郵或手提電話號碼", { exact: true }).fill(email);
    await oldForm.getByLabel("密碼", { exact: true }).fill(PASSWORD);
    await oldForm.getByRole("button", { name: "登入", exact: true }).click();
    await old.page.waitForURL(`${store.url}/zh-HK`);
    const oldToken = await storedToken(old.page);
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await post("user/info", {}, oldToken!)).code).toBe(0);

    const { page, problems } = await open("/zh-HK/auth/signin");
    await mounted(page, "SignIn");
    await page.getByRole("main").getByRole("link", { name: "忘記密碼？", exact: true }).click();
    await page.waitForURL(`${store.url}/zh-HK/auth/forget`);
    await mounted(page, "ForgotPassword");
    const forget = page.getByRole("main");
    await forget.getByRole("button", { name: "傳送連結", exact: true }).click();
    await expect.poll(() => forget.getByText("請輸入電郵地址或手提電話號碼").isVisible()).toBe(true);
    await accessible(page, "forget-errors");
    await forget.getByLabel("電郵或手提電話號碼", { exact: true }).fill(email);
    await forget.getByRole("button", { name: "傳送連結", exact: true }).click();
    await expect.poll(() => forget.getByRole("status").textContent()).toContain(`如果 ${email} 有對應的帳戶`);
    await accessible(page, "forget-sent");

    // Asked from a zh-HK page, the mail is in its language and its link keeps the prefix.
    const link = await mailedLink(email, "重設密碼");
    expect(link).toMatch(/^\/zh-HK\/auth\/reset-password\?code=/);
    await page.goto(`${store.url}${link}`);
    await mounted(page, "ResetPassword");
    const reset = page.getByRole("main");
    await reset.getByLabel("新密碼", { exact: true }).fill("12345");
    await reset.getByLabel("再次輸入新密碼", { exact: true }).fill("12346");
    await reset.getByRole("button", { name: "儲存新密碼", exact: true }).click();
    await expect.poll(() => reset.getByText("密碼長度須為 6 至 128 個字元").isVisible()).toBe(true);
    await expect.poll(() => reset.getByText("兩次輸入的密碼不相符").isVisible()).toBe(true);
    await accessible(page, "reset-errors");
    await reset.getByLabel("新密碼", { exact: true }).fill(NEW_PASSWORD);
    await reset.getByLabel("再次輸入新密碼", { exact: true }).fill(NEW_PASSWORD);
    await reset.getByRole("button", { name: "儲存新密碼", exact: true }).click();

    await page.waitForURL(`${store.url}/zh-HK/auth/signin?reset=1`);
    await mounted(page, "SignIn");
    const signin = page.getByRole("main");
    await expect.poll(() => signin.getByRole("status").textContent()).toBe("密碼已更改，請以新密碼登入。");
    await accessible(page, "signin-after-reset");
    // The other browser's session has ended; the old password no longer works.
    expect((await post("user/info", {}, oldToken!)).code).toBe(50);
    expect((await post("auth/signin", { account: email, password: PASSWORD })).code).toBe(41);
    await signin.getByLabel("電郵或手提電話號碼", { exact: true }).fill(email);
    await signin.getByLabel("密碼", { exact: true }).fill(NEW_PASSWORD);
    await signin.getByRole("button", { name: "登入", exact: true }).click();
    await page.waitForURL(`${store.url}/zh-HK`);
    await expect.poll(() => page.getByRole("banner").getByRole("link", { name: "我的帳戶", exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);

    // The other browser finds its session gone at its next page: it is signed out and asked to sign in.
    await old.page.reload();
    await old.page.waitForURL(`${store.url}/zh-HK/auth/signin?redirect=%2Fzh-HK`);
    await mounted(old.page, "SignIn");
    expect(await storedToken(old.page)).toBeNull();
    expect(old.problems).toEqual([]);
    await old.page.close();

    // The link works once: opened again, it says so and offers a new one.
    const used = await open(link);
    await mounted(used.page, "ResetPassword");
    const usedForm = used.page.getByRole("main");
    await usedForm.getByLabel("新密碼", { exact: true }).fill("third-Passw0rd");
    await usedForm.getByLabel("再次輸入新密碼", { exact: true }).fill("third-Passw0rd");
    await usedForm.getByRole("button", { name: "儲存新密碼", exact: true }).click();
    await expect
      .poll(() => usedForm.getByRole("alert").textContent())
      .toBe("此連結已過期或已被使用。重設連結 30 分鐘內有效，只可使用一次。");
    expect(await usedForm.getByRole("link", { name: "索取新連結", exact: true }).getAttribute("href")).toBe("/zh-HK/auth/forget");
    await accessible(used.page, "reset-used");
    await used.page.close();
    await page.close();
  });
});

describe("signing up and verifying the email address, in en", () => {
  const email = `verify-${STAMP}@example.com`;

  it("shows where the link went with a countdown; the mailed link verifies, signs in, and works once", async () => {
    const { page, problems } = await open("/auth/signup?redirect=%2Fcategory%2Fshirts");
    await mounted(page, "SignUp");
    const form = page.getByRole("main");
    await form.getByLabel("Email or mobile number", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("First name", { exact: true }).fill("Ada");
    await form.getByLabel("Last name", { exact: true }).fill("Lovelace");
    await form.getByRole("checkbox", { name: "I agree to the Privacy Policy and Terms of Service" }).check();
    await form.getByRole("button", { name: "Sign up", exact: true }).click();

    await page.waitForURL(
      `${store.url}/auth/verify-prompt?sent=email&to=${encodeURIComponent(email)}&redirect=%2Fcategory%2Fshirts`,
    );
    await mounted(page, "VerifyPrompt");
    const prompt = page.getByRole("main");
    await expect.poll(() => prompt.getByText(`We sent a link to ${email}.`).isVisible()).toBe(true);
    const resend = prompt.getByRole("button", { name: /^Send again in \d+ seconds?$/ });
    expect(await resend.isDisabled()).toBe(true);
    const first = Number(/\d+/.exec((await resend.textContent())!)![0]);
    expect(first).toBeGreaterThan(50);
    await expect.poll(async () => Number(/\d+/.exec((await resend.textContent()) ?? "0")?.[0] ?? 0)).toBeLessThan(first);
    await accessible(page, "verify-prompt");
    // Nobody is signed in yet, and the server keeps its own minute: asking again sends nothing (and says nothing).
    expect(await storedToken(page)).toBeNull();
    expect((await post("auth/sendVerifyEmail", { email })).code).toBe(0);
    const sent = (await (await fetch(`${store.url}/dev/outbox?format=json`)).json()) as { recipient: string }[];
    expect(sent.filter((m) => m.recipient === email)).toHaveLength(1);

    const link = await mailedLink(email, "Verify your email address");
    const verify = await open(link);
    await mounted(verify.page, "VerifyEmail");
    // Opening the link confirms nothing (mail scanners open links): its button does.
    await accessible(verify.page, "verify-email");
    expect((await post("auth/signin", { account: email, password: "secret123" })).code).toBe(41);
    await verify.page.getByRole("main").getByRole("button", { name: "Confirm and sign in", exact: true }).click();
    // Signed in, it continues where the shopper was going when they signed up, and the header says so (issue 49 item 6).
    await verify.page.waitForURL(`${store.url}/category/shirts`);
    await expect.poll(() => verify.page.locator(".sf-header__account--in").count()).toBeGreaterThan(0);
    // Without a redirect, the page says what was confirmed, its header signed in too.
    await verify.page.goto(`${store.url}/auth/verify-email?verified=1`);
    await mounted(verify.page, "VerifyEmail");
    expect(await verify.page.getByRole("main").getByRole("status").textContent()).toBe(
      `Your email address ${email} is verified, and you are signed in. Thank you!`,
    );
    expect(await verify.page.locator(".sf-header__account--in").count()).toBeGreaterThan(0);
    await accessible(verify.page, "verify-email-done");
    const token = await storedToken(verify.page);
    expect((await post("user/info", {}, token!)).data).toMatchObject({ email, emailVerified: true });

    // Used once, the link says so and leads to the prompt, which sends a new one.
    await verify.page.goto(store.url + link);
    await mounted(verify.page, "VerifyEmail");
    await verify.page.getByRole("main").getByRole("button", { name: "Confirm and sign in", exact: true }).click();
    const again = verify.page.getByRole("main");
    await expect
      .poll(() => again.getByRole("alert").textContent())
      .toBe("This verification link has expired or was already used.");
    expect(await again.getByRole("link", { name: "Send a new link", exact: true }).getAttribute("href")).toBe(
      "/auth/verify-prompt",
    );
    await accessible(verify.page, "verify-email-used");
    expect(verify.problems).toEqual([]);
    await verify.page.close();

    await prompt.getByRole("link", { name: "Continue", exact: true }).click();
    await page.waitForURL(`${store.url}/category/shirts`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("confirming an account without JavaScript, in zh-HK on a phone (issue 49 items 0 and 6)", () => {
  it("the mailed link's button posts, signs in, and the page and its header say so", async () => {
    const email = `nojs-${Date.now()}@example.com`;
    const signup = await fetch(`${store.url}/api/web/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-lang": "zh-HK" },
      body: JSON.stringify({ email, password: "secret123", agree: true, redirect: "/zh-HK/cart" }),
    });
    expect(((await signup.json()) as { code: number }).code).toBe(0);
    const link = await mailedLink(email, "驗證你的電郵地址");
    expect(link).toMatch(/^\/zh-HK\/auth\/verify-email\?code=[A-Za-z0-9_-]{43}&redirect=%2Fzh-HK%2Fcart$/);
    const context = await browser.newContext({ viewport: { width: 390, height: 900 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(store.url + link);
    const main = page.getByRole("main");
    await reviewShot(page, `${SHOTS}/verify-email-nojs-zh-HK-390.png`, { fullPage: true });
    await main.getByRole("button", { name: "確認並登入", exact: true }).click();
    // Continues where the shopper was going, signed in: the header says so too.
    await page.waitForURL(`${store.url}/zh-HK/cart`);
    expect(await page.locator(".sf-header__account--in").count()).toBeGreaterThan(0);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-HK");
    await reviewShot(page, `${SHOTS}/verify-email-nojs-continued-zh-HK-390.png`, { fullPage: true });
    await context.close();
  });
});

describe("/dev/outbox of the built server (dist/server)", () => {
  /** Starts `node dist/server/main.js` on a free port with a fresh data directory; its address. */
  async function startBuilt(env: Record<string, string>): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
    const dataDir = mkdtempSync(join(tmpdir(), "built-outbox-"));
    const { NODE_ENV: _testEnv, ...inherited } = process.env;
    const child = spawn(process.execPath, ["dist/server/main.js"], {
      env: { ...inherited, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk;
        const found = /Demo store: http:\/\/localhost:(\d+)\//.exec(out);
        if (found) resolve(`http://127.0.0.1:${found[1]}`);
      });
      child.stderr!.on("data", (chunk: Buffer) => {
        out += chunk;
      });
      child.once("exit", (code) => reject(new Error(`the built server stopped (${code}): ${out}`)));
      setTimeout(() => reject(new Error(`the built server did not start within 20 s: ${out}`)), 20_000).unref();
    });
    return { url, child, dataDir };
  }

  async function stop(server: { child: ChildProcess; dataDir: string }) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
    rmSync(server.dataDir, { recursive: true, force: true });
  }

  it("lists the mails with their links when NODE_ENV is not production", async () => {
    const server = await startBuilt({});
    try {
      const email = `built-${STAMP}@example.com`;
      const signup = await fetch(`${server.url}/api/web/auth/signup`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: PASSWORD, agree: true }),
      });
      expect(((await signup.json()) as { code: number }).code).toBe(0);
      const response = await fetch(`${server.url}/dev/outbox`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(email);
      expect(html).toContain("Verify your email address");
      expect(html).toMatch(/<a href="\/auth\/verify-email\?code=[A-Za-z0-9_-]{43}">/);
    } finally {
      await stop(server);
    }
  });

  it("answers 404 when the server starts with NODE_ENV=production", async () => {
    const server = await startBuilt({ NODE_ENV: "production" });
    try {
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
      // The shop itself is there.
      expect((await fetch(`${server.url}/auth/forget`)).status).toBe(200);
    } finally {
      await stop(server);
    }
  });
});
