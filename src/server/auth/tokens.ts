// Session tokens and one-time codes: 256 random bits, base64url; only their SHA-256 is
// stored, so a copy of the database signs nobody in.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/open";

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

export function digest(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function issueToken(db: Db, userId: number, now: number): string {
  const token = randomToken();
  db.prepare("INSERT INTO tokens (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)").run(
    digest(token),
    userId,
    now,
    now + TOKEN_TTL_MS,
  );
  return token;
}

/** The user id a token belongs to, or null when it is unknown or expired. */
export function userIdOfToken(db: Db, token: string | undefined, now: number): number | null {
  if (!token || token.length > 100) return null;
  const row = db.prepare("SELECT user_id FROM tokens WHERE token_hash = ? AND expires_at > ?").get(digest(token), now) as
    | { user_id: number }
    | undefined;
  return row?.user_id ?? null;
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

/** Uses a code once; null when unknown, used, expired or for another purpose. */
export function useCode(db: Db, code: string, purpose: string, now: number): { userId: number; target: string } | null {
  const row = db
    .prepare(
      "SELECT user_id, target FROM one_time_codes WHERE code_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
    )
    .get(digest(code), purpose, now) as { user_id: number; target: string } | undefined;
  if (!row) return null;
  db.prepare("UPDATE one_time_codes SET used_at = ? WHERE code_hash = ?").run(now, digest(code));
  return { userId: row.user_id, target: row.target };
}
