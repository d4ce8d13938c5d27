// The browser and system named in the session and sign-in activity lists (src/server/auth/device.ts).
import { describe, expect, it } from "vitest";
import { deviceOf, deviceParts } from "../../src/server/auth/device";

describe("deviceParts", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
      "Chrome",
      "Linux",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      "Safari",
      "iOS",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
      "Safari",
      "macOS",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
      "Edge",
      "Windows",
    ],
    ["Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0", "Firefox", "Android"],
    ["curl/8.5.0", "curl", ""],
    ["", "", ""],
  ])("%s is %s on %s", (ua, browser, system) => {
    expect(deviceParts(ua)).toEqual({ browser, system });
  });

  it("reads rows written before the raw user agent was kept", () => {
    expect(deviceParts("Chrome on Linux")).toEqual({ browser: "Chrome", system: "Linux" });
    expect(deviceParts("Unknown browser on unknown system")).toEqual({ browser: "", system: "" });
    expect(deviceOf(undefined)).toBe("Unknown browser on unknown system");
  });
});
