// The journal and comments in Chromium against the reference store: the article list in
// masonry (several columns at desktop width, one at 390 px, no layout shift while it loads,
// focus order down each column), its second page, an article with its date, tags and
// related articles; a visitor asked to sign in comes back to the comments, posts one, sees
// it awaiting moderation, and another visitor sees it only once /dev/moderation approves it.
// axe on the list and the article at 1280 and 390 px (screenshots in
// test-results/screenshots/journal/).
import { mkdirSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../generated/messages/en.json";
import { axeViolations } from "./support/axe";
import { launchBrowser, routerReady } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/journal";
const STAMP = Date.now().toString(36);
const PASSWORD = "journal-Passw0rd";
const COMMENT = `Cold wash and a flat dry work for me too (${STAMP}).`;

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("journal");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** A message as the shopper reads it: placeholders filled. */
function t(id: string, values: Record<string, string | number> = {}): string {
  const source = (en as Record<string, string>)[id];
  if (source === undefined) throw new Error(`no message ${id}`);
  const formatted = new IntlMessageFormat(source, "en").format<string>(values);
  return Array.isArray(formatted) ? formatted.join("") : String(formatted);
}

/** Counts layout shifts from the start of every document the page opens (CLS without input). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The left edges of the journal's cards: one per column. */
function columnsOf(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Set([...document.querySelectorAll(".sf-journal__card")].map((card) => Math.round(card.getBoundingClientRect().left)))
        .size,
  );
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

describe("the journal", () => {
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page.on("pageerror", (err) => problems.push(err.message));
    await watchLayoutShifts(page);
  });

  afterAll(async () => {
    await page?.close();
  });

  it("is found from home and lists the articles in masonry columns without a layout shift", async () => {
    await page.goto(`${store.url}/`);
    await routerReady(page);
    // A mark that only survives when the client router, not a full load, brings the journal in.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole("link", { name: t("content.articles.all"), exact: true }).click();
    await page.waitForURL(`${store.url}/article`);
    const journal = page.getByRole("main");
    await journal.getByRole("heading", { level: 1, name: t("page.journal.title") }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await journal.getByRole("article").count()).toBe(9);
    expect(await columnsOf(page)).toBeGreaterThan(1);

    // A first load, scrolled to the end so the lazy images load too: nothing moves.
    await page.goto(`${store.url}/article`);
    await page.waitForLoadState("load");
    await page.mouse.wheel(0, 4000);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);

    const first = journal.getByRole("article").nth(0);
    expect(await first.getByRole("heading", { level: 2 }).textContent()).toBe("Mending basics");
    expect(await first.locator("time").getAttribute("datetime")).toBe("2026-11-15");
    expect(await first.getByRole("link", { name: "Handmade", exact: true }).getAttribute("href")).toBe("/tag/handmade");
    expect(await first.locator("img").getAttribute("width")).toBe("240");
  });

  it("moves focus down a column, in reading order", async () => {
    const titles = page.getByRole("main").getByRole("article").getByRole("heading", { level: 2 }).getByRole("link");
    await titles.nth(0).focus();
    // The first card's own links (its tags), then the next card's title.
    const tags = await page.getByRole("main").getByRole("article").nth(0).getByRole("list").getByRole("link").count();
    for (let i = 0; i <= tags; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await titles.nth(1).textContent());
    const [a, b] = await page.evaluate(() =>
      [...document.querySelectorAll(".sf-journal__card")].slice(0, 2).map((card) => card.getBoundingClientRect().toJSON()),
    );
    // The second card is under the first, in the same column.
    expect(b.left).toBe(a.left);
    expect(b.top).toBeGreaterThan(a.top);
  });

  it("passes axe and folds into one column at 390 px", async () => {
    await accessible(page, "list");
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await columnsOf(page)).toBe(1);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("has a second page with the oldest articles", async () => {
    await routerReady(page);
    await page
      .getByRole("navigation")
      .getByRole("link", { name: t("catalog.paging.page", { number: 2 }), exact: true })
      .click();
    await page.waitForURL(`${store.url}/article?page=2`);
    await expect.poll(() => page.getByRole("main").getByRole("article").count()).toBe(3);
    expect(await page.title()).toMatch(/^Journal \(2\/2\)/);
  });

  it("opens an article with its date, tags and related articles", async () => {
    await page.getByRole("link", { name: "Caring for linen", exact: true }).click();
    await page.waitForURL(`${store.url}/article/caring-for-linen`);
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Caring for linen" }).waitFor();
    expect(await main.locator(".sf-rich__byline time").getAttribute("datetime")).toBe("2026-01-15");
    const tags = main.getByRole("list", { name: t("content.article.tags"), exact: true });
    expect(await tags.getByRole("link", { name: "Summer", exact: true }).getAttribute("href")).toBe("/tag/summer");
    const related = main.locator("section", { has: page.getByRole("heading", { name: "Related articles" }) });
    expect(await related.getByRole("link", { name: "Mending basics", exact: true }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: t("comments.signIn"), exact: true }).isVisible()).toBe(true);
    await page.waitForSelector("[data-component=ArticleComments][data-island=mounted]");
    await accessible(page, "article-visitor");
    expect(problems).toEqual([]);
  });
});

describe("comments", () => {
  it("are posted signed in, await moderation, and show to others once approved", async () => {
    const email = `journal-${STAMP}@example.com`;
    await signUpByApi(store.url, email, PASSWORD, { firstName: "Ada", lastName: "Lovelace" });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (err) => problems.push(err.message));

    // A visitor is sent to sign in and comes back to the comments.
    await page.goto(`${store.url}/article/packing-light`);
    await page.getByRole("link", { name: t("comments.signIn"), exact: true }).click();
    await page.waitForURL(/\/auth\/signin\?redirect=/);
    await page.waitForSelector("[data-component=SignIn][data-island=mounted]");
    const form = page.locator("[data-component=SignIn]");
    await form.getByLabel(t("auth.account.label"), { exact: true }).fill(email);
    await form.getByLabel(t("auth.password.label"), { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: t("auth.signin.submit"), exact: true }).click();
    await page.waitForURL(`${store.url}/article/packing-light#comments`);

    const comments = page.locator("#comments");
    const field = comments.getByLabel(t("comments.label"), { exact: true });
    await field.waitFor();
    await page.waitForSelector("[data-component=ArticleComments][data-island=mounted]");
    // Only spaces: refused in the page, nothing sent.
    await field.fill("   ");
    await comments.getByRole("button", { name: t("comments.submit"), exact: true }).click();
    await comments.getByText(t("comments.error.empty")).waitFor();
    await field.fill(COMMENT);
    await comments.getByRole("button", { name: t("comments.submit"), exact: true }).click();
    await comments.getByRole("status").getByText(t("comments.posted")).waitFor();
    const mine = comments.getByRole("article", { name: t("comments.by", { author: "Ada" }) });
    expect(await mine.getByText(COMMENT).isVisible()).toBe(true);
    expect(await mine.getByText(t("comments.pending"), { exact: true }).isVisible()).toBe(true);
    expect(await field.inputValue()).toBe("");
    await accessible(page, "article-comment-pending");

    // Still there for its author after a reload, rendered by the server.
    await page.reload();
    expect(await mine.getByText(t("comments.pending"), { exact: true }).isVisible()).toBe(true);

    // Another visitor does not see it yet.
    const visitor = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await visitor.goto(`${store.url}/article/packing-light`);
    expect(await visitor.getByText(COMMENT).count()).toBe(0);
    expect(await visitor.locator("#comments").getByText(t("comments.empty")).isVisible()).toBe(true);

    // The moderator approves it.
    const moderator = await browser.newPage();
    await moderator.goto(`${store.url}/dev/moderation`);
    const row = moderator.getByRole("row", { name: new RegExp(STAMP) });
    await row.getByRole("button", { name: /^Approve comment/ }).click();
    await moderator.waitForURL(/\/dev\/moderation\?done=/);
    expect(await moderator.getByRole("row", { name: new RegExp(STAMP) }).count()).toBe(0);

    await visitor.reload();
    const seen = visitor.locator("#comments").getByRole("article", { name: t("comments.by", { author: "Ada" }) });
    expect(await seen.getByText(COMMENT).isVisible()).toBe(true);
    expect(await seen.getByText(t("comments.pending"), { exact: true }).count()).toBe(0);
    expect(problems).toEqual([]);
    await moderator.close();
    await visitor.close();
    await context.close();
  });
});
