// The <style> the server writes into the first HTML, so the page never flashes unthemed.
import type { ThemeConfig } from "../../../generated/types";
import { themeToCss } from "./css-variables";
import { THEME_STYLE_ID } from "./style-id";

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** `<style id="theme-vars">…</style>` for DocumentParts.headExtra; pass the CSP nonce if the page has one. */
export function themeStyleElement(config: ThemeConfig | undefined, nonce?: string): string {
  const nonceAttr = nonce ? ` nonce="${escapeAttribute(nonce)}"` : "";
  return `<style id="${THEME_STYLE_ID}"${nonceAttr}>${themeToCss(config)}</style>`;
}
