import { beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { ThemeInject } from "../../../generated/types";
import { allowedInjectUrl, createInjector } from "../../../src/runtime/theme/injects";

const ORIGIN = "https://shop.example";

// happy-dom fetches no files; let it report them loaded instead of logging each refusal.
beforeAll(() => {
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

describe("allowedInjectUrl", () => {
  it.each([
    ["https://cdn.example/brand.css", "https://cdn.example/brand.css"],
    ["/assets/brand.css", "https://shop.example/assets/brand.css"],
    ["https://shop.example/x.js", "https://shop.example/x.js"],
  ])("allows %s", (url, expected) => {
    expect(allowedInjectUrl(url, ORIGIN)).toBe(expected);
  });

  it.each([
    "http://cdn.example/brand.css",
    "javascript:alert(1)",
    "data:text/css,body{}",
    "//evil.example/x.js",
    "ftp://cdn.example/x.css",
    "https://cdn.example/a b.css",
    "",
    42,
    undefined,
  ])("refuses %j", (url) => {
    expect(allowedInjectUrl(url, ORIGIN)).toBeNull();
  });

  it("refuses a URL longer than the schema's 2048 characters", () => {
    expect(allowedInjectUrl(`https://cdn.example/${"x".repeat(2048)}`, ORIGIN)).toBeNull();
  });

  it("allows a same-origin http URL on an http page", () => {
    expect(allowedInjectUrl("/a.css", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/a.css");
    expect(allowedInjectUrl("http://other.example/a.css", "http://127.0.0.1:3000")).toBeNull();
  });
});

describe("injector", () => {
  let logger: { warn: Mock<(...args: unknown[]) => void> };
  beforeEach(() => {
    document.head.innerHTML = "";
    logger = { warn: vi.fn() };
  });
  const links = () => Array.from(document.head.querySelectorAll<HTMLLinkElement>("link[data-theme-inject]"));
  const scripts = () => Array.from(document.head.querySelectorAll<HTMLScriptElement>("script[data-theme-inject]"));

  it("adds a stylesheet link and an async script, each URL once", () => {
    const injector = createInjector({ doc: document, origin: ORIGIN, logger });
    const list: ThemeInject[] = [
      { type: "css", url: "/assets/brand.css" },
      { type: "js", url: "https://cdn.example/widget.js" },
      { type: "css", url: "https://shop.example/assets/brand.css" },
    ];
    injector.apply(list);
    injector.apply(list);
    expect(links().map((l) => l.getAttribute("href"))).toEqual(["https://shop.example/assets/brand.css"]);
    expect(links()[0]!.rel).toBe("stylesheet");
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.async).toBe(true);
    expect(scripts()[0]!.getAttribute("src")).toBe("https://cdn.example/widget.js");
  });

  it("ignores and logs bad URLs and unknown types, loading the rest", () => {
    const injector = createInjector({ doc: document, origin: ORIGIN, logger });
    injector.apply([
      { type: "js", url: "http://cdn.example/x.js" },
      { type: "js", url: "javascript:alert(1)" },
      { type: "html", url: "/x.html" } as unknown as ThemeInject,
      { type: "css", url: "/ok.css" },
    ]);
    expect(scripts()).toHaveLength(0);
    expect(links()).toHaveLength(1);
    const ignored = logger.warn.mock.calls.filter(([message]) => String(message).includes("ignored"));
    expect(ignored).toHaveLength(3);
  });

  it("logs a failing inject and goes on", () => {
    const injector = createInjector({ doc: document, origin: ORIGIN, logger });
    injector.apply([{ type: "js", url: "/missing.js" }]);
    scripts()[0]!.dispatchEvent(new Event("error"));
    expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining("/missing.js failed to load"));
  });

  it("disables a stylesheet a later theme drops and re-enables it without a second load", () => {
    const injector = createInjector({ doc: document, origin: ORIGIN, logger });
    injector.apply([{ type: "css", url: "/a.css" }]);
    injector.apply([]);
    expect(links()[0]!.disabled).toBe(true);
    injector.apply([{ type: "css", url: "/a.css" }]);
    expect(links()).toHaveLength(1);
    expect(links()[0]!.disabled).toBe(false);
  });

  it("counts injects the server already wrote as loaded", () => {
    document.head.innerHTML = `<link rel="stylesheet" href="/a.css" data-theme-inject="css">`;
    const injector = createInjector({ doc: document, origin: document.location.origin, logger });
    injector.apply([{ type: "css", url: "/a.css" }]);
    expect(links()).toHaveLength(1);
  });

  it("puts the page's nonce on what it adds", () => {
    const injector = createInjector({ doc: document, origin: ORIGIN, logger, nonce: "abc" });
    injector.apply([{ type: "js", url: "/x.js" }]);
    expect(scripts()[0]!.nonce).toBe("abc");
  });
});
