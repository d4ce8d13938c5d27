// Finding one's way with JavaScript off (issue 20), in Chromium at 390 px: the Menu opens as a
// <details> disclosure and its category links work, the language switch in it (and the header's
// language menu on wider screens) changes the language, product and home slides scroll by
// themselves with every slide reachable, a signed-in shopper gets a sign-out form, and the QR
// sign-in says what to do instead. Each page passes axe: since axe cannot run where scripts
// are off (its timers never fire), it checks the same server HTML in a page whose scripts
// failed to load, which is the other way a shopper meets these pages.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";
import { LANGUAGES, say } from "./support/messages";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const en = LANGUAGES.en;
const zh = LANGUAGES.zh;

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("no-js-navigation");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/** A context without JavaScript, 390 px wide unless said. */
function noScript(width = 390): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
}

/**
 * axe's findings on `address` as the server renders it, in a page whose scripts all fail to
 * load, after `prepare` (opening a menu, say) has put it in the state under test.
 */
async function axeOfServerHtml(address: string, prepare?: (page: Page) => Promise<unknown>, width = 390) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.route("**/*", (route) => (route.request().resourceType() === "script" ? route.abort() : route.continue()));
  const page = await context.newPage();
  await page.goto(store.url + address);
  await prepare?.(page);
  const violations = await axeViolations(page);
  await context.close();
  return violations;
}

/** The slide a track has come to rest on, or null between two (not snapped). */
async function slideShown(page: Page, selector: string): Promise<number | null> {
  const { left, width } = await trackOf(page, selector);
  const index = Math.round(left / width);
  // Slides are as wide as the track, which may be a fraction of a pixel off a whole number.
  return Math.abs(left - index * width) <= 1 ? index : null;
}

/** The side menu's toggle: the summary of its disclosure, named by its text. */
const menuToggle = (page: Page, language = en) =>
  page
    .getByRole("banner")
    .locator("summary")
    .filter({ hasText: say(language, "menu.open") });

/** Where a scroll track stands: its scroll position and how far it can go. */
function trackOf(page: Page, selector: string) {
  return page
    .locator(selector)
    .evaluate((el) => ({ left: Math.round(el.scrollLeft), width: el.clientWidth, max: el.scrollWidth }));
}

describe("navigation without JavaScript at 390 px", () => {
  it("opens the Menu, whose category links are reachable and work", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/`);
    // Nothing ran: the header is the server's.
    expect(await page.locator("[data-component=SiteHeader]").getAttribute("data-island")).toBeNull();
    const menu = page.getByRole("banner").locator(".sf-navmenu__panel");
    expect(await menu.isVisible()).toBe(false);
    await menuToggle(page).click();
    await menu.waitFor();
    const shirts = menu.getByRole("navigation", { name: say(en, "content.header.nav") }).getByRole("link", { name: "Shirts" });
    expect(await shirts.isVisible()).toBe(true);
    expect(await axeOfServerHtml("/", (p) => menuToggle(p).click())).toEqual([]);
    // The panel lies over the page: the link takes the click itself.
    await shirts.click();
    await page.waitForURL(/\/category\/shirts$/);
    expect(await page.getByRole("heading", { level: 1, name: "Shirts" }).isVisible()).toBe(true);
    // The same toggle closes it again.
    await menuToggle(page).click();
    await menu.waitFor();
    await menuToggle(page).click();
    await menu.waitFor({ state: "hidden" });
    expect(await axeOfServerHtml("/category/shirts")).toEqual([]);
    await context.close();
  });

  it("switches the language to 中文 from the Menu, and from the header's language menu on wider screens", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/category/shirts?sort=price-asc`);
    await menuToggle(page).click();
    await page.getByRole("banner").locator(".sf-navmenu__panel").getByRole("link", { name: "简体中文" }).click();
    await page.waitForURL(/\/zh\/category\/shirts\?sort=price-asc$/);
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    expect(await menuToggle(page, zh).isVisible()).toBe(true);
    await context.close();

    const wide = await noScript(1024);
    const desktop = await wide.newPage();
    await desktop.goto(`${store.url}/product/linen-shirt`);
    const languages = desktop.getByRole("banner").locator(".sf-langmenu");
    await languages.locator("summary").click();
    await languages.getByRole("link", { name: "简体中文" }).click();
    await desktop.waitForURL(/\/zh\/product\/linen-shirt$/);
    expect(await desktop.getAttribute("html", "lang")).toBe("zh-CN");
    const openLanguages = (p: Page) => p.getByRole("banner").locator(".sf-langmenu summary").click();
    expect(await axeOfServerHtml("/product/linen-shirt", openLanguages, 1024)).toEqual([]);
    await wide.close();
  });

  it("scrolls the product's images and the home slides natively, every slide reachable", async () => {
    const context = await noScript();
    const page = await context.newPage();
    await page.goto(`${store.url}/product/linen-shirt`);
    const gallery = ".sf-gallery__track";
    const start = await trackOf(page, gallery);
    expect(start.left).toBe(0);
    const slides = Math.round(start.max / start.width);
    expect(slides).toBe(3);
    // The focused track scrolls with the arrow keys and snaps to each image in turn.
    await page.locator(gallery).focus();
    for (let slide = 1; slide < slides; slide++) {
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => slideShown(page, gallery), { timeout: 3000 }).toBe(slide);
    }
    expect(await axeOfServerHtml("/product/linen-shirt")).toEqual([]);

    // Wider, each thumbnail is a link to its image.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole("link", { name: say(en, "product.images.show", { index: 1, count: 3 }) }).click();
    await expect.poll(() => slideShown(page, gallery), { timeout: 3000 }).toBe(0);
    await page.getByRole("link", { name: say(en, "product.images.show", { index: 3, count: 3 }) }).click();
    await expect.poll(() => slideShown(page, gallery), { timeout: 3000 }).toBe(2);
    await page.setViewportSize({ width: 390, height: 800 });

    // Home's slides: a swipe or a scroll reaches the last one, and the buttons that need script are not shown.
    await page.goto(`${store.url}/`);
    const strip = ".sf-slides__strip";
    expect(await page.locator(".sf-slides__controls").isVisible()).toBe(false);
    const home = await trackOf(page, strip);
    expect(home.max).toBeGreaterThan(home.width);
    await page.locator(strip).hover();
    await page.mouse.wheel(home.max, 0);
    await expect.poll(async () => (await trackOf(page, strip)).left, { timeout: 3000 }).toBe(home.max - home.width);
    await context.close();
  });

  it("says on the QR sign-in what to do instead, in each language", async () => {
    const context = await noScript();
    const page = await context.newPage();
    for (const language of Object.values(LANGUAGES)) {
      await page.goto(`${store.url}${language.prefix}/auth/signin`);
      // Playwright's text selectors skip <noscript>, so the notice is found by its class.
      const notice = page.locator(".sf-qr .sf-noscript");
      expect(await notice.isVisible(), language.name).toBe(true);
      expect(await notice.innerText()).toBe(say(language, "auth.qr.noscript"));
    }
    expect(await axeOfServerHtml("/zh/auth/signin")).toEqual([]);
    await context.close();

    // With script, the notice is not there.
    const scripted = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await scripted.goto(`${store.url}/auth/signin`);
    await scripted.waitForSelector("[data-component=QrSignIn][data-island=mounted]");
    expect(await scripted.locator(".sf-qr .sf-noscript").count()).toBe(0);
    await scripted.close();
  });

  it("gives a signed-in shopper the account link and a sign-out form in the Menu", async () => {
    const token = await signUpByApi(store.url, "no-js-menu@example.com", "no-js-Passw0rd");
    const context = await noScript();
    await context.addCookies([{ name: "sf_auth", value: token, url: `${store.url}/` }]);
    const page = await context.newPage();
    await page.goto(`${store.url}/zh/category/shirts`);
    await menuToggle(page, zh).click();
    const menu = page.getByRole("banner").locator(".sf-navmenu__panel");
    expect(await menu.getByRole("link", { name: say(zh, "header.account"), exact: true }).isVisible()).toBe(true);
    const signOut = menu.getByRole("button", { name: say(zh, "header.signout") });
    expect(await signOut.isVisible()).toBe(true);
    const form = menu.locator("form:has(button.sf-header__signout)");
    expect(await form.getAttribute("method")).toBe("post");
    expect(await form.getAttribute("action")).toBe("/zh/form/signout");
    expect(await form.locator("input[type=hidden][name=back]").inputValue()).toBe("/zh/category/shirts");
    await context.close();
  });
});
