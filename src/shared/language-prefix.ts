// The optional language prefix in front of every route: /zh-HK/product/x is the product
// route in Traditional Chinese (Hong Kong). Without a prefix the default language applies.
import { DEFAULT_PREFIX, type Language, languageOf, PREFIXES, type Prefix } from "./languages";

export interface PrefixedPath {
  prefix: Prefix | null;
  language: Language;
  /** The path after the prefix, always starting with "/". */
  path: string;
}

const BY_LOWER = new Map<string, Prefix>(PREFIXES.map((p) => [p.toLowerCase(), p]));

export function splitPrefix(pathname: string): PrefixedPath {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  // Prefixes are compared without case: /zh-hk/ is the same language as /zh-HK/.
  const prefix = match ? (BY_LOWER.get(match[1]!.toLowerCase()) ?? null) : null;
  if (!prefix) return { prefix: null, language: languageOf(DEFAULT_PREFIX), path: pathname || "/" };
  return { prefix, language: languageOf(prefix), path: match![2] || "/" };
}

/** A path under a prefix; no prefix leaves it as it is. */
export function withPrefix(prefix: Prefix | null, path: string): string {
  if (!prefix) return path;
  return path === "/" ? `/${prefix}` : `/${prefix}${path}`;
}
