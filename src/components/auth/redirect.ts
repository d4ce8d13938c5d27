// Where a shopper goes after signing in or up: the page's `redirect` when it resolves to
// this origin (DESIGN.md "Decisions"), otherwise home in the page's language. Anything
// else (another host, `//host`, `javascript:`) would let a link send a fresh session away.

import { splitPrefix, withPrefix } from "../../shared/language-prefix";
import type { Prefix } from "../../shared/languages";

const AUTH_FORMS = /^\/auth\/sign(in|up)\/?$/;

export function redirectTarget(value: string | null | undefined, origin: string, prefix: Prefix | null): string {
  const home = withPrefix(prefix, "/");
  if (!value) return home;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return home;
  }
  if (url.origin !== origin) return home;
  // Back to the sign-in or sign-up form would only ask again.
  if (AUTH_FORMS.test(splitPrefix(url.pathname).path)) return home;
  return url.pathname + url.search + url.hash;
}

/** A link to the other auth form that keeps the page's redirect. */
export function withRedirect(href: string, redirect: string | null): string {
  return redirect ? `${href}${href.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(redirect)}` : href;
}
