// Turns a theme config into the CSS the page is styled with: custom properties on :root
// (components use only these) and the .sf-container rules per breakpoint.
import type { ThemeConfig } from "../../../generated/types";
import { type ResolvedTheme, resolveTheme } from "./resolve-theme";

/** Theme field -> custom property. Components and src/styles/app.css use these names. */
export const THEME_VARIABLES = {
  backgroundColor: "--color-bg",
  blockSpace: "--block-space",
  titleColor: "--color-title",
  heroBgColor: "--color-hero-bg",
  primaryColor: "--color-primary",
  secondaryColor: "--color-secondary",
  infoColor: "--color-info",
  successColor: "--color-success",
  warningColor: "--color-warning",
  errorColor: "--color-error",
  textColor: "--color-text",
  descColor: "--color-desc",
  salesPriceColor: "--color-sales-price",
  linePriceColor: "--color-line-price",
  placeholderColor: "--color-placeholder",
  borderColor: "--color-border",
  titleFontFamily: "--title-font-family",
  fontFamily: "--font-family",
  titleFontWeight: "--title-font-weight",
  fontWeight: "--font-weight",
  fontSize: "--font-size",
  titleFontSize: "--title-font-size",
  borderRadius: "--radius",
} as const satisfies Partial<Record<keyof ResolvedTheme, `--${string}`>>;

const BREAKPOINTS = ["sm", "md", "lg", "xl", "2xl", "3xl"] as const;

// The schema's patterns already keep values to these characters; this second check means a
// value that slipped past them still cannot close the declaration, the rule or the <style>.
const SAFE_VALUE = /^[-#a-zA-Z0-9 ,.'"%()/]{1,300}$/;

function safe(value: unknown): string | null {
  const text = String(value);
  return SAFE_VALUE.test(text) && !/\/\*|\*\//.test(text) ? text : null;
}

function declarations(entries: Array<[string, unknown]>): string {
  return entries
    .map(([name, value]) => [name, safe(value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .map(([name, value]) => `${name}:${value};`)
    .join("");
}

function rootVariables(theme: ResolvedTheme): Array<[string, unknown]> {
  const { product, container } = theme;
  return [
    ...Object.entries(THEME_VARIABLES).map(([field, name]): [string, unknown] => [
      name,
      theme[field as keyof typeof THEME_VARIABLES],
    ]),
    ["--product-image-ratio", product.imageRatio],
    ["--product-image-fit", product.imageFit],
    ["--product-show-line-price", product.showLinePrice ? 1 : 0],
    ["--product-line-price-display", product.showLinePrice ? "inline" : "none"],
    ["--product-show-score", product.showScore ? 1 : 0],
    ["--product-score-display", product.showScore ? "inline-flex" : "none"],
    ["--product-columns-mobile", product.columnsMobile],
    ["--product-columns-desktop", product.columnsDesktop],
    ...BREAKPOINTS.map((bp): [string, unknown] => [`--screen-${bp}`, `${container.screens[bp]}px`]),
    ["--container-padding", container.padding.DEFAULT],
  ];
}

function containerRules(theme: ResolvedTheme): string {
  const { screens, padding } = theme.container;
  // Ascending min-widths, so that the widest matching breakpoint comes last and wins.
  const ordered = [...BREAKPOINTS].sort((a, b) => screens[a] - screens[b]);
  const base = ".sf-container{width:100%;margin-inline:auto;padding-inline:var(--container-padding);}";
  const media = ordered.map((bp) => {
    const px = Number(screens[bp]);
    if (!Number.isFinite(px)) return "";
    return `@media (min-width:${px}px){:root{${declarations([["--container-padding", padding[bp]]])}}.sf-container{max-width:${px}px;}}`;
  });
  return base + media.join("");
}

/** The theme's CSS with every default applied: `:root{--color-primary:…}` plus container rules. */
export function themeToCss(config: ThemeConfig | undefined): string {
  const theme = resolveTheme(config);
  return `:root{${declarations(rootVariables(theme))}}${containerRules(theme)}`;
}

/**
 * The theme's custom properties on :root, each value checked as themeToCss checks it: the theme
 * editor (src/editor/) sets them on its preview to restyle it without a reload.
 */
export function themeVariables(config: ThemeConfig | undefined): Array<[string, string]> {
  return rootVariables(resolveTheme(config))
    .map(([name, value]): [string, string | null] => [name, safe(value)])
    .filter((entry): entry is [string, string] => entry[1] !== null);
}
