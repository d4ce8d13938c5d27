// Launches Debian's Chromium through playwright-core; Playwright never downloads a browser here.
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // One renderer process where Chromium may share it (pages of one context): starting a
  // renderer costs about 0.6 s of CPU on these machines. Four browser test files ran in
  // 145-171 s with these two flags against 182-194 s without.
  "--renderer-process-limit=1",
  "--disable-site-isolation-trials",
];

function launch(bfcache: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    ...(bfcache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
  });
}

/**
 * The browser files share: they run one after another in one process (the e2e project's
 * isolate: false), and launching Chromium costs each about a second here. Launched again if it
 * went away.
 */
let shared: Promise<Browser> | undefined;

/**
 * A Chromium for one test file. Its `close()` closes what the file opened (every context, and
 * with them their pages) and leaves the browser to the next file. `bfcache`: a browser of its
 * own that keeps the back/forward cache, which Playwright switches off by default.
 */
export async function launchBrowser(options: { bfcache?: boolean } = {}): Promise<Browser> {
  if (options.bfcache) return launch(true);
  if (!shared || !(await shared.catch(() => null))?.isConnected()) shared = launch(false);
  const browser = await shared;
  return new Proxy(browser, {
    get(target, key) {
      if (key === "close") return () => Promise.all(target.contexts().map((context) => context.close())).then(() => undefined);
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Waits until the router has taken over the page (it keys the history entry): a click before that is a plain page load. */
export function routerReady(page: Page): Promise<unknown> {
  return page.waitForFunction(() => typeof (history.state as { sfKey?: unknown } | null)?.sfKey === "string");
}

/**
 * Mounts the first island that `selector` finds as a shopper would, when it waits for them
 * (`interaction`: the header, the product's detail, a grid for a visitor): focus comes into it.
 * Resolves once it has mounted; an island mounted already resolves at once.
 */
export async function reachFor(page: Page, selector: string): Promise<void> {
  await page.locator(selector).first().dispatchEvent("focusin");
  await page.waitForSelector(`${selector}[data-island=mounted]`, { state: "attached" });
}
