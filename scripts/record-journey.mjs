// Scripted journeys of `npm run record -- --journey NAME`, driven in Debian's Chromium
// (playwright-core, CHROMIUM_PATH): every /api/web exchange (request body, status, answer) and
// every live-socket frame the page sends or receives, in order, scrubbed.
//
// `shop`: home, the first product it links to, add to cart, the cart, sign in, checkout.
// Signing in uses RECORD_EMAIL and RECORD_PASSWORD; without them, a store that serves
// /dev/outbox (the reference server outside production) gets a new account signed up
// through its API and confirmed by the mailed link.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const STEP_TIMEOUT_MS = 10_000;
const RECORDED_EMAIL = "recorded@example.com";

/** @typedef {(line: string) => void} Log */
/** @typedef {import("./record-scrub.mjs").Scrubber} Scrubber */
/**
 * One /api/web call the page made, scrubbed.
 * @typedef {{ call: string, status: number, request: unknown, response: unknown }} Exchange
 */
/**
 * One live-socket frame, scrubbed.
 * @typedef {{ socket: number, from: "client" | "server", data: unknown }} Frame
 */

/** @returns {Record<string, string>} message id -> English text */
const messages = () => JSON.parse(readFileSync(join(ROOT, "generated/messages/en.json"), "utf8"));

/**
 * @param {string} base
 * @param {string} call
 * @param {unknown} body
 * @returns {Promise<{ code: number, msg?: string }>} the call's answer
 */
async function postJson(base, call, body) {
  const response = await fetch(`${base}/api/web/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return response.json();
}

/**
 * An account to sign in with: RECORD_EMAIL/RECORD_PASSWORD, or a new one confirmed through /dev/outbox.
 * @param {string} base
 * @param {Log} log
 * @returns {Promise<{ email: string, password: string, link?: string | null } | null>}
 */
async function account(base, log) {
  if (process.env.RECORD_EMAIL && process.env.RECORD_PASSWORD) {
    return { email: process.env.RECORD_EMAIL, password: process.env.RECORD_PASSWORD, link: null };
  }
  const outbox = await fetch(`${base}/dev/outbox?format=json`).catch(() => null);
  if (!outbox?.ok) {
    log("no RECORD_EMAIL/RECORD_PASSWORD and no /dev/outbox: the journey stays signed out");
    return null;
  }
  const email = `recorder${Date.now().toString(36)}@example.com`;
  const password = "recorded-Passw0rd";
  const signed = await postJson(base, "auth/signup", { email, password, agree: true, firstName: "Rec", lastName: "Order" });
  if (signed.code !== 0) throw new Error(`sign-up for the journey failed: ${signed.msg}`);
  /** @type {{ recipient: string, link?: string }[]} */
  const mails = await (await fetch(`${base}/dev/outbox?format=json`)).json();
  const mail = mails.find((m) => m.recipient === email && m.link);
  if (!mail) throw new Error(`the store mailed no link to ${email}`);
  return { email, password, link: mail.link };
}

/**
 * @typedef {(page: import("playwright-core").Page, base: string, t: Record<string, string>, log: Log, scrub: Scrubber) => Promise<void>} Journey
 */

/** @type {Record<string, Journey>} */
const JOURNEYS = {
  async shop(page, base, t, log, scrub) {
    /** @param {string} key */
    const say = (key) => {
      const text = t[key];
      if (text === undefined) throw new Error(`generated/messages/en.json has no "${key}"`);
      return text;
    };
    await page.goto(`${base}/`);
    await page.waitForLoadState("load");
    const product = page.locator('main a[href*="/product/"]').first();
    await product.click();
    await page.waitForURL(/\/product\//);
    await page.waitForLoadState("load");
    const button = page.getByRole("button", { name: say("product.addToCart"), exact: true }).first();
    // A click before the island runs would post the plain form instead of calling the API.
    await button.scrollIntoViewIfNeeded();
    await button.hover();
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll("button")]
          .filter((b) => b.textContent?.trim() === name)
          .some((b) => b.closest("[data-island]")?.getAttribute("data-island") === "mounted"),
      say("product.addToCart"),
    );
    const added = page.waitForResponse((r) => r.url().includes("/api/web/cart/"), { timeout: STEP_TIMEOUT_MS });
    await button.click();
    await added;
    await page.goto(`${base}/cart`);
    await page.waitForLoadState("load");
    const who = await account(base, log);
    if (who) {
      scrub.remember(who.email, RECORDED_EMAIL);
      scrub.remember(who.email.toLowerCase(), RECORDED_EMAIL);
      if (who.link) {
        // The mailed code is as secret as a password: scrubbed wherever it travels (the link, the verify call).
        for (const value of new URL(who.link, base).searchParams.values()) scrub.remember(value, "<MAIL_CODE>");
        // The mailed link's page confirms the address, and signs the page in, once its button is pressed.
        await page.goto(new URL(who.link, base).href);
        await page
          .getByRole("main")
          .getByRole("button", { name: say("auth.verifyEmail.confirm"), exact: true })
          .click();
      } else {
        await page.goto(`${base}/auth/signin`);
        const form = page.getByRole("main");
        await form.getByLabel(t["auth.account.label"] ?? "Email or mobile number", { exact: true }).fill(who.email);
        await form.getByLabel(say("auth.password.label"), { exact: true }).fill(who.password);
        await form.getByRole("button", { name: say("auth.signin.submit"), exact: true }).click();
      }
      await page.waitForFunction(() => (localStorage.getItem("sf.token") ?? "").length > 0, null, { timeout: STEP_TIMEOUT_MS });
    }
    await page.goto(`${base}/checkout/cart`);
    await page.waitForLoadState("load");
    // Time for the calls the checkout makes once its islands run.
    await page.waitForTimeout(1000);
  },
};

/**
 * Runs journey `name` against `base`; returns `{ exchanges, frames }`, scrubbed, and the session `token` it ended with.
 * @param {string} name
 * @param {{ base: string, scrub: Scrubber, log?: Log }} options
 * @returns {Promise<{ exchanges: Exchange[], frames: Frame[], token: string | null }>}
 */
export async function runJourney(name, { base, scrub, log = console.log }) {
  const journey = JOURNEYS[name];
  if (!journey) throw new Error(`no journey "${name}"; journeys: ${Object.keys(JOURNEYS).join(", ")}`);
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  /** @type {(Exchange | null)[]} */
  const exchanges = [];
  /** @type {Frame[]} */
  const frames = [];
  /** @type {string | null} */
  let token = null;
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en" });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    const page = await context.newPage();
    // Every call goes through the recorder, so its answer is read in full before the page sees it,
    // even when the journey navigates away at once (a plain listener can lose the body then).
    await page.route(
      (url) => url.pathname.startsWith("/api/web/"),
      async (route) => {
        const sent = route.request();
        if (sent.method() !== "POST") return route.continue();
        const slot = exchanges.length;
        exchanges.push(null);
        const response = await route.fetch();
        const text = await response.text();
        let request;
        let answer;
        try {
          request = sent.postDataJSON();
        } catch {
          request = undefined;
        }
        try {
          answer = JSON.parse(text);
        } catch {
          answer = undefined;
        }
        // Tokens handed out are scrubbed wherever they travel next (headers, frames).
        if (typeof answer?.data?.token === "string") scrub.remember(answer.data.token, "<TOKEN>");
        exchanges[slot] = {
          call: new URL(sent.url()).pathname.slice("/api/web/".length),
          status: response.status(),
          request: request === undefined ? undefined : scrub.json(request),
          response: answer === undefined ? undefined : scrub.json(answer),
        };
        // The page may have moved on meanwhile; its call is recorded all the same.
        await route.fulfill({ response, body: text }).catch(() => {});
      },
    );
    let sockets = 0;
    page.on("websocket", (ws) => {
      const socket = sockets++;
      /** @param {Frame["from"]} from */
      const push = (from) => (/** @type {{ payload: string | Buffer }} */ event) => {
        let data;
        try {
          data = JSON.parse(String(event.payload));
        } catch {
          data = String(event.payload);
        }
        frames.push({ socket, from, data: typeof data === "string" ? scrub.text(data) : scrub.json(data) });
      };
      ws.on("framesent", push("client"));
      ws.on("framereceived", push("server"));
    });
    await journey(page, base, messages(), log, scrub);
    token = await page.evaluate(() => localStorage.getItem("sf.token"));
    await context.close();
  } finally {
    await browser.close();
  }
  log(`journey ${name}: ${exchanges.length} /api/web exchanges, ${frames.length} socket frames`);
  // The token is for the recorder (the account area, signed in); it is never written.
  return { exchanges: exchanges.filter((exchange) => exchange !== null), frames, token };
}
