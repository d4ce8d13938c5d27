// Keeps the database bounded: expired sessions, codes and QR tickets go, and tracking data
// (visitor tracks, page durations) is kept for a retention period and up to a row cap, so
// that no flood of anonymous calls can grow the file without end.
import type { Db } from "./db/open";

export const TRACKING_RETENTION_MS = 30 * 24 * 3600_000;
export const PURGE_INTERVAL_MS = 60_000;

export interface PurgeLimits {
  /** Visitor tracks and durations each keep at most this many of their newest rows. */
  maxTrackRows: number;
}

export const DEFAULT_PURGE_LIMITS: PurgeLimits = { maxTrackRows: 200_000 };

export function purgeExpired(db: Db, now: number, limits: PurgeLimits = DEFAULT_PURGE_LIMITS): void {
  db.transaction(() => {
    db.prepare("DELETE FROM tokens WHERE expires_at <= ?").run(now);
    db.prepare("DELETE FROM one_time_codes WHERE expires_at <= ?").run(now - 3600_000);
    db.prepare("DELETE FROM qr_tickets WHERE expires_at <= ?").run(now);
    db.prepare("DELETE FROM live_bindings WHERE bound_at <= ?").run(now - TRACKING_RETENTION_MS);
    // Failed sign-ins on accounts that do not exist belong to nobody's activity list.
    db.prepare("DELETE FROM login_activity WHERE user_id IS NULL AND created_at <= ?").run(now - TRACKING_RETENTION_MS);
    for (const table of ["visitor_tracks", "durations"]) {
      db.prepare(`DELETE FROM ${table} WHERE created_at <= ?`).run(now - TRACKING_RETENTION_MS);
      db.prepare(`DELETE FROM ${table} WHERE id <= (SELECT MAX(id) FROM ${table}) - ?`).run(limits.maxTrackRows);
    }
  })();
}
