// axe in a page loaded with JavaScript disabled: DevTools may still evaluate there, but the
// page's timers never fire, and axe waits on setTimeout between its steps. Timers and frames
// are turned into microtasks first (the page's own scripts never ran, so nothing else uses them).
import type { Page } from "playwright-core";
import { type AxeViolation, axeViolations } from "./axe";

export async function axeViolationsWithoutScripts(page: Page, context = "html"): Promise<AxeViolation[]> {
  await page.evaluate(() => {
    const soon = (run: () => void) => {
      void Promise.resolve().then(run);
      return 0;
    };
    Object.assign(window, {
      setTimeout: (fn: (...args: unknown[]) => void, _ms?: number, ...args: unknown[]) => soon(() => fn(...args)),
      clearTimeout: () => undefined,
      requestAnimationFrame: (fn: (time: number) => void) => soon(() => fn(performance.now())),
    });
  });
  return axeViolations(page, context);
}
