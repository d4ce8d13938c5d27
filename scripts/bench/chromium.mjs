// Debian's Chromium through playwright-core, with the flags this network needs.
import { chromium } from "playwright-core";

/**
 * A figure checked against its budget: a ceiling (value <= limit), with `below` a bound the
 * value must stay under, or with `atLeast` a floor.
 * @typedef {object} Budget
 * @property {string} name
 * @property {number} value
 * @property {number} limit
 * @property {string} [unit]
 * @property {number} [digits]
 * @property {boolean} [below]
 * @property {boolean} [atLeast]
 */
/**
 * A benchmark section: `run` prints its figures and answers the budgets they meet or break.
 * @typedef {{ title: string, run: (root: string) => Promise<Budget[]> }} Section
 */

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * @param {readonly number[]} values at least one
 * @returns {number}
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (/** @type {number} */ i) => /** @type {number} */ (sorted[i]);
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}
