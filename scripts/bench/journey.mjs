// The pages of the shopping journey in Chromium against the built server: JavaScript
// (gzip) downloaded before the load event, time to the load event, and Largest Contentful
// Paint and Cumulative Layout Shift from the browser's own performance entries; the median
// of a few runs, each in a fresh browser context (cold cache, no cookies).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startBuiltServer } from "../built-server.mjs";
import { launchChromium, median } from "./chromium.mjs";

const RUNS = 3;
const JS_BUDGET_KB = 130;
const CLS_BUDGET = 0.02;
/** Time after the load event for islands that hydrate when idle or visible to settle. */
const SETTLE_MS = 1500;
const PAGES = [
  { name: "home", path: "/", budgeted: true },
  { name: "category", path: "/category/shirts", budgeted: true },
  { name: "product", path: "/product/linen-shirt", budgeted: true },
  { name: "cart", path: "/cart", budgeted: false },
  { name: "checkout", path: "/checkout/cart", budgeted: false },
];

/**
 * The built server in production with a throwaway database; `stop` also removes the database.
 * @param {string} root
 * @returns {Promise<{ url: string, stop: () => void }>}
 */
export async function startServer(root) {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-journey-"));
  const server = startBuiltServer(root, { DATA_DIR: dataDir, NODE_ENV: "production" });
  return {
    url: await server.url,
    stop: () => {
      server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One visit: what the page downloaded and how it painted and moved.
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @returns {Promise<{ load: number, lcp: number, cls: number, scripts: string[], allScripts: string[] }>}
 */
async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          let lcp = 0;
          let cls = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) lcp = Math.max(lcp, entry.startTime);
          }).observe({ type: "largest-contentful-paint", buffered: true });
          new PerformanceObserver((list) => {
            // Layout-shift entries, which the DOM library has no type for.
            for (const entry of /** @type {(PerformanceEntry & { hadRecentInput: boolean, value: number })[]} */ (
              list.getEntries()
            ))
              if (!entry.hadRecentInput) cls += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
          const nav = /** @type {PerformanceNavigationTiming} */ (performance.getEntriesByType("navigation")[0]);
          const all = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource")).filter((r) =>
            /\.m?js(\?|$)/.test(new URL(r.name).pathname),
          );
          const scripts = all.filter((r) => r.responseEnd <= nav.loadEventStart).map((r) => r.name);
          // Buffered entries arrive in a later task.
          setTimeout(() => resolve({ load: nav.loadEventStart, lcp, cls, scripts, allScripts: all.map((r) => r.name) }), 50);
        }),
    );
  } finally {
    await context.close();
  }
}

/** @type {import("./chromium.mjs").Section} */
export const journeyPages = {
  title: `Journey pages in Chromium (median of ${RUNS} runs, cold cache)`,
  async run(root) {
    const server = await startServer(root);
    const browser = await launchChromium();
    /** @type {Map<string, number>} */
    const gzipped = new Map();
    /**
     * Bytes of a script gzip-compressed (level 9, as the bundle section measures).
     * @param {string} url
     * @returns {Promise<number>}
     */
    const gzipSize = async (url) => {
      if (!gzipped.has(url)) {
        const body = Buffer.from(await (await fetch(url)).arrayBuffer());
        gzipped.set(url, gzipSync(body, { level: 9 }).length);
      }
      return /** @type {number} */ (gzipped.get(url));
    };
    /** @type {import("./chromium.mjs").Budget[]} */
    const budgets = [];
    try {
      console.log(`JS gzip: downloaded before the load event (budgeted); JS settled: everything ${SETTLE_MS} ms after it`);
      console.log(
        `${"page".padEnd(10)} ${"JS gzip".padStart(10)} ${"scripts".padStart(8)} ${"JS settled".padStart(11)} ${"load".padStart(8)} ${"LCP".padStart(8)} ${"CLS".padStart(8)}`,
      );
      for (const { name, path, budgeted } of PAGES) {
        const runs = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await visit(browser, server.url + path);
          let bytes = 0;
          for (const script of result.scripts) bytes += await gzipSize(script);
          let settledBytes = 0;
          for (const script of result.allScripts) settledBytes += await gzipSize(script);
          runs.push({ ...result, kb: bytes / 1024, settledKb: settledBytes / 1024 });
        }
        const kb = median(runs.map((r) => r.kb));
        const load = median(runs.map((r) => r.load));
        const lcp = median(runs.map((r) => r.lcp));
        const cls = median(runs.map((r) => r.cls));
        const scripts = median(runs.map((r) => r.scripts.length));
        const settledKb = median(runs.map((r) => r.settledKb));
        console.log(
          `${name.padEnd(10)} ${`${kb.toFixed(1)} KB`.padStart(10)} ${String(scripts).padStart(8)} ${`${settledKb.toFixed(1)} KB`.padStart(11)} ${`${load.toFixed(0)} ms`.padStart(8)} ${`${lcp.toFixed(0)} ms`.padStart(8)} ${cls.toFixed(4).padStart(8)}`,
        );
        if (budgeted) budgets.push({ name: `${name} page JS before load (gzip)`, value: kb, limit: JS_BUDGET_KB, unit: "KB" });
        budgets.push({ name: `${name} page CLS`, value: cls, limit: CLS_BUDGET, unit: "", digits: 4, below: true });
      }
    } finally {
      await browser.close();
      server.stop();
    }
    return budgets;
  },
};
