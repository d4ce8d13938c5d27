// Screenshots for a person to look at (test-results/screenshots/…), taken only with
// E2E_SCREENSHOTS=1: nothing asserts on them, and encoding full-page PNGs at two widths for every
// page costs CI minutes on two cores.
import type { Locator, Page } from "playwright-core";

export const REVIEW_SHOTS = process.env.E2E_SCREENSHOTS === "1";

export async function reviewShot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!REVIEW_SHOTS) return;
  await target.screenshot({ path, ...options });
}

/**
 * The page photographed at phone and desktop width, then given back its own viewport. Without
 * E2E_SCREENSHOTS it is not even resized: a resize is nothing a test checks here, and headless
 * Chromium has been seen to stop drawing frames after one, leaving the next click waiting for
 * a stable element until its timeout.
 */
export async function reviewShots(
  page: Page,
  pathOf: (width: number) => string,
  options: { height?: (width: number) => number; fullPage?: (width: number) => boolean } = {},
): Promise<void> {
  if (!REVIEW_SHOTS) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: options.height?.(width) ?? 900 });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(done)));
    await page.screenshot({ path: pathOf(width), fullPage: options.fullPage?.(width) ?? true });
  }
  if (size) await page.setViewportSize(size);
}
