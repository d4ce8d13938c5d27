// Which rendered pages the render cache keeps: those whose address was asked for before (as
// NGINX's proxy_cache_min_uses 2). A page asked for once (a crawler walking 50,000 products,
// a search nobody repeats) would push out pages asked for all the time, and every page kept
// and then dropped unread is garbage the collector has to carry: a tenth of a catalog page's
// CPU time when few addresses come twice. Addresses, not cache keys: after a write makes
// every entry stale, a page asked for before is kept again on its first render.
import { createHash } from "node:crypto";

/** Addresses remembered, least recently asked first out: under 1 MB of digests. */
const REMEMBERED = 10_000;

/** An address's digest: 27 characters whatever its length (a query string may be kilobytes). */
const digestOf = (address: string) => createHash("sha1").update(address).digest("base64url");

export interface Admission {
  /** Notes that `address` was asked for; true when it had been already (its page is worth keeping). */
  admit(address: string): boolean;
}

export function createAdmission(remembered = REMEMBERED): Admission {
  // A Set iterates in insertion order: re-adding an address keeps the one asked least recently first.
  const seen = new Set<string>();
  return {
    admit(address) {
      const digest = digestOf(address);
      const before = seen.delete(digest);
      seen.add(digest);
      if (seen.size > remembered) seen.delete(seen.values().next().value as string);
      return before;
    },
  };
}
