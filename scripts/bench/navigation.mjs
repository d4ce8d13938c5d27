// Navigation in Chromium against the built server (issue #16): how much sooner a page is on
// screen through the router than by a reload, after a hover prefetch, and on Back from the
// snapshot cache. Every timing ends at the same point, the page's storefront:load event (the
// new page swapped in, or the first page booted with its router running); the reload has its
// files in the HTTP cache, as the navigation has. The median of a few runs, each in a fresh
// browser context, after one run that is not counted: the built server's workers each keep a
// page in their render cache the second time it is asked for, so without it the first
// navigations (and only they: the reload comes after the product was fetched twice) would time
// the server's first renders instead of the browser.
import { launchChromium, median } from "./chromium.mjs";
import { startServer } from "./journey.mjs";

const RUNS = 9;
const WARM_UP_RUNS = 1;
const FROM = "/";
const TO = "/product/oxford-shirt";
/** Budgets of issue #16. */
const SPEEDUP_AT_LEAST = 3;
const PREFETCHED_CLICK_MS = 50;
const BACK_MS = 30;

/** Records when each storefront:load happens, on performance.now()'s clock. */
const RECORD_LOADS = () => {
  /** @type {typeof window & { __loads: number[] }} */ (window).__loads = [];
  document.addEventListener("storefront:load", () =>
    /** @type {typeof window & { __loads: number[] }} */ (window).__loads.push(performance.now()),
  );
};

/** @typedef {import("playwright-core").Page} Page */

/**
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 */
async function fresh(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(RECORD_LOADS);
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await page.waitForFunction(
    () =>
      /** @type {typeof window & { __loads: number[] }} */ (window).__loads.length > 0 &&
      typeof history.state?.sfKey === "string",
  );
  // Idle and visible islands settle before anything is timed.
  await page.waitForTimeout(800);
  return { context, page };
}

/**
 * Clicks the first link to `path` (after `before`) and times it to the next storefront:load.
 * @param {Page} page
 * @param {string} path
 * @returns {Promise<number>}
 */
function timedClick(page, path) {
  return page.evaluate(
    (to) =>
      new Promise((resolve) => {
        // The page links to it: the bench fails loudly when it does not.
        const link = /** @type {HTMLAnchorElement} */ (document.querySelector(`#page-body a[href="${to}"]`));
        const start = performance.now();
        document.addEventListener("storefront:load", () => resolve(performance.now() - start), { once: true });
        link.click();
      }),
    path,
  );
}

/**
 * Resolves once the page has drawn a frame (a task queued from requestAnimationFrame runs after its paint).
 * @param {Page} page
 */
function nextFrame(page) {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * history.back(), timed to the next storefront:load.
 * @param {Page} page
 * @returns {Promise<number>}
 */
function timedBack(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const start = performance.now();
        document.addEventListener("storefront:load", () => resolve(performance.now() - start), { once: true });
        history.back();
      }),
  );
}

/** @type {import("./chromium.mjs").Section} */
export const navigationTimings = {
  title: `Navigation in Chromium: router vs reload, prefetch, Back (median of ${RUNS} runs)`,
  async run(root) {
    const server = await startServer(root);
    const { url } = server;
    const browser = await launchChromium();
    /** @type {Record<"reload" | "navigation" | "prefetched" | "back", number[]>} */
    const runs = { reload: [], navigation: [], prefetched: [], back: [] };
    try {
      for (let i = 0; i < WARM_UP_RUNS + RUNS; i++) {
        const counted = i >= WARM_UP_RUNS;
        const { context, page } = await fresh(browser, url + FROM);
        const navigation = await timedClick(page, TO);
        // Back to home once the product is on screen (a shopper presses Back on a page they
        // have seen): drawn from its snapshot. Timed from the very storefront:load instead, Back
        // would also pay for the product's first style, layout and paint (30 to 40 ms here),
        // which the browser does before it runs the popstate task.
        await nextFrame(page);
        const back = await timedBack(page);
        await page.waitForTimeout(300);
        // The same link again after the pointer rested on it (the prefetch is in).
        await page.hover(`#page-body a[href="${TO}"]`);
        await page.waitForTimeout(400);
        const prefetched = await timedClick(page, TO);
        // A reload of the same page, its files in the HTTP cache as after the visits above:
        // from navigation start to the new document's storefront:load.
        await page.reload({ waitUntil: "load" });
        await page.waitForFunction(() => /** @type {typeof window & { __loads: number[] }} */ (window).__loads.length > 0);
        const reload = /** @type {number} */ (
          await page.evaluate(() => /** @type {typeof window & { __loads: number[] }} */ (window).__loads[0])
        );
        await context.close();
        if (!counted) continue;
        runs.navigation.push(navigation);
        runs.back.push(back);
        runs.prefetched.push(prefetched);
        runs.reload.push(reload);
      }
    } finally {
      await browser.close();
      server.stop();
    }
    const m = /** @type {Record<keyof typeof runs, number>} */ (
      Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, median(v)]))
    );
    /** @param {number} n */
    const ms = (n) => `${n.toFixed(1)} ms`;
    console.log(`${FROM} -> ${TO}`);
    console.log(`reload of ${TO}:            ${ms(m.reload)}  (runs: ${runs.reload.map((n) => n.toFixed(0)).join(", ")})`);
    console.log(
      `client navigation:          ${ms(m.navigation)}  (runs: ${runs.navigation.map((n) => n.toFixed(0)).join(", ")})`,
    );
    console.log(`  speed-up over the reload: ${(m.reload / m.navigation).toFixed(2)}x`);
    console.log(`click after a hover prefetch: ${ms(m.prefetched)}`);
    console.log(`Back from the snapshot:     ${ms(m.back)}  (runs: ${runs.back.map((n) => n.toFixed(0)).join(", ")})`);
    return [
      {
        name: "client navigation speed-up over a reload",
        value: m.reload / m.navigation,
        limit: SPEEDUP_AT_LEAST,
        unit: "x",
        digits: 2,
        atLeast: true,
      },
      {
        name: "click after a hover prefetch",
        value: m.prefetched,
        limit: PREFETCHED_CLICK_MS,
        unit: "ms",
        digits: 1,
        below: true,
      },
      { name: "Back from the snapshot cache", value: m.back, limit: BACK_MS, unit: "ms", digits: 1, below: true },
    ];
  },
};
