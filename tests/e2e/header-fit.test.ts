// The header's height in Chromium, signed out and signed in, in en, zh and zh-HK (issue 12):
// from the lg breakpoint (1024 px) up it is one row, as high signed in as signed out, and
// nothing sticks out sideways; below lg it folds into two rows, still without overflow, and
// sign-out stays within reach. Screenshots of each go to test-results/screenshots/header-fit/.
import { mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, reachFor } from "./support/browser";
import { LANGUAGES, say } from "./support/messages";
import { reviewShot } from "./support/review-shot";
import { signUpByApi } from "./support/sign-up";
import { type RunningStore, startStore } from "./support/store";

const SHOTS = "test-results/screenshots/header-fit";
const WIDE = [1024, 1280, 1660];
const NARROW = [390, 768];

let browser: Browser;
let store: RunningStore;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  store = await startStore("header-fit");
  browser = await launchBrowser();
  token = await signUpByApi(store.url, `header-${Date.now().toString(36)}@example.com`, "header-Passw0rd");
});

afterAll(async () => {
  for (const opened of homes.values()) await (await opened).close();
  await browser?.close();
  await store?.close();
});

interface HeaderBox {
  height: number;
  /** The header's visible parts (brand, navigation, search, actions, menu button), each its top and bottom. */
  parts: { name: string; top: number; bottom: number }[];
  overflow: number;
}

/** A browser as wide as `width`, signed in with the shared session or not. */
async function context(width: number, signedIn: boolean): Promise<BrowserContext> {
  const made = await browser.newContext({ viewport: { width, height: 800 } });
  if (signedIn) {
    await made.addCookies([{ name: "sf_auth", value: token, url: `${store.url}/` }]);
    await made.addInitScript((stored) => localStorage.setItem("sf.token", stored), token);
  }
  return made;
}

/** A page of the home page at `prefix`, loaded once and hydrated with the session (or none). */
async function openHome(prefix: string, signedIn: boolean): Promise<{ page: Page; close: () => Promise<void> }> {
  const made = await context(WIDE[0]!, signedIn);
  const page = await made.newPage();
  await page.goto(`${store.url}${prefix}/`);
  await reachFor(page, "[data-component=SiteHeader]");
  // Hydrated with the session: the account link is the one a signed-in shopper sees.
  const language = LANGUAGES[prefix === "" ? "en" : (prefix.slice(1) as "zh" | "zh-HK")];
  const account = say(language, signedIn ? "header.account" : "header.signin");
  await page.getByRole("banner").getByRole("link", { name: account, exact: true }).waitFor({ state: "attached" });
  await page.evaluate(() => document.fonts.ready);
  return { page, close: () => made.close() };
}

// One page per language and session, resized through the widths: the header's layout is its
// CSS at that width, the same on a resize as on a load (the narrow sign-out check loads afresh).
const homes = new Map<string, Promise<{ page: Page; close: () => Promise<void> }>>();
function home(prefix: string, signedIn: boolean) {
  const key = `${prefix}|${signedIn}`;
  if (!homes.has(key)) homes.set(key, openHome(prefix, signedIn));
  return homes.get(key)!;
}

async function measure(width: number, prefix: string, signedIn: boolean, shot: string): Promise<HeaderBox> {
  const { page } = await home(prefix, signedIn);
  await page.setViewportSize({ width, height: 800 });
  const box = await page.evaluate(async () => {
    // Two frames: the resize has been laid out and painted.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const header = document.querySelector<HTMLElement>(".sf-header")!;
    const parts = [...header.children]
      .filter(
        (el) => !el.classList.contains("sf-skip") && el.getClientRects().length > 0 && !el.matches("[hidden], .sf-sidemenu"),
      )
      .map((el) => {
        const rect = el.getBoundingClientRect();
        return { name: el.className.split(" ")[0]!, top: Math.round(rect.top), bottom: Math.round(rect.bottom) };
      });
    return {
      height: Math.round(header.getBoundingClientRect().height),
      parts,
      overflow: Math.max(header.scrollWidth - header.clientWidth, document.documentElement.scrollWidth - window.innerWidth),
    };
  });
  await reviewShot(page.locator(".sf-header"), `${SHOTS}/${shot}.png`);
  return box;
}

/** The rows the parts make: a part starts a new row when it begins below the current one. */
function rows(box: HeaderBox): number {
  let count = 0;
  let bottom = Number.NEGATIVE_INFINITY;
  for (const part of [...box.parts].sort((a, b) => a.top - b.top)) {
    if (part.top >= bottom) count += 1;
    bottom = Math.max(part.top >= bottom ? part.bottom : bottom, part.bottom);
  }
  return count;
}

describe.each(Object.values(LANGUAGES))("the header in $name", (language) => {
  it.each(WIDE)("is one row at %i px, as high signed in as signed out", async (width) => {
    const out = await measure(width, language.prefix, false, `${language.name}-${width}-out`);
    const signedIn = await measure(width, language.prefix, true, `${language.name}-${width}-in`);
    for (const box of [out, signedIn]) {
      expect(rows(box), JSON.stringify(box.parts)).toBe(1);
      expect(box.overflow).toBeLessThanOrEqual(0);
      expect(box.parts.map((p) => p.name)).toEqual([
        "sf-header__brand",
        "sf-header__nav",
        "sf-header__search",
        "sf-header__actions",
      ]);
    }
    expect(signedIn.height).toBe(out.height);
    expect(out.height).toBeLessThan(80);
  });

  it.each(NARROW)("folds into two rows at %i px without overflow, sign-out within reach", async (width) => {
    const out = await measure(width, language.prefix, false, `${language.name}-${width}-out`);
    const signedIn = await measure(width, language.prefix, true, `${language.name}-${width}-in`);
    for (const box of [out, signedIn]) {
      expect(box.overflow).toBeLessThanOrEqual(0);
      expect(rows(box), JSON.stringify(box.parts)).toBe(2);
      expect(box.height).toBeLessThan(135);
    }
    // Sign-out: in the row from md up, in the side menu below it.
    const made = await context(width, true);
    const page = await made.newPage();
    await page.goto(`${store.url}${language.prefix}/`);
    await reachFor(page, "[data-component=SiteHeader]");
    const banner = page.getByRole("banner");
    if (width < 768) await banner.getByRole("button", { name: say(language, "menu.open"), exact: true }).click();
    await expect
      .poll(() => banner.getByRole("button", { name: say(language, "header.signout"), exact: true }).isVisible())
      .toBe(true);
    await made.close();
  });
});
