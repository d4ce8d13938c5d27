// A readable browser and system from a user agent, for the sign-in activity and session lists.

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
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Firefox\//.test(ua)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(ua)
        ? "Chrome"
        : /Safari\//.test(ua)
          ? "Safari"
          : (ua.split("/")[0]?.slice(0, 40) ?? "");
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return { browser, system };
}

/** "Chrome on Linux", in English (the API's activity list). */
export function deviceOf(userAgent: string | undefined): string {
  const { browser, system } = deviceParts(userAgent);
  return `${browser || "Unknown browser"} on ${system || "unknown system"}`;
}
