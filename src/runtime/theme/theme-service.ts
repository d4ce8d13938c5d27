// Keeps the page's theme in step with client navigation: each "route:theme" on the bus
// hides or shows the head and foot, loads the theme's injects, and, only when the config
// really changed, rewrites the theme's CSS with Emotion (loaded on that first change).
import type { PageTheme, ThemeConfig } from "../../../generated/types";
import { THEME_STYLE_ID } from "../../shared/theme/style-id";
import type { Bus, Events } from "../bus";
import type { ThemeStyles } from "./emotion-theme";
import { createInjector } from "./injects";

const HEAD_ID = "page-head";
const FOOT_ID = "page-foot";

export interface ThemeServiceOptions {
  /** The theme the server rendered the page with (its CSS is already in the document). */
  initial?: PageTheme | null;
  /** Defaults to the document's own origin. */
  origin?: string;
  logger?: Pick<Console, "warn" | "error">;
  /** Loads the Emotion writer; tests may pass their own. */
  loadStyles?: (doc: Document, nonce?: string) => Promise<ThemeStyles>;
}

export interface ThemeService {
  stop(): void;
}

const loadEmotionStyles = async (doc: Document, nonce?: string): Promise<ThemeStyles> =>
  (await import("./emotion-theme")).createThemeStyles(doc, nonce);

/** The same for equal configs whatever their key order, so an unchanged theme never loads Emotion. */
function configKey(config: ThemeConfig | undefined): string {
  return JSON.stringify(config ?? {}, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

/** The nonce the server gave the page, so Emotion's styles and the injects pass its CSP. */
function pageNonce(doc: Document): string | undefined {
  const el = doc.getElementById(THEME_STYLE_ID) ?? doc.querySelector("script[nonce]");
  return (el as HTMLElement | null)?.nonce || undefined;
}

export function startThemeService(doc: Document, bus: Bus, options: ThemeServiceOptions = {}): ThemeService {
  const logger = options.logger ?? console;
  const loadStyles = options.loadStyles ?? loadEmotionStyles;
  const nonce = pageNonce(doc);
  const injector = createInjector({ doc, origin: options.origin ?? doc.location.origin, logger, ...(nonce ? { nonce } : {}) });
  let currentKey = options.initial ? configKey(options.initial.config) : undefined;
  let latest: ThemeConfig | undefined;
  let styles: Promise<ThemeStyles> | null = null;
  let stopped = false;

  function layout(theme: PageTheme): void {
    const head = doc.getElementById(HEAD_ID);
    const foot = doc.getElementById(FOOT_ID);
    if (head) head.hidden = theme.hideHead === true;
    if (foot) foot.hidden = theme.hideFoot === true;
  }

  function restyle(config: ThemeConfig | undefined): void {
    const key = configKey(config);
    if (key === currentKey) return;
    currentKey = key;
    latest = config;
    styles ??= loadStyles(doc, nonce);
    styles.then(
      (writer) => {
        // Only the newest theme is written, however the loads and navigations interleave.
        if (stopped || configKey(latest) !== key) return;
        writer.apply(config);
      },
      (err: unknown) => {
        logger.error(`[theme] could not load the theme writer (${String(err)}); the page keeps its current theme`);
        styles = null;
        currentKey = undefined;
      },
    );
  }

  function onTheme(theme: Events["route:theme"]): void {
    layout(theme);
    injector.apply(theme.config?.injects);
    restyle(theme.config);
  }

  if (options.initial) {
    layout(options.initial);
    injector.apply(options.initial.config?.injects);
  }
  bus.on("route:theme", onTheme);
  return {
    stop() {
      stopped = true;
      bus.off("route:theme", onTheme);
    },
  };
}
