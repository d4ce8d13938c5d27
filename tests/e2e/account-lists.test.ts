// The address book, the wish list and the shopper's own articles in Chromium against the
// reference store, in en and under /zh/: signing up through the mailed link, two addresses
// with the second made default (which the checkout then picks), a product and an article
// saved to favorites and found in the wish list, a product put in the cart from there, an
// article written with a thumbnail and opened at article/{slug} with its author; axe on each
// page at 1280 and 390 px (screenshots in test-results/screenshots/account-lists/), and every
// one of these routes sending a signed-out visitor to sign-in.
import { mkdirSync } from "node:fs";
import { IntlMessageFormat } from "intl-messageformat";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../generated/messages/en.json";
import zh from "../../generated/messages/zh.json";
import { axeViolations } from "./support/axe";
import { launchBrowser, reachFor } from "./support/browser";
import { reviewShot } from "./support/review-shot";
import { confirmInBrowser } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/account-lists";
const STAMP = Date.now().toString(36);
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("account-lists");
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

interface Language {
  name: string;
  prefix: string;
  messages: Record<string, string>;
  /** The product and the article the lists hold, as the store names them in this language. */
  linenShirt: string;
  caringForLinen: string;
  aboutUs: string;
}

const LANGUAGES: Language[] = [
  { name: "en", prefix: "", messages: en, linenShirt: "Linen Shirt", caringForLinen: "Caring for linen", aboutUs: "About us" },
  // The store's texts are in the page's language too (fixtures/demo-store/products.json).
  { name: "zh", prefix: "/zh", messages: zh, linenShirt: "亚麻衬衫", caringForLinen: "亚麻衣物护理指南", aboutUs: "关于我们" },
];

/** A message as the shopper reads it: placeholders filled, markup tags dropped. */
function say(language: Language, id: string, values: Record<string, string | number> = {}): string {
  const source = language.messages[id];
  if (source === undefined) throw new Error(`no message ${id} in ${language.name}`);
  const tags = Object.fromEntries(
    [...source.matchAll(/<(\w+)>/g)].map(([, tag]) => [tag!, (chunks: string[]) => chunks.join("")]),
  );
  const formatted = new IntlMessageFormat(source, language.name).format<string>({ ...values, ...tags });
  return Array.isArray(formatted) ? formatted.join("") : String(formatted);
}

/** The island mounted, reached for as a shopper would when it waits for them (support/browser.ts). */
function mounted(page: Page, component: string) {
  return reachFor(page, `[data-component=${component}]`);
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

describe.each(LANGUAGES)("the account lists in $name", (language) => {
  const t = (id: string, values?: Record<string, string | number>) => say(language, id, values);
  const email = `lists-${language.name}-${STAMP}@example.com`;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    // bypassCSP: axe is injected as an inline script, which the store's policy rightly refuses.
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    page.on("pageerror", (err) => problems.push(err.message));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !msg.text().startsWith("Failed to load resource")) problems.push(msg.text());
    });
  });

  afterAll(async () => {
    await page?.close();
  });

  it("signs up through the mailed link", async () => {
    await page.goto(`${store.url}${language.prefix}/auth/signup`);
    await mounted(page, "SignUp");
    const form = page.getByRole("main");
    await form.getByLabel(t("auth.account.label"), { exact: true }).fill(email);
    await form.getByLabel(t("auth.password.label"), { exact: true }).fill("lists-Passw0rd");
    await form.getByLabel(t("auth.firstName.label"), { exact: true }).fill("Ada");
    await form.getByLabel(t("auth.lastName.label"), { exact: true }).fill("Lovelace");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: t("auth.signup.submit"), exact: true }).click();
    await page.waitForURL(/\/auth\/verify-prompt\?/);
    await confirmInBrowser(page, store.url, email);
  });

  it("adds two addresses and makes the second the default", async () => {
    await page.goto(`${store.url}${language.prefix}/user/address`);
    await mounted(page, "AddressBook");
    const book = page.getByRole("main");
    expect(await book.getByText(t("account.address.none")).isVisible()).toBe(true);

    const add = async (who: string, country: string, city: string, phone: string) => {
      await book.getByRole("button", { name: t("address.add"), exact: true }).click();
      const dialog = page.getByRole("dialog", { name: t("address.add") });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: t("address.save"), exact: true }).click();
      await dialog.getByText(t("validation.select", { field: t("address.country") })).waitFor();
      await dialog.getByLabel(t("address.country"), { exact: true }).selectOption(country);
      await dialog.getByLabel(t("address.city"), { exact: true }).fill(city);
      await dialog.getByLabel(t("address.firstName"), { exact: true }).fill(who);
      await dialog.getByLabel(t("address.lastName"), { exact: true }).fill("Lovelace");
      await dialog.getByLabel(t("address.address"), { exact: true }).fill("12 St James's Square");
      await dialog.getByLabel(t("address.phone"), { exact: true }).fill(phone);
      return dialog;
    };

    const first = await add("Ada", "HK", "Hong Kong", "91234567");
    // The country chose its calling code.
    expect(await first.getByLabel(t("address.countryCode"), { exact: true }).inputValue()).toBe("+852");
    await accessible(page, `${language.name}-address-form`);
    await first.getByRole("button", { name: t("address.save"), exact: true }).click();
    await first.waitFor({ state: "detached" });
    await expect.poll(() => book.getByRole("status").first().textContent()).toBe(t("account.address.saved"));

    const second = await add("Grace", "GB", "London", "7700900123");
    expect(await second.getByLabel(t("address.countryCode"), { exact: true }).inputValue()).toBe("+44");
    await second.getByRole("button", { name: t("address.save"), exact: true }).click();
    await second.waitFor({ state: "detached" });

    const items = page.getByRole("region", { name: t("page.user.address.title") }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(2);
    await book.getByRole("button", { name: `${t("account.address.makeDefault")} Grace Lovelace`, exact: true }).click();
    await expect
      .poll(() => book.getByRole("status").first().textContent())
      .toBe(t("account.address.madeDefault", { name: "Grace Lovelace" }));
    expect(await items.first().textContent()).toContain("Grace Lovelace");
    expect(await items.first().textContent()).toContain(t("account.address.default"));
    await accessible(page, `${language.name}-address-book`);
  });

  it("saves a product, an article and a store page to favorites and finds them in the wish list", async () => {
    await page.goto(`${store.url}${language.prefix}/product/linen-shirt`);
    await mounted(page, "ProductDetail");
    const save = page.getByRole("button", { name: t("product.favorite.add"), exact: true });
    await save.click();
    await page.getByRole("button", { name: t("product.favorite.remove"), exact: true }).waitFor();

    await page.goto(`${store.url}${language.prefix}/article/caring-for-linen`);
    await mounted(page, "ArticleFavorite");
    await page.getByRole("button", { name: t("content.article.favorite.add"), exact: true }).click();
    await page.getByRole("button", { name: t("content.article.favorite.remove"), exact: true }).waitFor();

    // A store page too, so the third list can fill (issue 49 item 7).
    await page.goto(`${store.url}${language.prefix}/page/about`);
    await mounted(page, "PageFavorite");
    await page.getByRole("button", { name: t("content.page.favorite.add"), exact: true }).click();
    await page.getByRole("button", { name: t("content.page.favorite.remove"), exact: true }).waitFor();
    await accessible(page, `${language.name}-store-page`);

    // The header's heart says how many items are saved (favorite/count).
    await expect
      .poll(() =>
        page
          .getByRole("banner")
          .getByRole("link", { name: t("header.favorites.label", { count: 3 }) })
          .isVisible(),
      )
      .toBe(true);
    await page.goto(`${store.url}${language.prefix}/user/favorite`);
    await mounted(page, "FavoriteLists");
    const lists = page.getByRole("main");
    const tabs = lists.getByRole("navigation", { name: t("account.favorite.lists") });
    expect(
      await tabs.getByRole("link", { name: t("account.favorite.tab.product", { count: 1 }) }).getAttribute("aria-current"),
    ).toBe("page");
    expect(await lists.getByRole("link", { name: language.linenShirt, exact: true }).isVisible()).toBe(true);
    await accessible(page, `${language.name}-favorites`);

    await lists.getByRole("button", { name: `${t("account.favorite.addToCart")} ${language.linenShirt}`, exact: true }).click();
    await expect
      .poll(() => lists.getByRole("status").first().textContent())
      .toBe(t("account.favorite.added", { title: language.linenShirt }));
    // The cart drawer opens with it, as everywhere else; Escape closes it.
    const drawer = page.getByRole("dialog");
    await expect.poll(() => drawer.textContent()).toContain(language.linenShirt);
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "hidden" });

    await tabs.getByRole("link", { name: t("account.favorite.tab.article", { count: 1 }) }).click();
    await page.waitForURL(/\/user\/favorite\?type=article$/);
    await mounted(page, "FavoriteLists");
    expect(await page.getByRole("main").getByRole("link", { name: language.caringForLinen, exact: true }).isVisible()).toBe(true);

    await tabs.getByRole("link", { name: t("account.favorite.tab.page", { count: 1 }) }).click();
    await page.waitForURL(/\/user\/favorite\?type=page$/);
    await mounted(page, "FavoriteLists");
    const about = page.getByRole("main").getByRole("link", { name: language.aboutUs, exact: true });
    expect(await about.getAttribute("href")).toBe(`${language.prefix}/page/about`);
  });

  it("checks out with the default address picked", async () => {
    await page.goto(`${store.url}${language.prefix}/checkout/cart`);
    const radio = page.getByRole("group", { name: t("checkout.address") }).getByRole("radio", { name: /Grace Lovelace/ });
    await expect.poll(() => radio.isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: /Ada Lovelace/ }).isChecked()).toBe(false);
  });

  it("writes an article with a thumbnail and opens it at article/{slug} with its author", async () => {
    const slug = `notes-${language.name}-${STAMP}`;
    await page.goto(`${store.url}${language.prefix}/user/article`);
    await mounted(page, "MyArticles");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: t("account.articles.write"), exact: true }).click();
    await main.getByRole("button", { name: t("account.articles.save"), exact: true }).click();
    await main.getByText(t("validation.required", { field: t("account.articles.field.title") })).waitFor();
    await main.getByLabel(t("account.articles.field.title"), { exact: true }).fill("Linen notes");
    if (language.name === "en")
      expect(await main.getByLabel(t("account.articles.field.slug"), { exact: true }).inputValue()).toBe("linen-notes");
    await main.getByLabel(t("account.articles.field.slug"), { exact: true }).fill(slug);
    await main
      .getByLabel(t("account.articles.field.thumbnail"))
      .setInputFiles({ name: "linen.png", mimeType: "image/png", buffer: PNG });
    await main.getByRole("img", { name: t("account.articles.thumbnail.current") }).waitFor();
    await main.getByLabel(t("account.articles.field.body"), { exact: true }).fill("## Washing\n\nCool water, **no** bleach.");
    await accessible(page, `${language.name}-article-editor`);
    await main.getByRole("button", { name: t("account.articles.save"), exact: true }).click();
    await expect
      .poll(() => main.getByRole("status").first().textContent())
      .toBe(t("account.articles.saved", { title: "Linen notes" }));
    await accessible(page, `${language.name}-my-articles`);

    await main.getByRole("link", { name: "Linen notes", exact: true }).click();
    await page.waitForURL(new RegExp(`/article/${slug}$`));
    const article = page.getByRole("main");
    await article.getByRole("heading", { level: 1, name: "Linen notes" }).waitFor();
    expect(await article.getByRole("article").first().textContent()).toContain(t("content.article.by", { author: "Ada" }));
    expect(await article.getByRole("heading", { level: 2, name: "Washing" }).isVisible()).toBe(true);
    expect(await article.locator("strong", { hasText: "no" }).isVisible()).toBe(true);
    await accessible(page, `${language.name}-own-article`);

    // Published, it is in the journal with the store's articles: today's, so first (issue 49 item 8).
    await page.goto(`${store.url}${language.prefix}/article`);
    const first = page.locator(".sf-journal__card").first();
    expect(await first.getByRole("link", { name: "Linen notes" }).getAttribute("href")).toBe(
      `${language.prefix}/article/${slug}`,
    );
    expect(await first.textContent()).toContain(t("content.article.by", { author: "Ada" }));
    await accessible(page, `${language.name}-journal-with-own`);
    expect(problems).toEqual([]);
  });
});

describe("signed out", () => {
  it("each of these routes lands on sign-in with the way back", async () => {
    const page = await browser.newPage();
    for (const path of ["/user/address", "/user/favorite", "/user/article", "/zh/user/article"]) {
      await page.goto(store.url + path);
      await page.waitForURL((url) => url.pathname.endsWith("/auth/signin"));
      expect(new URL(page.url()).searchParams.get("redirect"), path).toBe(path);
    }
    await page.close();
  });
});
