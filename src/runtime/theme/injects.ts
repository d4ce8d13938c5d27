// The theme's extra stylesheets and scripts (DESIGN.md "Decisions"): only css and js, only
// https: or same-origin URLs, each URL loaded once, and a failure is logged without ever
// blocking the page. A stylesheet a later theme no longer lists is disabled, not removed,
// so that listing it again does not load it twice.
import type { ThemeInject } from "../../../generated/types";

export const INJECT_ATTRIBUTE = "data-theme-inject";

export interface Injector {
  /** Loads the injects not loaded yet and disables stylesheets this list no longer names. */
  apply(injects: readonly ThemeInject[] | undefined): void;
}

export interface InjectorEnv {
  doc: Document;
  /** The page's origin, e.g. "https://shop.example". */
  origin: string;
  logger?: Pick<Console, "warn">;
  /** CSP nonce for injected scripts and stylesheets. */
  nonce?: string;
}

/** The absolute URL of an allowed inject, or null: https: anywhere, or this origin. */
export function allowedInjectUrl(url: unknown, origin: string): string | null {
  if (typeof url !== "string" || url.length === 0 || url.length > 2048 || /\s/.test(url) || url.startsWith("//")) return null;
  let resolved: URL;
  try {
    resolved = new URL(url, origin);
  } catch {
    return null;
  }
  if (resolved.protocol === "https:" || resolved.origin === origin) return resolved.href;
  return null;
}

// By tag name, not instanceof, so that elements of another window (tests, iframes) count too.
function isLink(el: Element): el is HTMLLinkElement {
  return el.tagName === "LINK";
}

export function createInjector(env: InjectorEnv): Injector {
  const { doc, origin, nonce } = env;
  const logger = env.logger ?? console;
  const loaded = new Map<string, HTMLLinkElement | HTMLScriptElement>();

  // Injects the server already wrote into the document count as loaded.
  for (const el of Array.from(doc.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(`[${INJECT_ATTRIBUTE}]`))) {
    const href = isLink(el) ? el.href : (el as HTMLScriptElement).src;
    const url = allowedInjectUrl(href, origin);
    if (url) loaded.set(url, el);
  }

  function create(type: "css" | "js", url: string): HTMLLinkElement | HTMLScriptElement {
    const el = type === "css" ? doc.createElement("link") : doc.createElement("script");
    if (isLink(el)) {
      el.rel = "stylesheet";
      el.href = url;
    } else {
      el.async = true;
      el.src = url;
    }
    if (nonce) el.nonce = nonce;
    el.setAttribute(INJECT_ATTRIBUTE, type);
    el.addEventListener("error", () => logger.warn(`[theme] inject ${type} ${url} failed to load; the page goes on without it`));
    return el;
  }

  return {
    apply(injects) {
      const wanted = new Set<string>();
      for (const inject of injects ?? []) {
        const type = inject?.type;
        const url = allowedInjectUrl(inject?.url, origin);
        if ((type !== "css" && type !== "js") || url === null) {
          logger.warn(`[theme] inject ${JSON.stringify(inject)} ignored: only css or js with an https: or same-origin URL`);
          continue;
        }
        wanted.add(url);
        const existing = loaded.get(url);
        if (existing) {
          if (isLink(existing)) existing.disabled = false;
          continue;
        }
        const el = create(type, url);
        loaded.set(url, el);
        doc.head.appendChild(el);
      }
      for (const [url, el] of loaded) {
        if (isLink(el) && !wanted.has(url)) el.disabled = true;
      }
    },
  };
}
