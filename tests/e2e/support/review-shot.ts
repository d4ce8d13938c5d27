// Screenshots for a person to look at (test-results/screenshots/…), taken only with
// E2E_SCREENSHOTS=1: nothing asserts on them, and encoding full-page PNGs at two widths for every
// page costs CI minutes on two cores.
import type { Locator, Page } from "playwright-core";

export const REVIEW_SHOTS = process.env.E2E_SCREENSHOTS === "1";

export async function reviewShot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!REVIEW_SHOTS) return;
  await target.screenshot({ path, ...options });
}
