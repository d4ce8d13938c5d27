// Which rendered pages the render cache keeps, by how often their address is asked for
// (TinyLFU, the policy of Caffeine's caches: Einziger, Friedman and Manes, "TinyLFU: a highly
// efficient cache admission policy"). Every request that may use the cache counts its address in
// a small frequency sketch; a page is kept only when its address was asked for before (as
// NGINX's proxy_cache_min_uses 2) and, once the cache is full, more often than the page it would
// push out. Every page kept and then dropped unread is garbage the collector has to carry: when
// many addresses come about as often as each other (a crawler, a catalog's long tail), a cache
// that took each in turn answered hardly any request from what it kept, and keeping nothing at
// all served 20 to 25% more category pages of the 50,000-product catalog per second.
import { createHash } from "node:crypto";

/** Counters per row of the sketch (a power of two): 64 KB in all, whatever the addresses. */
const WIDTH = 16_384;
/** Rows, each indexed by its own part of the address's digest; an estimate is the smallest count. */
const ROWS = 4;
/** A count stops here (four bits, as Caffeine's): enough to rank pages, and quick to age. */
const MAX_COUNT = 15;
/**
 * Requests counted before every count is halved, so that what was popular an hour ago does not
 * keep its place for good: ten per page the cache can hold (render-cache.ts, 2,000 entries).
 */
const SAMPLE = 20_000;

export interface Admission {
  /** Counts a request for `address`; its estimated count, this request included. */
  record(address: string): number;
  /** The estimated count of recent requests for `address`. */
  frequency(address: string): number;
}

export function createAdmission(sample = SAMPLE): Admission {
  const counts = new Uint8Array(WIDTH * ROWS);
  let recorded = 0;

  /** The counter of each row for an address: SHA-1, so that a kilobyte query string costs what a short one does. */
  function slots(address: string): number[] {
    const digest = createHash("sha1").update(address).digest();
    return Array.from({ length: ROWS }, (_, row) => row * WIDTH + (digest.readUInt32LE(row * 4) & (WIDTH - 1)));
  }

  const estimate = (at: number[]) => Math.min(...at.map((slot) => counts[slot]!));

  function age(): void {
    for (let i = 0; i < counts.length; i++) counts[i]! >>= 1;
    recorded = 0;
  }

  return {
    record(address) {
      const at = slots(address);
      // Only the smallest counters grow (conservative update): a busy neighbour in one row does
      // not lift a rare address's estimate.
      const before = estimate(at);
      if (before < MAX_COUNT) for (const slot of at) if (counts[slot] === before) counts[slot] = before + 1;
      if (++recorded >= sample) age();
      return Math.min(before + 1, MAX_COUNT);
    },
    frequency: (address) => estimate(slots(address)),
  };
}
