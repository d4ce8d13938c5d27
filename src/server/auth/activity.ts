// An account's sign-in attempts (login_activity), newest first: what auth/activity answers and
// the sign-in history page (user/security/activity) shows.
import type { Db } from "../db/open";

export interface LoginAttemptRow {
  ip: string;
  /** The browser's User-Agent header (older rows: "Chrome on Linux" already). */
  user_agent: string;
  method: string;
  success: number;
  created_at: number;
}

/** `limit` attempts from `offset`, newest first. */
export function loginAttempts(db: Db, userId: number, offset: number, limit: number): LoginAttemptRow[] {
  return db
    .prepare(
      "SELECT ip, user_agent, method, success, created_at FROM login_activity WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
    )
    .all(userId, limit, offset) as LoginAttemptRow[];
}

export function loginAttemptTotal(db: Db, userId: number): number {
  return (db.prepare("SELECT COUNT(*) AS n FROM login_activity WHERE user_id = ?").get(userId) as { n: number }).n;
}
