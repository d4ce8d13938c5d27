// What a page costs before and once a shopper has used it (issues #16 and #46): every script it
// loaded once loaded and left idle, untouched; then every script once scrolled through, left
// idle and touched once, in gzip bytes and requests; and how soon the two commonest
// interactions paint, from the Event Timing API (the duration INP reports).
import { gzipSync } from "node:zlib";
import { launchChromium, median } from "./chromium.mjs";
import { startServer } from "./journey.mjs";

const RUNS = 3;
/** @type {[name: string, path: string][]} */
const PAGES = [
  ["home", "/"],
  ["category", "/category/shirts"],
  ["product", "/product/enamel-mug"],
];
/** Budgets of issue #46 (React in the browser): nothing but the runtime at load. */
const AT_LOAD_KB = 20;
const SETTLED_KB = 125;
const SETTLED_SCRIPTS = 16;
const INP_MS = 100;

/**
 * What the page scripts below record on window.
 * @typedef {{ __interactions: { name: string, duration: number }[], __pageLoaded?: boolean }} Recorded
 */
/** @typedef {import("playwright-core").Page} Page */

/** Collects the duration of every interaction (pointer and key events with an interactionId). */
const OBSERVE_EVENTS = () => {
  /** @type {typeof window & Recorded} */ (window).__interactions = [];
  document.addEventListener("storefront:load", () => {
    /** @type {typeof window & Recorded} */ (window).__pageLoaded = true;
  });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
      if (entry.interactionId)
        /** @type {typeof window & Recorded} */ (window).__interactions.push({ name: entry.name, duration: entry.duration });
    }
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: "event", durationThreshold: 16, buffered: true }));
};

/**
 * Loaded, the router started (storefront:load) and the network quiet: what the page loads untouched.
 * @param {Page} page
 */
async function loaded(page) {
  await page.waitForFunction(() => /** @type {typeof window & Recorded} */ (window).__pageLoaded === true);
  await page.waitForLoadState("networkidle");
  await page.evaluate(
    () => /** @type {Promise<void>} */ (new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }))),
  );
  await page.waitForTimeout(1000);
}

/**
 * Every script the page has fetched so far.
 * @param {Page} page
 */
async function scriptsSoFar(page) {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((r) => r.name)
      .filter((name) => /\.m?js(\?|$)/.test(name)),
  );
  return [...new Set(urls)];
}

/**
 * Scrolls the page through, then leaves it idle.
 * @param {Page} page
 */
async function settle(page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(60);
  }
  await page.evaluate(
    () => /** @type {Promise<void>} */ (new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 }))),
  );
  await page.waitForTimeout(500);
}

/**
 * The longest interaction while `act` runs (ms), 0 when none passed the 16 ms threshold.
 * @param {Page} page
 * @param {() => Promise<unknown>} act
 */
async function interaction(page, act) {
  await page.evaluate(() => {
    /** @type {typeof window & Recorded} */ (window).__interactions = [];
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate(() =>
    Math.max(0, .../** @type {typeof window & Recorded} */ (window).__interactions.map((i) => i.duration)),
  );
}

/** @type {import("./chromium.mjs").Section} */
export const settledPages = {
  title: `Settled pages in Chromium: JS once scrolled, idle and touched; interaction to next paint (median of ${RUNS})`,
  async run(root) {
    const server = await startServer(root);
    const browser = await launchChromium();
    /** @type {Map<string, number>} */
    const gzipped = new Map();
    /** @param {string} url @returns {Promise<number>} */
    const gzipSize = async (url) => {
      if (!gzipped.has(url)) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        gzipped.set(url, gzipSync(body, { level: 9 }).length);
      }
      return /** @type {number} */ (gzipped.get(url));
    };
    /** @type {{ name: string, loadKb: number, loadCount: number, kb: number, count: number }[]} */
    const figures = [];
    /** @type {{ addToCart: number[], cartDrawer: number[] }} */
    const inp = { addToCart: [], cartDrawer: [] };
    try {
      for (const [name, path] of PAGES) {
        /** @type {{ loadKb: number, loadCount: number, kb: number, count: number }[]} */
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
          await context.addInitScript(OBSERVE_EVENTS);
          const page = await context.newPage();
          await page.goto(server.url + path, { waitUntil: "load" });
          await loaded(page);
          const atLoad = await scriptsSoFar(page);
          await settle(page);
          // The one interaction: the search box takes focus and a letter.
          await page.getByRole("banner").getByRole("combobox").first().click();
          await page.keyboard.type("a");
          await page.waitForTimeout(500);
          if (name === "product") {
            inp.addToCart.push(await interaction(page, () => page.getByRole("button", { name: /add to cart/i }).click()));
            await page.keyboard.press("Escape");
            await page.waitForTimeout(300);
            inp.cartDrawer.push(await interaction(page, () => page.locator("a.sf-header__cart").click()));
          }
          const scripts = await scriptsSoFar(page);
          /** @param {string[]} urls */
          const kb = async (urls) => {
            let bytes = 0;
            for (const url of urls) bytes += await gzipSize(url);
            return bytes / 1024;
          };
          runs.push({ loadKb: await kb(atLoad), loadCount: atLoad.length, kb: await kb(scripts), count: scripts.length });
          await context.close();
        }
        /** @param {keyof (typeof runs)[number]} key */
        const mid = (key) => median(runs.map((r) => r[key]));
        figures.push({ name, loadKb: mid("loadKb"), loadCount: mid("loadCount"), kb: mid("kb"), count: mid("count") });
      }
    } finally {
      await browser.close();
      server.stop();
    }
    console.log(
      `${"page".padEnd(10)} ${"JS at load".padStart(11)} ${"scripts".padStart(8)} ${"JS settled".padStart(11)} ${"scripts".padStart(8)}`,
    );
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(10)} ${`${f.loadKb.toFixed(1)} KB`.padStart(11)} ${String(f.loadCount).padStart(8)} ${`${f.kb.toFixed(1)} KB`.padStart(11)} ${String(f.count).padStart(8)}`,
      );
    }
    const addToCart = median(inp.addToCart);
    const cartDrawer = median(inp.cartDrawer);
    console.log(
      `interaction to next paint: Add to cart ${addToCart.toFixed(0)} ms, opening the cart drawer ${cartDrawer.toFixed(0)} ms`,
    );
    return [
      ...figures.flatMap((f) => [
        { name: `${f.name} page JS at load, untouched (gzip)`, value: f.loadKb, limit: AT_LOAD_KB, unit: "KB" },
        { name: `${f.name} page JS once settled (gzip)`, value: f.kb, limit: SETTLED_KB, unit: "KB" },
        { name: `${f.name} page scripts once settled`, value: f.count, limit: SETTLED_SCRIPTS, unit: "" },
      ]),
      { name: "interaction to next paint: Add to cart", value: addToCart, limit: INP_MS, unit: "ms", below: true },
      { name: "interaction to next paint: cart drawer", value: cartDrawer, limit: INP_MS, unit: "ms", below: true },
    ];
  },
};
