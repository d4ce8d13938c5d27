// Rendered pages that are the same for every visitor without a session, kept in memory so
// that the next anonymous request for the same address skips resolving and rendering. An
// entry's key carries the database's page data version (a counter SQLite triggers bump on
// every write to what public pages show but stock: migrations.ts), so a write in any worker
// process makes every older entry unreachable; stock, which every order changes, is checked per
// page instead (page-service.ts). Least recently used entries go first when the cache is over
// its count or its size, and only for a page that outranks them (admission.ts).
import type { Db, Statement } from "../db/open";

export interface RenderCacheLimits {
  /** At most this many entries. */
  entries: number;
  /** At most about this many bytes of cached text (estimated by the caller). */
  bytes: number;
}

/**
 * Per worker process: the estimate counts every page at two bytes a character three times over
 * (page-service.ts), so 16 MB of it holds a few hundred pages in well under that, within the
 * worker's heap limit (cluster.ts).
 */
export const DEFAULT_RENDER_CACHE_LIMITS: RenderCacheLimits = { entries: 2000, bytes: 16 * 1024 * 1024 };

/** How long a page that read the clock (promotion countdowns, coupon windows) is reused. */
export const CLOCK_PAGE_TTL_MS = 10_000;

interface Entry<T> {
  value: T;
  bytes: number;
  /** By the server's clock; Infinity for a page that does not depend on the time. */
  expiresAt: number;
}

/** How a new entry is weighed against the least recently used one it would push out. */
export interface Placement {
  /** By the server's clock: an entry expired by then goes without being weighed. */
  now: number;
  /** Whether the new entry is worth more than the one under `victimKey` (admission.ts); without it, always. */
  outranks?(victimKey: string): boolean;
}

export interface RenderCache<T> {
  get(key: string, now: number): T | undefined;
  /** Keeps `value` unless it is larger than the whole cache or, the cache full, does not outrank the entry it would push out; true when kept. */
  set(key: string, value: T, bytes: number, expiresAt: number, placement?: Placement): boolean;
  /** Entries and estimated bytes held, for tests and diagnostics. */
  size(): { entries: number; bytes: number };
}

export function createRenderCache<T>(limits: RenderCacheLimits = DEFAULT_RENDER_CACHE_LIMITS): RenderCache<T> {
  // A Map iterates in insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, Entry<T>>();
  let bytes = 0;

  function drop(key: string, entry: Entry<T>): void {
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      drop(key, entry);
      if (entry.expiresAt <= now) return undefined;
      entries.set(key, entry);
      bytes += entry.bytes;
      return entry.value;
    },
    set(key, value, size, expiresAt, placement) {
      // One page larger than the whole budget would only push everything else out.
      if (size > limits.bytes) return false;
      const old = entries.get(key);
      if (old) drop(key, old);
      const full = () => entries.size >= limits.entries || bytes + size > limits.bytes;
      // Weighed against the first live entry it would push out only; once it wins, as many go as it needs.
      let weighed = false;
      for (const [oldest, entry] of entries) {
        if (!full()) break;
        const live = entry.expiresAt > (placement?.now ?? Number.NEGATIVE_INFINITY);
        if (live && !weighed) {
          if (placement?.outranks && !placement.outranks(oldest)) return false;
          weighed = true;
        }
        drop(oldest, entry);
      }
      entries.set(key, { value, bytes: size, expiresAt });
      bytes += size;
      return true;
    },
    size: () => ({ entries: entries.size, bytes }),
  };
}

/**
 * The database's versions of what public pages show: `data` moves on every write to it but
 * stock, `stock` on every change of what orders hold of a SKU (migrations.ts, page_data_*).
 */
export interface PageDataVersion {
  data: number;
  stock: number;
}

/** Reads the page data versions: one indexed row, once per request that may use the cache. */
export function pageDataVersion(db: Db): () => PageDataVersion {
  const query: Statement = db.prepare("SELECT version, stock FROM page_data_version WHERE id = 1");
  return () => {
    const row = query.get() as { version: number; stock: number } | undefined;
    return { data: Number(row?.version ?? 0), stock: Number(row?.stock ?? 0) };
  };
}
