// Slows down guessing: after 5 failed sign-ins on an account within 15 minutes, each
// further attempt must wait 30 s, doubling per failure up to 15 minutes.
import type { Db } from "../db/open";

const WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = 5;
const BASE_WAIT_MS = 30_000;

/** Milliseconds the account must still wait before the next attempt (0 when none). */
export function signInWait(db: Db, account: string, now: number): number {
  const lastSuccess = db
    .prepare("SELECT MAX(created_at) AS at FROM login_activity WHERE account = ? AND success = 1")
    .get(account) as { at: number | null };
  const since = Math.max(now - WINDOW_MS, lastSuccess.at ?? 0);
  const row = db
    .prepare(
      "SELECT COUNT(*) AS n, MAX(created_at) AS last FROM login_activity WHERE account = ? AND success = 0 AND created_at > ?",
    )
    .get(account, since) as { n: number; last: number | null };
  if (row.n < FREE_FAILURES || row.last === null) return 0;
  const wait = Math.min(BASE_WAIT_MS * 2 ** (row.n - FREE_FAILURES), WINDOW_MS);
  return Math.max(0, row.last + wait - now);
}
