// A readable browser and system from a user agent, for the sign-in activity and session lists.
import { UAParser } from "ua-parser-js";

export interface DeviceParts {
  /** "Chrome", "Firefox", …; "" when the user agent names none. */
  browser: string;
  /** "Android", "iOS", "Windows", …; "" when the user agent names none. */
  system: string;
}

export function deviceParts(userAgent: string | undefined): DeviceParts {
  const ua = userAgent ?? "";
  // Rows written before the raw user agent was kept hold "Chrome on Linux" already.
  const written = /^([^/]+) on ([^/]+)$/.exec(ua);
  if (written) {
    return {
      browser: written[1] === "Unknown browser" ? "" : written[1]!,
      system: written[2] === "unknown system" ? "" : written[2]!,
    };
  }
  const { browser, os } = new UAParser(ua).getResult();
  return {
    // One name per browser family: the list should not split Safari on a phone from Safari on a Mac.
    browser: browser.name?.replace(/^Mobile /, "").replace(/ (Headless|WebView)$/, "") ?? productOf(ua),
    system: os.name === "Mac OS" ? "macOS" : (os.name ?? ""),
  };
}

/** What a client that no browser table knows calls itself: "curl" of "curl/8.5", at most 40 characters. */
function productOf(ua: string): string {
  return ua.split("/")[0]?.slice(0, 40) ?? "";
}

/** "Chrome on Linux", in English (the API's activity list). */
export function deviceOf(userAgent: string | undefined): string {
  const { browser, system } = deviceParts(userAgent);
  return `${browser || "Unknown browser"} on ${system || "unknown system"}`;
}
