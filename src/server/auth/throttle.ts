// Slows down guessing: after 5 failed sign-ins on an account from one address within 15
// minutes, each further attempt from that address must wait 30 s, doubling per failure up
// to 15 minutes. Counting per account and address (OWASP's authentication cheat sheet) slows
// the guesser and not the owner, who signs in from elsewhere; the per-address rate limit
// bounds how many accounts one address may try.
import type { Db } from "../db/open";

const WINDOW_MS = 15 * 60_000;
const FREE_FAILURES = 5;
const BASE_WAIT_MS = 30_000;

/** Milliseconds this address must still wait before its next attempt on the account (0 when none). */
export function signInWait(db: Db, account: string, ip: string, now: number): number {
  const lastSuccess = db
    .prepare("SELECT MAX(created_at) AS at FROM login_activity WHERE account = ? AND ip = ? AND success = 1")
    .get(account, ip) as { at: number | null };
  const since = Math.max(now - WINDOW_MS, lastSuccess.at ?? 0);
  const row = db
    .prepare(
      "SELECT COUNT(*) AS n, MAX(created_at) AS last FROM login_activity WHERE account = ? AND ip = ? AND success = 0 AND created_at > ?",
    )
    .get(account, ip, since) as { n: number; last: number | null };
  if (row.n < FREE_FAILURES || row.last === null) return 0;
  const wait = Math.min(BASE_WAIT_MS * 2 ** (row.n - FREE_FAILURES), WINDOW_MS);
  return Math.max(0, row.last + wait - now);
}
