// Security headers of every answer, and the per-request nonce that lets the document's own
// scripts and theme <style> run under a Content-Security-Policy without 'unsafe-eval'.
import { randomBytes } from "node:crypto";
import type { ThemeConfig } from "../../generated/types";

export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** Origins of the theme's https injects, which the policy must allow. */
export function injectOrigins(theme: ThemeConfig): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const inject of theme.injects ?? []) {
    if (!inject.url.startsWith("https://")) continue;
    const origin = new URL(inject.url).origin;
    (inject.type === "js" ? scripts : styles).add(origin);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

export function contentSecurityPolicy(nonce: string, extra: { scripts: string[]; styles: string[] }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${extra.scripts.join(" ")}`.trim(),
    `style-src 'self' 'nonce-${nonce}' ${extra.styles.join(" ")}`.trim(),
    // React writes style attributes (custom properties such as --score); elements still need the nonce.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

export const STATIC_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
  "cross-origin-opener-policy": "same-origin",
} as const;
