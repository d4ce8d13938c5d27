// What opens over the page moves as SPEC.md §9 says (src/styles/motion.css): the cart drawer
// and the side menu enter in 150 ms from 95% scale and leave in 75 ms, staying on screen
// meanwhile; under prefers-reduced-motion they come and go at once.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, reachFor } from "./support/browser";
import { type RunningStore, startStore } from "./support/store";

let browser: Browser;
let store: RunningStore;

beforeAll(async () => {
  store = await startStore("motion");
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await store?.close();
});

/**
 * Presses Escape inside the page and, one frame later (well within the 75 ms of a leave),
 * reports the running transitions of `selector` and whether `marker` matches anything.
 */
function escapeAndLook(page: Page, selector: string, marker: string) {
  return page.evaluate(
    ([s, m]) =>
      new Promise<{ marked: boolean; shown: boolean; transitions: { property: string; duration: unknown }[] }>((resolve) => {
        (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
        requestAnimationFrame(() => {
          const element = document.querySelector(s);
          resolve({
            marked: document.querySelector(m) !== null,
            shown: element !== null && element.getBoundingClientRect().width > 0,
            transitions: (element?.getAnimations() ?? []).map((a) => ({
              property: (a as CSSTransition).transitionProperty,
              duration: a.effect?.getTiming().duration,
            })),
          });
        });
      }),
    [selector, marker] as const,
  );
}

/**
 * Waits until `selector` has finished entering. A leave that starts while the enter still
 * runs is a reversal, which CSS shortens in proportion (73 ms instead of 75 at 98% in).
 */
function entered(page: Page, selector: string) {
  return page.waitForFunction((s) => document.querySelector(s)?.getAnimations().length === 0, selector);
}

/** The running transitions of the first element matching `selector`: property, duration, start transform. */
function transitionsOf(page: Page, selector: string) {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    if (!element) return null;
    return element.getAnimations().map((animation) => ({
      property: (animation as CSSTransition).transitionProperty,
      duration: animation.effect?.getTiming().duration,
    }));
  }, selector);
}

/**
 * From now on, records each transition that starts on an element matching `selector` (its
 * property and duration, as the transition begins); read with `started`. Looking once the
 * drawer is there instead finds nothing when a busy machine took 150 ms to answer.
 */
function watchTransitions(page: Page, selector: string) {
  return page.evaluate((s) => {
    const seen: { property: string; duration: unknown }[] = [];
    (window as unknown as { __transitions: typeof seen }).__transitions = seen;
    document.addEventListener(
      "transitionrun",
      (event) => {
        const target = event.target as Element;
        if (!target.matches(s)) return;
        const transition = target
          .getAnimations()
          .find((a) => (a as CSSTransition).transitionProperty === (event as TransitionEvent).propertyName);
        seen.push({ property: (event as TransitionEvent).propertyName, duration: transition?.effect?.getTiming().duration });
      },
      true,
    );
  }, selector);
}

function started(page: Page) {
  return page.evaluate(() => (window as unknown as { __transitions: { property: string; duration: unknown }[] }).__transitions);
}

async function productPage(reducedMotion: "reduce" | "no-preference"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, reducedMotion });
  await page.goto(`${store.url}/product/enamel-mug`);
  await reachFor(page, '[data-component="ProductDetail"]');
  return page;
}

describe("motion of dialogs, drawers and menus", () => {
  it("the cart drawer enters in 150 ms and leaves in 75 ms, on screen until it has left", async () => {
    const page = await productPage("no-preference");
    await watchTransitions(page, ".sf-drawer__panel");
    await page.getByRole("button", { name: /add to cart/i }).click();
    await page.getByRole("dialog").waitFor();
    await expect
      .poll(() => started(page))
      .toEqual(
        expect.arrayContaining([
          { property: "transform", duration: 150 },
          { property: "opacity", duration: 150 },
        ]),
      );
    await entered(page, ".sf-drawer__panel");
    // Leaving: still there, marked (and inert), moving for 75 ms.
    const leaving = await escapeAndLook(page, ".sf-drawer__panel", ".sf-drawer.sf-leaving");
    expect(leaving.marked).toBe(true);
    expect(leaving.shown).toBe(true);
    expect(leaving.transitions).toEqual(expect.arrayContaining([{ property: "transform", duration: 75 }]));
    await page.waitForSelector(".sf-drawer", { state: "detached", timeout: 1000 });
    await page.close();
  });

  it("under reduced motion the drawer opens and closes without moving", async () => {
    const page = await productPage("reduce");
    await page.getByRole("button", { name: /add to cart/i }).click();
    await page.getByRole("dialog").waitFor();
    expect(await transitionsOf(page, ".sf-drawer__panel")).toEqual([]);
    await page.keyboard.press("Escape");
    await page.waitForSelector(".sf-drawer", { state: "detached", timeout: 200 });
    await page.close();
  });

  it("the side menu enters and leaves the same way at 390 px", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${store.url}/`);
    await reachFor(page, '[data-component="SiteHeader"]');
    await watchTransitions(page, ".sf-sidemenu__panel");
    await page.getByRole("button", { name: /menu/i }).click();
    await page.locator(".sf-sidemenu__panel").waitFor();
    await expect.poll(() => started(page)).toEqual(expect.arrayContaining([{ property: "transform", duration: 150 }]));
    await entered(page, ".sf-sidemenu__panel");
    // [hidden] at once, yet displayed for the 75 ms of its leave transition.
    const leaving = await escapeAndLook(page, ".sf-sidemenu__panel", ".sf-sidemenu[hidden]");
    expect(leaving.marked).toBe(true);
    expect(leaving.shown).toBe(true);
    expect(leaving.transitions).toEqual(expect.arrayContaining([{ property: "transform", duration: 75 }]));
    await page.waitForSelector(".sf-sidemenu__panel", { state: "hidden", timeout: 1000 });
    await page.close();
  });
});
