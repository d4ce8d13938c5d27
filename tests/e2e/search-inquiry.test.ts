// Issue #14 in Chromium against the reference store, by roles and labels: the header's
// search box suggests as one types and a suggestion is chosen with the keyboard; the search
// list is filtered and sorted, reloaded and left with Back, the filters kept in the address;
// a Chinese query under /zh/; a quote request and a feedback message reach the outbox. axe
// finds nothing on the search, quote and feedback pages at 390 and 1280 px.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFor } from "../../src/server/store/localize";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor, routerReady } from "./support/browser";
import { LANGUAGES, say } from "./support/messages";
import { reviewShot } from "./support/review-shot";
import { type RunningStore, startStore } from "./support/store";

// axe is injected as an inline script, which the store's Content-Security-Policy forbids.
const PAGE_OPTIONS = { viewport: { width: 1280, height: 900 }, bypassCSP: true };
const SHOTS = join(process.cwd(), "test-results", "screenshots", "search-inquiry");
const en = LANGUAGES.en;

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("search-inquiry");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** The island mounted, reached for as a shopper would when it waits for them (support/browser.ts). */
function mounted(page: Page, component: string) {
  return reachFor(page, `[data-component=${component}]`);
}

async function open(path: string, component = "SiteHeader"): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage(PAGE_OPTIONS);
  const problems: string[] = [];
  page.on("pageerror", (err) => problems.push(err.message));
  await page.goto(store.url + path);
  await mounted(page, component);
  await routerReady(page);
  return { page, problems };
}

async function checkAxe(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
    await reviewShot(page, join(SHOTS, `${name}-${width}.png`), { fullPage: width === 1280 });
  }
}

interface OutboxMail {
  recipient: string;
  subject: string;
  body: string;
}
const outbox = async () => (await (await fetch(`${store.url}/dev/outbox?format=json`)).json()) as OutboxMail[];

describe("the header's search box", () => {
  it("suggests as one types, and the keyboard chooses a suggestion", async () => {
    const { page, problems } = await open("/");
    const box = page.getByRole("combobox", { name: say(en, "header.search.label") });
    await box.click();
    await box.pressSequentially("linen", { delay: 40 });
    const list = page.getByRole("listbox", { name: say(en, "search.suggest.label") });
    await list.waitFor();
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    expect(await list.getByRole("group", { name: say(en, "search.suggest.products") }).count()).toBe(1);
    const options = list.getByRole("option");
    expect(await options.count()).toBeGreaterThan(1);
    // The live region says how many there are.
    expect(
      await page
        .getByRole("status")
        .filter({ hasText: /suggestions/ })
        .count(),
    ).toBeGreaterThan(0);
    await checkAxe(page, "suggestions");
    await page.setViewportSize({ width: 1280, height: 900 });

    await box.press("ArrowDown");
    await box.press("ArrowDown");
    const second = options.nth(1);
    expect(await second.getAttribute("aria-selected")).toBe("true");
    expect(await box.getAttribute("aria-activedescendant")).toBe(await second.getAttribute("id"));
    const title = (await second.locator(".sf-combobox__title").textContent()) ?? "";
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/product/") || url.pathname.startsWith("/article/"));
    await expect.poll(() => page.getByRole("heading", { level: 1 }).first().textContent()).toContain(title);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("suggests for a word typed before the header hydrated", async () => {
    const page = await browser.newPage(PAGE_OPTIONS);
    // The header's code waits until the word is typed: the field is the server's plain one then.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/chunks\/layout-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${store.url}/`);
    const box = page.getByRole("combobox", { name: say(en, "header.search.label") });
    await box.click();
    await box.pressSequentially("linen", { delay: 20 });
    expect(await page.locator("[data-component=SiteHeader]").getAttribute("data-island")).toBe("pending");
    release();
    await page.waitForSelector("[data-component=SiteHeader][data-island=mounted]");
    expect(await box.inputValue()).toBe("linen");
    const list = page.getByRole("listbox", { name: say(en, "search.suggest.label") });
    await list
      .getByRole("option", { name: /Linen Shirt/ })
      .first()
      .waitFor();
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
    await page.close();
  });

  it("closes with Escape, then clears, and without a chosen option Enter searches", async () => {
    const { page } = await open("/");
    const box = page.getByRole("combobox", { name: say(en, "header.search.label") });
    await box.click();
    await box.pressSequentially("shirt", { delay: 30 });
    await page.getByRole("listbox").waitFor();
    await box.press("Escape");
    await expect.poll(() => box.getAttribute("aria-expanded")).toBe("false");
    expect(await box.inputValue()).toBe("shirt");
    await box.press("Escape");
    expect(await box.inputValue()).toBe("");
    await box.pressSequentially("shirt", { delay: 30 });
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/search" && url.searchParams.get("q") === "shirt");
    await page.getByRole("heading", { level: 1, name: say(en, "catalog.grid.results", { query: "shirt" }) }).waitFor();
    await page.close();
  });
});

describe("the search list", () => {
  it("filters and sorts in the address, keeps them on reload and goes Back to the last search", async () => {
    const { page, problems } = await open("/search?q=shirt", "SearchResults");
    const count = () => page.locator(".sf-search-page__grid > li").count();
    const form = page.getByRole("form", { name: say(en, "search.page.form") });
    const before = await count();
    await form.getByLabel(say(en, "search.page.category")).selectOption("shirts");
    await form.getByLabel(say(en, "search.page.price.max"), { exact: true }).fill("150");
    await form.getByLabel(say(en, "search.page.inStock")).check();
    await form.getByLabel(say(en, "catalog.sort.label")).selectOption("price-asc");
    await form.getByRole("button", { name: say(en, "search.page.apply") }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc");
    const address = new URL(page.url());
    // A plain GET form sends its empty fields too (min=, rating=): the search reads them as unset.
    expect(Object.fromEntries([...address.searchParams].filter(([, value]) => value !== ""))).toEqual({
      q: "shirt",
      category: "shirts",
      max: "150",
      stock: "1",
      sort: "price-asc",
    });
    const prices = async () =>
      (await page.locator(".sf-search-page__grid .sf-card__price").allTextContents()).map((t) =>
        Number(
          t
            .replace(/[^0-9.]/g, " ")
            .trim()
            .split(/\s+/)[0],
        ),
      );
    await expect.poll(async () => (await prices()).length).toBeGreaterThan(0);
    const sorted = await prices();
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    expect(sorted.every((p) => p <= 150)).toBe(true);
    expect(await count()).toBeLessThanOrEqual(before);

    await page.reload();
    await mounted(page, "SiteHeader");
    expect(await form.getByLabel(say(en, "search.page.price.max"), { exact: true }).inputValue()).toBe("150");
    expect(await form.getByLabel(say(en, "search.page.inStock")).isChecked()).toBe(true);
    expect(await form.getByLabel(say(en, "catalog.sort.label")).inputValue()).toBe("price-asc");
    await routerReady(page);

    await page.goBack();
    await page.waitForURL((url) => url.search === "?q=shirt");
    await expect.poll(() => form.getByLabel(say(en, "search.page.category")).inputValue()).toBe("");
    expect(await count()).toBe(before);
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get("category") === "shirts");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("offers a spelling when nothing matches", async () => {
    const { page } = await open("/search?q=linnen", "SearchResults");
    const link = page.getByRole("link", { name: "linen", exact: true });
    await link.click();
    await page.waitForURL((url) => url.searchParams.get("q") === "linen");
    expect(await page.locator(".sf-search-page__grid > li").count()).toBeGreaterThan(0);
    await checkAxe(page, "search");
    await page.close();
  });

  it("offers the spelling of a mistyped English word under /zh/ and /zh-HK/ too (issue 49 item 12)", async () => {
    for (const language of [LANGUAGES.zh, LANGUAGES["zh-HK"]]) {
      const { page } = await open(`${language.prefix}/search?q=shrit`, "SearchResults");
      const offer = page.locator(".sf-search-page__suggestion");
      expect(await offer.innerText()).toBe(say(language, "search.page.didYouMean", { query: "shirt" }));
      await offer.getByRole("link", { name: "shirt", exact: true }).click();
      await page.waitForURL((url) => url.pathname === `${language.prefix}/search` && url.searchParams.get("q") === "shirt");
      expect(await page.locator(".sf-search-page__grid > li").count()).toBeGreaterThan(0);
      await page.goBack();
      await offer.waitFor();
      await checkAxe(page, `search-spelling-${language.name}`);
      await page.close();
    }
  });

  it("says one star in the singular in the rating filter (issue 49 item 13)", async () => {
    const { page } = await open("/search?q=shirt", "SearchResults");
    const choices = page.getByLabel(say(en, "search.page.rating"), { exact: true }).locator("option");
    expect(await choices.allInnerTexts()).toContain("1 star and up");
    expect(await choices.allInnerTexts()).toContain("4 stars and up");
    await page.goto(`${store.url}/zh/search?q=shirt`);
    expect(
      await page.getByLabel(say(LANGUAGES.zh, "search.page.rating"), { exact: true }).locator("option").allInnerTexts(),
    ).toContain("1 星及以上");
    await page.close();
  });

  it("finds a product by its Chinese name under /zh/", async () => {
    const zh = LANGUAGES.zh;
    const title = storeFor(store.server.localizedStore, "zh").productBySlug.get("linen-shirt")!.title;
    const { page } = await open("/zh/");
    const box = page.getByRole("combobox", { name: say(zh, "header.search.label") });
    await box.click();
    await box.pressSequentially(title, { delay: 40 });
    await page.getByRole("listbox").getByRole("option", { name: title }).first().waitFor();
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/zh/search" && url.searchParams.get("q") === title);
    await page.locator(".sf-search-page__grid").getByRole("heading", { name: title }).first().waitFor();
    // Two characters of it, under trigram's three, still find it.
    const short = [...title].slice(-2).join("");
    await page.goto(`${store.url}/zh/search?q=${encodeURIComponent(short)}`);
    expect(await page.locator(".sf-search-page__grid").getByRole("heading", { name: title }).count()).toBeGreaterThan(0);
    await checkAxe(page, "search-zh");
    await page.close();
  });
});

describe("the inquiry forms", () => {
  it("sends a quote request from the product page, and the outbox holds it", async () => {
    const { page, problems } = await open("/product/linen-shirt", "ProductDetail");
    await page.getByRole("link", { name: say(en, "inquiry.link.quote") }).click();
    await page.waitForURL((url) => url.pathname === "/inquiry/linen-shirt");
    await mounted(page, "InquiryForm");
    await checkAxe(page, "quote");
    await page.setViewportSize({ width: 1280, height: 900 });
    const form = page.locator(".sf-inquiry__form");
    const send = page.getByRole("button", { name: say(en, "inquiry.submit.quote") });
    await form.getByLabel(say(en, "inquiry.quantity")).fill("80");
    await form.getByLabel(say(en, "inquiry.name"), { exact: true }).fill("Mei Chan");
    await form.getByLabel(say(en, "inquiry.message.quote")).fill("Price for 80 in sand?");
    await send.click();
    // Neither an email address nor a phone number: the form says so on the email field.
    await page.getByText(say(en, "inquiry.validation.contact")).waitFor();
    await form.getByLabel(say(en, "inquiry.company")).fill("Harbour Hotels");
    await form.getByLabel(say(en, "inquiry.email")).fill("mei@harbour.example");
    await send.click();
    const done = page.getByRole("heading", { name: say(en, "inquiry.done.quote") });
    await done.waitFor();
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    const reference = /Q\d{8}[A-Z0-9]{6}/.exec((await page.locator(".sf-inquiry--done").textContent()) ?? "")?.[0];
    expect(reference).toBeDefined();
    // The confirmation has its own address: a reload shows it again.
    await page.waitForURL((url) => url.searchParams.get("sent") === reference);
    // The confirmation's page keeps the form's island (it persists), and the focus with it.
    await expect.poll(() => page.locator('[data-component="InquiryForm"]').getAttribute("data-props")).toContain(reference);
    await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.reload();
    await done.waitFor();
    const mails = await outbox();
    expect(mails.find((m) => m.recipient === "hello@demo-store.example" && m.subject.includes(reference!))?.body).toContain(
      "Harbour Hotels",
    );
    expect(mails.some((m) => m.recipient === "mei@harbour.example" && m.subject.includes(reference!))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("sends feedback from the footer's link, and the outbox holds it", async () => {
    const { page } = await open("/");
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: say(en, "page.feedback.title") })
      .click();
    await page.waitForURL((url) => url.pathname === "/inquiry/feedback");
    await mounted(page, "InquiryForm");
    await checkAxe(page, "feedback");
    await page.setViewportSize({ width: 1280, height: 900 });
    const form = page.locator(".sf-inquiry__form");
    await form.getByLabel(say(en, "inquiry.topic")).selectOption("delivery");
    await form.getByLabel(say(en, "inquiry.phone")).fill("+85291234567");
    await form.getByLabel(say(en, "inquiry.message"), { exact: true }).fill("Do you deliver to Macau?");
    await page.getByRole("button", { name: say(en, "inquiry.submit.feedback") }).click();
    await page.getByRole("heading", { name: say(en, "inquiry.done.feedback") }).waitFor();
    const mails = await outbox();
    expect(mails.find((m) => m.recipient === "hello@demo-store.example" && m.body.includes("Macau"))).toBeDefined();
    expect(mails.some((m) => m.recipient === "+85291234567")).toBe(true);
    await page.close();
  });
  it("works as a plain form without script", async () => {
    const context = await browser.newContext({ ...PAGE_OPTIONS, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${store.url}/zh-HK/inquiry/feedback`);
    const zhHK = LANGUAGES["zh-HK"];
    const form = page.locator(".sf-inquiry__form");
    await form.getByLabel(say(zhHK, "inquiry.topic")).selectOption("website");
    await form.getByLabel(say(zhHK, "inquiry.email")).fill("noscript@example.com");
    await form.getByLabel(say(zhHK, "inquiry.message"), { exact: true }).fill("Works without script");
    await page.getByRole("button", { name: say(zhHK, "inquiry.submit.feedback") }).click();
    await page.waitForURL((url) => url.pathname === "/zh-HK/inquiry/feedback" && url.searchParams.has("sent"));
    await page.getByRole("heading", { name: say(zhHK, "inquiry.done.feedback") }).waitFor();
    expect((await outbox()).some((m) => m.recipient === "noscript@example.com")).toBe(true);
    await context.close();
  });
});
