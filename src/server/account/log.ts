// The account's event log (user/log): what the shopper, or the shop on their behalf, changed
// or did, one row per event. Any call that changes an account writes its event here in the
// same step as the change: profile and security calls (api/calls/user.ts, sessions.ts),
// addresses, orders and payments, returns, credits. The kinds and the details each names
// are schemas/components/AccountLog.schema.json's.
import type { AccountLogDetails, AccountLogEntry, AccountLogKind, AccountLogTopic } from "../../../generated/types";
import type { Db } from "../db/open";

export { ACCOUNT_LOG_TOPICS } from "../../shared/account-log";
export type { AccountLogDetails, AccountLogKind, AccountLogTopic };

/** Writes one event of `userId`'s log. Call it inside the transaction of the change it records, if there is one. */
export function logEvent(db: Db, userId: number, kind: AccountLogKind, details: AccountLogDetails, now: number): void {
  db.prepare("INSERT INTO account_log (user_id, kind, details, created_at) VALUES (?, ?, ?, ?)").run(
    userId,
    kind,
    JSON.stringify(details),
    now,
  );
}

/** The filter of a topic: `user_id = ?` and, for a topic, its kinds. */
function filterOf(userId: number, topic: AccountLogTopic | null): { where: string; params: unknown[] } {
  // A topic is one of a fixed list, so it holds no LIKE wildcard.
  return topic
    ? { where: "user_id = ? AND kind LIKE ?", params: [userId, `${topic}.%`] }
    : { where: "user_id = ?", params: [userId] };
}

/** How many events the log holds, of one topic or (null) of all. */
export function accountLogTotal(db: Db, userId: number, topic: AccountLogTopic | null): number {
  const { where, params } = filterOf(userId, topic);
  return (db.prepare(`SELECT COUNT(*) AS n FROM account_log WHERE ${where}`).get(...params) as { n: number }).n;
}

/** One page of the log, newest first; `topic` null for every topic. */
export function readAccountLog(
  db: Db,
  userId: number,
  query: { topic: AccountLogTopic | null; offset: number; limit: number },
): Omit<AccountLogEntry, "href">[] {
  const { where, params } = filterOf(userId, query.topic);
  const rows = db
    .prepare(`SELECT id, kind, details, created_at FROM account_log WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(...params, query.limit, query.offset) as { id: number; kind: AccountLogKind; details: string; created_at: number }[];
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    details: JSON.parse(r.details) as AccountLogDetails,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}
