// Security headers of every answer, and the Content-Security-Policy of documents: their own
// inline script and <style> run because the policy names the SHA-256 of each body, not a
// per-response nonce, so one cached body serves every visitor (docs/operators.md, "Caching").
import { createHash, randomBytes } from "node:crypto";
import type { ThemeConfig } from "../../generated/types";

/** A fresh nonce, for one-off pages that are never cached (the demo payment page). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/** The CSP source that allows exactly this inline script or style body. */
export function hashSource(body: string): string {
  return `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`;
}

// Emotion (the theme writer after a client navigation) adds an empty <style> and fills it
// through the CSSOM, which CSP does not govern; the element itself must pass.
const EMPTY_STYLE = hashSource("");

// Executed script types: the JSON data blocks (initial data, JSON-LD) run nothing and need no source.
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)((?:\s+[^>]*)?)>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
const DATA_TYPE = /\stype="(?!module"|text\/javascript")[^"]*"/i;

/** The hash sources of the inline scripts and styles of trusted markup (the document's head extras). */
export function inlineSources(markup: string): { scripts: string[]; styles: string[] } {
  const scripts = [...markup.matchAll(INLINE_SCRIPT)].filter((m) => !DATA_TYPE.test(m[1] ?? "")).map((m) => hashSource(m[2]!));
  const styles = [...markup.matchAll(INLINE_STYLE)].map((m) => hashSource(m[1]!));
  return { scripts, styles };
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

/** The policy; `sources` are hash sources and origins beyond 'self' (inlineSources, injectOrigins). */
export function contentSecurityPolicy(sources: { scripts: string[]; styles: string[] }): string {
  const unique = (list: string[]) => [...new Set(list)].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${unique(sources.scripts)}`.trim(),
    `style-src 'self' ${unique([EMPTY_STYLE, ...sources.styles])}`,
    // React writes style attributes (custom properties such as --score); elements still need a hash.
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

/** Adds script sources to a policy (the dev-reload script joins a document's policy). */
export function withScriptSources(policy: string, scripts: string[]): string {
  return policy.replace(/(^|; )script-src 'self'/, `$1script-src 'self' ${scripts.join(" ")}`);
}

export const STATIC_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
  "cross-origin-opener-policy": "same-origin",
} as const;
