// Runs axe-core's WCAG 2.1 A and AA rules in the page and returns what it finds.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

const AXE_SOURCE = readFileSync(join(process.cwd(), "node_modules/axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  help: string;
  targets: string[];
}

/** Violations within `context` (a selector, the whole document by default). */
export async function axeViolations(page: Page, context = "html"): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern;
  // once per document, as compiling its half megabyte costs a slow machine a tenth of a second.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  // A drawer or dialog still fading in has, for a moment, the contrast of its first frame: axe
  // judges the page as the shopper reads it, once its enter motions (150 ms) have finished.
  // (A looping animation, like a loading skeleton's, never finishes and is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async (ctx) => {
    type Result = { violations: { id: string; help: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: string, opts: object): Promise<Result> } }).axe;
    const result = await axe.run(ctx, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, context);
}
