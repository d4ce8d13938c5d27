// The language path (the URL's prefix, "" for none) is kept locally (SPEC.md §9), and the
// locale switch needs the same address in another language: both live here.
import { DEFAULT_PREFIX, PREFIXES, type Prefix } from "../../shared/languages";

/** What this needs of the shop's store (src/runtime/storage.ts), so tests pass a fake. */
export interface LanguagePathStore {
  get(key: "languagePath"): string | null;
  set(key: "languagePath", value: string): void;
}

const BY_LOWER = new Map<string, Prefix>(PREFIXES.map((p) => [p.toLowerCase(), p]));

/** The prefix a path starts with (compared without case), or null. */
export function prefixOfPath(pathname: string): Prefix | null {
  const first = /^\/([^/?#]+)/.exec(pathname)?.[1];
  return first ? (BY_LOWER.get(first.toLowerCase()) ?? null) : null;
}

/** The same page in another language: the prefix replaced, added, or (for the default) removed. Query and hash stay. */
export function addressInLanguage(location: Pick<Location, "pathname" | "search" | "hash">, target: Prefix): string {
  const current = prefixOfPath(location.pathname);
  const rest = current ? location.pathname.slice(current.length + 1) || "/" : location.pathname || "/";
  const path = target === DEFAULT_PREFIX ? rest : rest === "/" ? `/${target}/` : `/${target}${rest}`;
  return path + location.search + location.hash;
}

/** Keeps the page's language path. Storage that throws (private mode, quota) never stops the page. */
export function rememberLanguagePath(store: LanguagePathStore, pathname: string): void {
  const path = prefixOfPath(pathname) ?? "";
  try {
    if (store.get("languagePath") !== path) store.set("languagePath", path);
  } catch {
    // Not remembered this time; the address still carries the language.
  }
}
