// Keeps the database bounded: expired sessions, codes and QR tickets go, and tracking data
// (visitor tracks, page durations) is kept for a retention period and up to a row cap, so
// that no flood of anonymous calls can grow the file without end; so are the carts of visitors
// not seen for a while (VISITOR_CART_DAYS).
import type { Db } from "./db/open";

export const TRACKING_RETENTION_MS = 30 * 24 * 3600_000;
export const PURGE_INTERVAL_MS = 60_000;

export interface PurgeLimits {
  /** Visitor tracks and durations each keep at most this many of their newest rows. */
  maxTrackRows: number;
  /** A visitor's cart (signed out) goes once neither it nor a tracked page view of its visitor is this recent. */
  visitorCartMs: number;
}

export const DEFAULT_PURGE_LIMITS: PurgeLimits = { maxTrackRows: 200_000, visitorCartMs: 30 * 24 * 3600_000 };

export function purgeExpired(db: Db, now: number, given: Partial<PurgeLimits> = {}): void {
  const limits = { ...DEFAULT_PURGE_LIMITS, ...given };
  db.transaction(() => {
    db.prepare("DELETE FROM tokens WHERE expires_at <= ?").run(now);
    db.prepare("DELETE FROM one_time_codes WHERE expires_at <= ?").run(now - 3600_000);
    db.prepare("DELETE FROM qr_tickets WHERE expires_at <= ?").run(now);
    db.prepare("DELETE FROM live_bindings WHERE bound_at <= ?").run(now - TRACKING_RETENTION_MS);
    // Failed sign-ins on accounts that do not exist belong to nobody's activity list.
    db.prepare("DELETE FROM login_activity WHERE user_id IS NULL AND created_at <= ?").run(now - TRACKING_RETENTION_MS);
    // Carts of visitors not seen since (their lines go with them); a customer's cart stays theirs.
    db.prepare(
      `DELETE FROM carts WHERE owner LIKE 'v:%' AND updated_at <= ?
         AND NOT EXISTS (SELECT 1 FROM visitor_tracks t WHERE t.visitor_id = substr(carts.owner, 3) AND t.created_at > ?)`,
    ).run(now - limits.visitorCartMs, now - limits.visitorCartMs);
    for (const table of ["visitor_tracks", "durations"]) {
      db.prepare(`DELETE FROM ${table} WHERE created_at <= ?`).run(now - TRACKING_RETENTION_MS);
      db.prepare(`DELETE FROM ${table} WHERE id <= (SELECT MAX(id) FROM ${table}) - ?`).run(limits.maxTrackRows);
    }
  })();
}
