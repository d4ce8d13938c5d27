// Sign-up (through the verify prompt), sign-out, sign-in (password shown and hidden, a wrong one refused), the side
// menu with the keyboard at phone width, and axe on the auth and 404 pages, in Chromium
// against the reference store. Screenshots for review go to test-results/screenshots/auth/.
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor } from "./support/browser";
import { reviewShot, reviewShots } from "./support/review-shot";
import { confirmInBrowser, signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/auth";
const EMAIL = `auth-e2e-${Date.now()}@example.com`;
const PASSWORD = "auth-Passw0rd";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("auth");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

async function open(path: string, width = 1280): Promise<{ page: Page; problems: string[]; status: number }> {
  // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
  const page = await browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true });
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(msg.text());
  });
  const response = await page.goto(store.url + path);
  await waitForIslands(page);
  return { page, problems, status: response?.status() ?? 0 };
}

const LOAD_ISLANDS = "[data-component=SignIn], [data-component=SignUp]";

/** Every island that runs at load has run (the forms; a visitor's header waits for them), and none failed. */
async function waitForIslands(page: Page) {
  await page.waitForFunction((selector) => {
    // The renderer has started (it marks every island, the header among them)...
    if (!document.querySelector("[data-component=SiteHeader][data-island]")) return false;
    // ...and each island that runs at load has run.
    return Array.from(document.querySelectorAll(selector)).every(
      (el) => !["pending", null].includes(el.getAttribute("data-island")),
    );
  }, LOAD_ISLANDS);
  expect(
    await page.$$eval(LOAD_ISLANDS, (els) =>
      els
        .map((el) => `${el.getAttribute("data-component")} ${el.getAttribute("data-island")}`)
        .filter((s) => !s.endsWith(" mounted")),
    ),
  ).toEqual([]);
}

const shoot = (page: Page, name: string) => reviewShots(page, (width) => `${SHOTS}/${name}-${width}.png`);

const banner = (page: Page) => page.getByRole("banner");

describe("signing up and in", () => {
  it("signs up with the agree box, is signed in by the mailed link and finds the redirect target", async () => {
    const { page, problems } = await open("/auth/signup?redirect=%2Fcategory%2Fshirts");
    const form = page.getByRole("main");
    await form.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect
      .poll(() => form.getByText("Please agree to the Privacy Policy and Terms of Service first").isVisible())
      .toBe(true);
    await shoot(page, "signup-errors");

    await form.getByLabel("Email or mobile number", { exact: true }).fill(EMAIL);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("First name", { exact: true }).fill("Ada");
    await form.getByLabel("Last name", { exact: true }).fill("Lovelace");
    await form.getByRole("checkbox", { name: "I agree to the Privacy Policy and Terms of Service" }).check();
    await form.getByRole("button", { name: "Sign up", exact: true }).click();

    // The prompt says where the link went; nobody is signed in until it is opened.
    await page.waitForURL(
      `${store.url}/auth/verify-prompt?sent=email&to=${encodeURIComponent(EMAIL)}&redirect=%2Fcategory%2Fshirts`,
    );
    await page.waitForSelector("[data-component=VerifyPrompt][data-island=mounted]");
    await expect.poll(() => form.getByText(`We sent a link to ${EMAIL}.`).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("sf.token"))).toBeNull();
    await confirmInBrowser(page, store.url, EMAIL);
    await page.goto(`${store.url}/category/shirts`);
    await waitForIslands(page);
    await expect.poll(() => banner(page).getByRole("link", { name: "My account", exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("sf.token"))).toMatch(/^"?[A-Za-z0-9_-]{43}"?$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("signs out, refuses a wrong password, then signs in with the password shown and hidden", async () => {
    const { page, problems } = await open("/auth/signup?redirect=%2Fcategory%2Fshoes");
    // Its own account (each page is a fresh browser context, signed out).
    const form = page.getByRole("main");
    const email = `second-${EMAIL}`;
    await form.getByLabel("Email or mobile number", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("First name", { exact: true }).fill("Grace");
    await form.getByLabel("Last name", { exact: true }).fill("Hopper");
    await form.getByRole("checkbox", { name: "I agree to the Privacy Policy and Terms of Service" }).check();
    await form.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.waitForURL(/\/auth\/verify-prompt\?sent=email&/);
    await page.waitForSelector("[data-component=VerifyPrompt][data-island=mounted]");
    await confirmInBrowser(page, store.url, email);
    await page.goto(`${store.url}/category/shoes`);
    await waitForIslands(page);

    // Signing out reloads the page.
    const reloaded = page.waitForEvent("framenavigated");
    await banner(page).getByRole("button", { name: "Sign out", exact: true }).click();
    await reloaded;
    await page.waitForLoadState("load");
    await waitForIslands(page);
    await expect.poll(() => banner(page).getByRole("link", { name: "Sign in", exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem("sf.token"))).toBeNull();

    await banner(page).getByRole("link", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${store.url}/auth/signin?redirect=%2Fcategory%2Fshoes`);
    await waitForIslands(page);
    const signin = page.getByRole("main");
    await signin.getByLabel("Email or mobile number", { exact: true }).fill(email);
    const password = signin.getByLabel("Password", { exact: true });
    await password.fill("not-the-password");
    await signin.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect.poll(() => signin.getByRole("alert").textContent()).toBe("The account or password is incorrect.");
    await shoot(page, "signin-refused");

    const toggle = signin.getByRole("button", { name: "Show password", exact: true });
    await password.fill(PASSWORD);
    await toggle.click();
    expect(await password.getAttribute("type")).toBe("text");
    expect(await toggle.getAttribute("aria-pressed")).toBe("true");
    expect(await password.inputValue()).toBe(PASSWORD);
    await toggle.click();
    expect(await password.getAttribute("type")).toBe("password");
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await signin.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL(`${store.url}/category/shoes`);
    await expect.poll(() => banner(page).getByRole("link", { name: "My account", exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("keeps the session out of every address and every script: the server sets the auth cookie HttpOnly (issue #48)", async () => {
    const email = `cookie-${EMAIL}`;
    await signUpByApi(store.url, email, PASSWORD);
    const { page, problems } = await open("/auth/signin?redirect=%2Fcategory%2Fshirts");
    const addresses: string[] = [];
    page.on("request", (request) => addresses.push(request.url()));
    const form = page.getByRole("main");
    await form.getByLabel("Email or mobile number", { exact: true }).fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${store.url}/category/shirts`);
    await waitForIslands(page);
    const token = String(await page.evaluate(() => localStorage.getItem("sf.token")));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A client navigation: the router asks for the page route, with its cookie marker.
    await banner(page).getByRole("link", { name: "My account", exact: true }).click();
    await page.waitForURL(`${store.url}/user/center`);
    expect(addresses.some((address) => address.includes("request=route"))).toBe(true);
    expect(addresses.filter((address) => address.includes(token) || address.includes("sf_auth"))).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain("sf_auth");
    const cookie = (await page.context().cookies()).find((c) => c.name === "sf_auth");
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: "Lax" });
    // The cookie the browser sends renders the account's first load for its owner.
    const response = await page.goto(`${store.url}/user/center`);
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(`${store.url}/user/center`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("goes home in the page's language when redirect leaves the origin", async () => {
    const { page } = await open("/zh-HK/auth/signin?redirect=https%3A%2F%2Fevil.example%2F");
    const form = page.getByRole("main");
    await form.getByLabel("電郵或手提電話號碼", { exact: true }).fill(EMAIL);
    await form.getByLabel("密碼", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "登入", exact: true }).click();
    await page.waitForURL(`${store.url}/zh-HK`);
    await page.close();
  });
});

describe("the header's cart count", () => {
  it.each([390, 1280])("appears before the header hydrates and stays through it, moving nothing, at %i px", async (width) => {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.addInitScript(() => localStorage.setItem("sf.cartCount", "3"));
    // The page's script waits until the server's page has been drawn whole: a frame drawn while
    // the parser was halfway through the header (a busy machine) moves it once the rest arrives,
    // which is not the count's doing. Shifts are counted from then on.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/boot-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const response = await page.goto(`${store.url}/category/shirts`, { waitUntil: "commit" });
    expect(response?.status()).toBe(200);
    // Server HTML: no number yet.
    expect(await response!.text()).toContain('<span class="sf-header__badge" aria-hidden="true"></span>');
    await page.waitForFunction(() => document.readyState !== "loading");
    const drawnAt = await page.evaluate(
      () => new Promise<number>((drawn) => requestAnimationFrame(() => requestAnimationFrame(() => drawn(performance.now())))),
    );
    expect(await page.locator('[data-component="SiteHeader"][data-island]').count()).toBe(0);
    release();
    // The page's script shows the count in the empty badge while the header waits for the
    // shopper (runtime/cart-badge.ts); the markup stays the server's.
    const badge = banner(page).locator(".sf-header__cart .sf-header__badge");
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector(".sf-header__cart .sf-header__badge")!, "::before").content === '"3"',
    );
    expect(await badge.evaluate((el) => getComputedStyle(el).visibility)).toBe("visible");
    expect(await badge.textContent()).toBe("");
    // Screen readers hear it too, before the header hydrates.
    await banner(page).getByRole("link", { name: "Cart 3", exact: true }).waitFor();
    expect(await page.locator('[data-component="SiteHeader"]').getAttribute("data-island")).toBe("pending");
    // Reached for, it hydrates: the count is its own text now, and the link says it.
    await reachFor(page, "[data-component=SiteHeader]");
    const cart = banner(page).getByRole("link", { name: "Cart 3 items", exact: true });
    await expect.poll(() => cart.isVisible()).toBe(true);
    expect(await cart.locator(".sf-header__badge").textContent()).toBe("3");
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes("layout-shift"))).toBe(true);
    const header = await page.evaluate(
      (since) =>
        new Promise<{ shift: number; sources: string[] }>((resolve) => {
          const found = { shift: 0, sources: [] as string[] };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as {
              startTime: number;
              value: number;
              sources: { node?: Node }[];
            }[]) {
              const nodes = entry.sources
                .map((source) => source.node)
                .filter((node): node is Element => node instanceof Element && !!node.closest("header"));
              if (entry.startTime <= since || nodes.length === 0) continue;
              found.shift += entry.value;
              found.sources.push(...nodes.map((node) => `${node.tagName}.${node.className}`));
            }
          }).observe({ type: "layout-shift", buffered: true });
          // No entry at all is no shift.
          setTimeout(() => resolve(found), 500);
        }),
      drawnAt,
    );
    expect(header.shift, `header moved: ${header.sources.join(", ")}`).toBe(0);
    await page.close();
  });
});

describe("the side menu on a phone", () => {
  it("opens and closes with the keyboard at 390 px", async () => {
    const { page, problems } = await open("/", 390);
    const menu = banner(page).getByRole("button", { name: "Menu", exact: true });
    expect(await banner(page).getByRole("navigation", { name: "Main navigation" }).isVisible()).toBe(false);
    // Tab reaches the menu while the header is still the server's (its disclosure); coming into
    // the header hydrates it, and the button that replaces the disclosure takes the focus.
    const onMenu = () => page.evaluate(() => document.activeElement?.closest(".sf-header__menu") !== null);
    for (let i = 0; i < 6 && !(await onMenu()); i++) await page.keyboard.press("Tab");
    await page.waitForSelector("[data-component=SiteHeader][data-island=mounted]");
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    // The focus moves in from an effect, which may run after the menu's first paint.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home page");
    // The page behind does not scroll while the menu is open.
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await dialog.getByRole("link", { name: "Shirts", exact: true }).focus();
    await reviewShot(page, `${SHOTS}/side-menu-390.png`);
    // Tab goes round inside the menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.closest("[role=dialog]") !== null)).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    // The effect's cleanup gives the focus back and lets the page scroll again.
    await expect.poll(() => menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the footer newsletter", () => {
  it("subscribes an address and says so", async () => {
    const { page, problems } = await open("/page/about", 390);
    const newsletter = page.getByRole("region", { name: "Join our newsletter" });
    const email = newsletter.getByLabel("Email address", { exact: true });
    await email.scrollIntoViewIfNeeded();
    await page.waitForSelector("[data-component=Newsletter][data-island=mounted]");
    await email.fill("not-an-address");
    await newsletter.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect.poll(() => newsletter.getByText("Enter a valid email address, like name@example.com").isVisible()).toBe(true);
    await email.fill(`news-${EMAIL}`);
    await newsletter.getByRole("button", { name: "Subscribe", exact: true }).click();
    await expect.poll(() => newsletter.getByRole("status").textContent()).toBe("Thank you! You are subscribed.");
    expect(await email.inputValue()).toBe("");
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("accessibility", () => {
  it.each([
    ["signin", "/auth/signin"],
    ["signup", "/auth/signup"],
    ["404", "/no/such/page/here"],
  ])("finds no WCAG 2.1 A/AA violation on the %s page", async (name, path) => {
    const { page, status } = await open(path);
    expect(status).toBe(name === "404" ? 404 : 200);
    if (name === "404") {
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
      expect(await page.getByRole("main").getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, name);
    await page.close();
  });
});
