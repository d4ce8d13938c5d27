// Session tokens and one-time codes: 256 random bits, base64url; only their SHA-256 is
// stored, so a copy of the database signs nobody in.
import { createHash, randomBytes } from "node:crypto";
import type { SignInMethod } from "../../../generated/types";
import type { Db } from "../db/open";

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function digest(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Where and how a session signed in, kept with its token for the shopper's list of sessions. */
export interface SessionClient {
  ip: string;
  /** The browser's User-Agent header, as sent (cut to 512 characters). */
  userAgent: string;
  method: SignInMethod;
}

/** A session is marked as used at most this often, so that reading a token is rarely a write. */
export const LAST_SEEN_STEP_MS = 60_000;

export function issueToken(db: Db, userId: number, now: number, client: SessionClient): string {
  const token = randomToken();
  db.prepare(
    "INSERT INTO tokens (token_hash, user_id, created_at, expires_at, session_id, ip, user_agent, method, last_seen_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  ).run(
    digest(token),
    userId,
    now,
    now + TOKEN_TTL_MS,
    randomBytes(12).toString("hex"),
    client.ip.slice(0, 64),
    client.userAgent.slice(0, 512),
    client.method,
    now,
  );
  return token;
}

/**
 * The user id a token belongs to, or null when it is unknown or expired. A token found is a
 * session in use: its last-seen time moves on (at most once per LAST_SEEN_STEP_MS).
 */
export function userIdOfToken(db: Db, token: string | undefined, now: number): number | null {
  if (!token || token.length > 100) return null;
  const hash = digest(token);
  const row = db.prepare("SELECT user_id, last_seen_at FROM tokens WHERE token_hash = ? AND expires_at > ?").get(hash, now) as
    | { user_id: number; last_seen_at: number | null }
    | undefined;
  if (!row) return null;
  if ((row.last_seen_at ?? 0) + LAST_SEEN_STEP_MS <= now) {
    db.prepare("UPDATE tokens SET last_seen_at = ? WHERE token_hash = ?").run(now, hash);
  }
  return row.user_id;
}

export function revokeToken(db: Db, token: string): void {
  db.prepare("DELETE FROM tokens WHERE token_hash = ?").run(digest(token));
}

/** A single-use code (email verification, password reset) for a user and purpose. */
export function issueCode(db: Db, userId: number, purpose: string, target: string, now: number, ttlMs: number): string {
  const code = randomToken();
  db.prepare(
    "INSERT INTO one_time_codes (code_hash, user_id, purpose, target, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  ).run(digest(code), userId, purpose, target, now + ttlMs, now);
  return code;
}

/**
 * Voids every password reset link of the account not used yet: after a reset (the other links
 * it was sent), and when its email address or mobile number changes (whoever still reads the
 * old inbox or phone no longer holds the account).
 */
export function voidResetLinks(db: Db, userId: number, now: number): void {
  db.prepare("UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL").run(
    now,
    userId,
  );
}

/** Uses a code once; null when unknown, used, expired or for another purpose. */
export function redeemCode(db: Db, code: string, purpose: string, now: number): { userId: number; target: string } | null {
  const row = db
    .prepare(
      "SELECT user_id, target FROM one_time_codes WHERE code_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
    )
    .get(digest(code), purpose, now) as { user_id: number; target: string } | undefined;
  if (!row) return null;
  db.prepare("UPDATE one_time_codes SET used_at = ? WHERE code_hash = ?").run(now, digest(code));
  return { userId: row.user_id, target: row.target };
}
