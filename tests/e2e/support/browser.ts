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

/** `bfcache`: keep Chromium's back/forward cache, which Playwright switches off by default. */
export function launchBrowser(options: { bfcache?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    ...(options.bfcache ? { ignoreDefaultArgs: ["--disable-back-forward-cache"] } : {}),
  });
}

/** Waits until the router has taken over the page (it keys the history entry): a click before that is a plain page load. */
export function routerReady(page: Page): Promise<unknown> {
  return page.waitForFunction(() => typeof (history.state as { sfKey?: unknown } | null)?.sfKey === "string");
}
