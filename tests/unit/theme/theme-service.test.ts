import { afterEach, beforeAll, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import type { PageTheme } from "../../../generated/types";
import { type Bus, createBus } from "../../../src/runtime/bus";
import { startThemeService, type ThemeService } from "../../../src/runtime/theme/theme-service";
import { themeStyleElement } from "../../../src/shared/theme/theme-style";

let bus: Bus;
let service: ThemeService | undefined;
let logger: { warn: Mock<(...args: unknown[]) => void>; error: Mock<(...args: unknown[]) => void> };

const initial: PageTheme = { config: { primaryColor: "#4a00ff" } };

/** The custom property as the page's style sheets now resolve it. */
function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

// happy-dom fetches no files; let it report them loaded instead of logging each refusal.
beforeAll(() => {
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

beforeEach(() => {
  document.head.innerHTML = themeStyleElement(initial.config);
  document.body.innerHTML = `<div id="page-head">h</div><main id="page-body"></main><div id="page-foot">f</div>`;
  bus = createBus();
  logger = { warn: vi.fn(), error: vi.fn() };
});

afterEach(() => {
  service?.stop();
  service = undefined;
  document.head.innerHTML = "";
});

const emotionStyles = () => Array.from(document.head.querySelectorAll("style[data-emotion]"));

describe("theme service", () => {
  it("keeps the server's first theme without loading Emotion, whatever the key order", () => {
    const loadStyles = vi.fn();
    service = startThemeService(document, bus, { initial, logger, loadStyles });
    bus.emit("route:theme", { config: { primaryColor: "#4a00ff" } });
    expect(loadStyles).not.toHaveBeenCalled();
    service.stop();
    const nested: PageTheme = { config: { primaryColor: "teal", product: { imageRatio: "3/4", showScore: false } } };
    service = startThemeService(document, bus, { initial: nested, logger, loadStyles });
    bus.emit("route:theme", { config: { product: { showScore: false, imageRatio: "3/4" }, primaryColor: "teal" } });
    expect(loadStyles).not.toHaveBeenCalled();
    expect(cssVar("--color-primary")).toBe("#4a00ff");
  });

  it("applies a new theme with Emotion, without reload, replacing the server's style", async () => {
    service = startThemeService(document, bus, { initial, logger });
    bus.emit("route:theme", { config: { primaryColor: "#0f766e", borderRadius: "4px" } });
    await vi.waitFor(() => expect(document.getElementById("theme-vars")).toBeNull());
    expect(
      emotionStyles()
        .map((s) => s.textContent)
        .join(""),
    ).toContain("--color-primary:#0f766e;");
    expect(cssVar("--color-primary")).toBe("#0f766e");
    expect(cssVar("--radius")).toBe("4px");
    expect(cssVar("--color-secondary")).toBe("#00d1b2");

    bus.emit("route:theme", { config: { primaryColor: "teal" } });
    await vi.waitFor(() => expect(cssVar("--color-primary")).toBe("teal"));
    // Each theme replaces the last rather than piling up.
    expect(
      emotionStyles()
        .map((s) => s.textContent)
        .join(""),
    ).not.toContain("#0f766e");
    expect(cssVar("--radius")).toBe("0.5rem");
  });

  it("writes only the newest of several quick changes", async () => {
    const apply = vi.fn();
    let release!: () => void;
    const ready = new Promise<void>((r) => (release = r));
    const loadStyles = vi.fn(async () => {
      await ready;
      return { apply };
    });
    service = startThemeService(document, bus, { initial, logger, loadStyles });
    bus.emit("route:theme", { config: { primaryColor: "red" } });
    bus.emit("route:theme", { config: { primaryColor: "blue" } });
    release();
    await vi.waitFor(() => expect(apply).toHaveBeenCalled());
    expect(loadStyles).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith({ primaryColor: "blue" });
  });

  it("logs a failed load of the writer, keeps the page, and retries on the next change", async () => {
    const apply = vi.fn();
    const loadStyles = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValue({ apply });
    service = startThemeService(document, bus, { initial, logger, loadStyles });
    bus.emit("route:theme", { config: { primaryColor: "red" } });
    await vi.waitFor(() => expect(logger.error).toHaveBeenCalled());
    bus.emit("route:theme", { config: { primaryColor: "red" } });
    await vi.waitFor(() => expect(apply).toHaveBeenCalledWith({ primaryColor: "red" }));
  });

  it("hides and shows the head and foot by the theme's flags", () => {
    service = startThemeService(document, bus, { initial: { ...initial, hideFoot: true }, logger, loadStyles: vi.fn() });
    const head = document.getElementById("page-head")!;
    const foot = document.getElementById("page-foot")!;
    expect([head.hidden, foot.hidden]).toEqual([false, true]);
    bus.emit("route:theme", { ...initial, hideHead: true });
    expect([head.hidden, foot.hidden]).toEqual([true, false]);
    bus.emit("route:theme", initial);
    expect([head.hidden, foot.hidden]).toEqual([false, false]);
  });

  it("loads the injects of the first theme and of later ones, each once", () => {
    const withInject: PageTheme = { config: { injects: [{ type: "css", url: "/brand.css" }] } };
    service = startThemeService(document, bus, {
      initial: withInject,
      logger,
      loadStyles: vi.fn(async () => ({ apply: vi.fn() })),
    });
    bus.emit("route:theme", {
      config: {
        injects: [
          { type: "css", url: "/brand.css" },
          { type: "js", url: "/w.js" },
        ],
      },
    });
    expect(document.head.querySelectorAll("link[data-theme-inject]")).toHaveLength(1);
    expect(document.head.querySelectorAll("script[data-theme-inject]")).toHaveLength(1);
  });

  it("stops listening on stop", () => {
    const loadStyles = vi.fn();
    service = startThemeService(document, bus, { initial, logger, loadStyles });
    service.stop();
    bus.emit("route:theme", { config: { primaryColor: "red" }, hideHead: true });
    expect(loadStyles).not.toHaveBeenCalled();
    expect(document.getElementById("page-head")!.hidden).toBe(false);
  });
});
