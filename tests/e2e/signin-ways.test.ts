// Every way in besides the password, in Chromium: QR sign-in with two browser contexts (the
// desktop shows the code; a signed-in "phone" opens the address read from the code's own data
// and confirms or declines; a third party that knows only the visitor id gets nothing), the
// code's expiry, and sign-in by a one-time code with five wrong tries. In en and under /zh/;
// axe on each page, screenshots at 390 and 1280 px.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/signin-ways";
const STAMP = Date.now().toString(36);
const PASSWORD = "phone-Passw0rd";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("signin-ways");
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

/** A fresh browser (its own cookies and storage), signed in with `token` when given. */
async function openIn(path: string, token?: string): Promise<Opened> {
  // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  if (token) await context.addInitScript((stored) => localStorage.setItem("sf.token", stored), token);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(msg.text());
  });
  await page.goto(store.url + path);
  return { context, page, problems };
}

const mounted = (page: Page, component: string) => page.waitForSelector(`[data-component=${component}][data-island=mounted]`);

async function accessible(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await reviewShot(page, `${SHOTS}/${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens the QR part of the sign-in page and reads the address the code encodes from its own data. */
async function showCode(page: Page, show: string): Promise<string> {
  await mounted(page, "QrSignIn");
  await page.getByRole("button", { name: show, exact: true }).click();
  const code = page.locator(".sf-qr__svg");
  await code.locator("svg").waitFor();
  const url = await code.getAttribute("data-url");
  expect(url).toMatch(/\/auth\/qr\?ticket=[A-Za-z0-9_-]{43}$/);
  return url!;
}

const ticketOf = (url: string) => new URL(url).searchParams.get("ticket")!;

describe("QR sign-in, in en", () => {
  it("signs the desktop in once the signed-in phone confirms, and follows the redirect", async () => {
    const phoneToken = await signUpByApi(store.url, `qr-phone-${STAMP}@example.com`, PASSWORD);
    const desktop = await openIn("/auth/signin?redirect=%2Fcart");
    const url = await showCode(desktop.page, "Show a QR code");
    expect(url.startsWith(`${store.url}/auth/qr?ticket=`)).toBe(true);
    const status = desktop.page.getByRole("main").locator("[data-component=QrSignIn] [role=status]");
    await expect.poll(() => status.textContent()).toBe("Waiting for your phone to scan the code.");
    expect(await desktop.page.getByText(/The code works for \d+ more seconds\./).isVisible()).toBe(true);
    await accessible(desktop.page, "signin-qr");

    // Knowing the ticket and the visitor id (both travel in addresses) is not enough for a session.
    const visitor = (await desktop.context.cookies()).find((c) => c.name === "visitorId")!.value;
    const thief = await fetch(`${store.url}/api/web/auth/qrStatus`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `visitorId=${visitor}` },
      body: JSON.stringify({ ticket: ticketOf(url), secret: "s".repeat(43) }),
    });
    expect(((await thief.json()) as { code: number }).code).toBe(41);

    const phone = await openIn(new URL(url).pathname + new URL(url).search, phoneToken);
    await mounted(phone.page, "QrConfirm");
    const ask = phone.page.getByRole("main");
    await expect.poll(() => ask.getByRole("status").textContent()).toMatch(/^Sign in to your account on .+ \(127\.0\.0\.1\)\?$/);
    await expect.poll(() => status.textContent()).toBe("Scanned. Confirm on your phone.");
    await accessible(phone.page, "qr-confirm");
    await ask.getByRole("button", { name: "Confirm", exact: true }).click();
    await expect.poll(() => ask.getByRole("status").textContent()).toBe("Confirmed. The other device is now signed in.");

    await desktop.page.waitForURL(`${store.url}/cart`);
    await expect
      .poll(() => desktop.page.getByRole("banner").getByRole("link", { name: "My account", exact: true }).isVisible())
      .toBe(true);
    expect(desktop.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });

  it("says so when the phone declines, and a new code can be asked for", async () => {
    const phoneToken = await signUpByApi(store.url, `qr-decline-${STAMP}@example.com`, PASSWORD);
    const desktop = await openIn("/auth/signin");
    const url = await showCode(desktop.page, "Show a QR code");
    const phone = await openIn(new URL(url).pathname + new URL(url).search, phoneToken);
    await mounted(phone.page, "QrConfirm");
    await phone.page.getByRole("button", { name: "Decline", exact: true }).click();
    await expect
      .poll(() => phone.page.getByRole("main").getByRole("status").textContent())
      .toBe("Declined. The other device was not signed in.");
    const status = desktop.page.locator("[data-component=QrSignIn] [role=status]");
    await expect.poll(() => status.textContent()).toBe("The sign-in was declined on the phone. Ask for a new code to try again.");
    expect(await desktop.page.locator(".sf-qr__svg").count()).toBe(0);
    await desktop.page.getByRole("button", { name: "New code", exact: true }).click();
    await desktop.page.locator(".sf-qr__svg svg").waitFor();
    expect(ticketOf((await desktop.page.locator(".sf-qr__svg").getAttribute("data-url"))!)).not.toBe(ticketOf(url));
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });

  it("counts the two minutes down and then says the code has expired", async () => {
    const desktop = await openIn("/auth/signin");
    await desktop.page.clock.install();
    await showCode(desktop.page, "Show a QR code");
    await desktop.page.clock.fastForward(121_000);
    const status = desktop.page.locator("[data-component=QrSignIn] [role=status]");
    await expect.poll(() => status.textContent()).toBe("The code has expired. Ask for a new one.");
    expect(desktop.problems).toEqual([]);
    await desktop.context.close();
  });
});

describe("QR sign-in, under /zh/", () => {
  it("asks a signed-out phone to sign in first, then confirms in Chinese", async () => {
    const email = `qr-zh-${STAMP}@example.com`;
    await signUpByApi(store.url, email, PASSWORD);
    const desktop = await openIn("/zh/auth/signin");
    const url = await showCode(desktop.page, "显示二维码");
    expect(new URL(url).pathname).toBe("/zh/auth/qr");
    const phone = await openIn(new URL(url).pathname + new URL(url).search);
    await mounted(phone.page, "QrConfirm");
    await accessible(phone.page, "qr-confirm-signed-out-zh");
    await phone.page.getByRole("main").getByRole("link", { name: "登录", exact: true }).click();
    await phone.page.waitForURL(/\/zh\/auth\/signin\?redirect=/);
    await mounted(phone.page, "SignIn");
    const form = phone.page.locator("[data-component=SignIn]");
    await form.getByLabel("邮箱或手机号", { exact: true }).fill(email);
    await form.getByLabel("密码", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "登录", exact: true }).click();
    await phone.page.waitForURL(/\/zh\/auth\/qr\?ticket=/);
    await mounted(phone.page, "QrConfirm");
    await expect
      .poll(() => phone.page.getByRole("main").getByRole("status").textContent())
      .toMatch(/^要在 .+（127\.0\.0\.1）上登录你的账户吗？$/);
    await phone.page.getByRole("button", { name: "确认", exact: true }).click();
    await desktop.page.waitForURL(`${store.url}/zh`);
    await expect
      .poll(() => desktop.page.getByRole("banner").getByRole("link", { name: "我的账户", exact: true }).isVisible())
      .toBe(true);
    expect(desktop.problems).toEqual([]);
    expect(phone.problems).toEqual([]);
    await desktop.context.close();
    await phone.context.close();
  });
});

describe("sign-in by one-time code", () => {
  const codeMailed = async (to: string): Promise<string> => {
    const mails = (await (await fetch(`${store.url}/dev/outbox?format=json`)).json()) as { recipient: string; body: string }[];
    return /\b(\d{6})\b/.exec(mails.find((m) => m.recipient === to)?.body ?? "")![1]!;
  };

  it.each([
    ["", "Use a one-time code", "Email or mobile number", "Send me a code", "Code", "Sign in with the code", "My account"],
    ["/zh", "使用一次性验证码", "邮箱或手机号", "发送验证码", "验证码", "使用验证码登录", "我的账户"],
  ])(
    "voids a code after five wrong tries and signs in with a fresh one, under '%s'",
    async (prefix, reveal, accountLabel, send, codeLabel, submit, account) => {
      const email = `code-${prefix.slice(1) || "en"}-${STAMP}@example.com`;
      await signUpByApi(store.url, email, PASSWORD);
      const { context, page, problems } = await openIn(`${prefix}/auth/signin?redirect=${encodeURIComponent(`${prefix}/cart`)}`);
      await mounted(page, "CodeSignIn");
      const form = page.locator("[data-component=CodeSignIn]");
      await form.getByRole("button", { name: reveal, exact: true }).click();
      await form.getByLabel(accountLabel, { exact: true }).fill(email);
      await form.getByRole("button", { name: send, exact: true }).click();
      await expect.poll(() => form.getByRole("status").textContent()).toContain(email);
      expect(await form.getByRole("button", { name: /\d+/ }).isDisabled()).toBe(true);
      await accessible(page, `code-sent${prefix.replace("/", "-")}`);
      const code = await codeMailed(email);
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        await form.getByLabel(codeLabel, { exact: true }).fill(wrong);
        await form.getByRole("button", { name: submit, exact: true }).click();
        await expect.poll(() => form.getByRole("alert").textContent()).not.toBe("");
      }
      // Void now, even the right code.
      await form.getByLabel(codeLabel, { exact: true }).fill(code);
      await form.getByRole("button", { name: submit, exact: true }).click();
      await expect.poll(() => page.url()).toContain("/auth/signin");
      expect(await page.evaluate(() => localStorage.getItem("sf.token"))).toBeNull();

      // A minute later a new code comes, and signs in.
      store.server.db.prepare("UPDATE one_time_codes SET created_at = created_at - 61000 WHERE target = ?").run(email);
      await page.reload();
      await mounted(page, "CodeSignIn");
      await form.getByRole("button", { name: reveal, exact: true }).click();
      await form.getByLabel(accountLabel, { exact: true }).fill(email);
      await form.getByRole("button", { name: send, exact: true }).click();
      await expect
        .poll(async () => (await codeMailed(email)) !== code || (await form.getByRole("status").textContent())?.includes(email))
        .toBe(true);
      const fresh = await codeMailed(email);
      await form.getByLabel(codeLabel, { exact: true }).fill(fresh);
      await form.getByRole("button", { name: submit, exact: true }).click();
      await page.waitForURL(`${store.url}${prefix}/cart`);
      await expect.poll(() => page.getByRole("banner").getByRole("link", { name: account, exact: true }).isVisible()).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
