// The signed-in customer's sessions (user/security): the list, with where and how each signed
// in and when it was last used, and signing one or all the others out.
import type { FastifyRequest } from "fastify";
import type { SignedInSession, SignInMethod } from "../../../../generated/types";
import { logEvent } from "../../account/log";
import { deviceParts } from "../../auth/device";
import { digest, type SessionClient } from "../../auth/tokens";
import type { Db } from "../../db/open";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { clientIp, count, iso } from "./shared";

/** The most sessions a list shows (most recently used first). */
export const SESSIONS_LISTED = 50;

/** Where and how a session being issued signs in, from its request. */
export function sessionClient(request: FastifyRequest, method: SessionClient["method"]): SessionClient {
  return { ip: clientIp(request), userAgent: request.headers["user-agent"] ?? "", method };
}

interface TokenRow {
  token_hash: string;
  session_id: string;
  ip: string;
  user_agent: string;
  method: string;
  created_at: number;
  last_seen_at: number | null;
}

const METHODS: ReadonlySet<string> = new Set<SignInMethod>(["email", "mobile", "qr", "link", "code"]);

/** A sign-in method as stored (sessions, sign-in attempts), when it is one the lists know. */
export function signInMethod(stored: string): { method?: SignInMethod } {
  return METHODS.has(stored) ? { method: stored as SignInMethod } : {};
}

/** The account's live sessions, `currentHash` (the asking token's digest) marked current. */
export function listSessions(
  db: Db,
  userId: number,
  currentHash: string | undefined,
  now: number,
): { items: SignedInSession[]; total: number } {
  const rows = db
    .prepare(
      `SELECT token_hash, session_id, ip, user_agent, method, created_at, last_seen_at FROM tokens
        WHERE user_id = ? AND expires_at > ? ORDER BY COALESCE(last_seen_at, created_at) DESC, created_at DESC LIMIT ?`,
    )
    .all(userId, now, SESSIONS_LISTED) as TokenRow[];
  return {
    items: rows.map((r) => {
      const { browser, system } = deviceParts(r.user_agent);
      return {
        id: r.session_id,
        ip: r.ip,
        browser: browser.slice(0, 40),
        system,
        ...signInMethod(r.method),
        createdAt: iso(r.created_at),
        lastSeenAt: iso(r.last_seen_at ?? r.created_at),
        current: r.token_hash === currentHash,
      };
    }),
    total: count(db, "SELECT COUNT(*) AS n FROM tokens WHERE user_id = ? AND expires_at > ?", userId, now),
  };
}

export const sessionCalls = [
  defineCall("auth/sessions", "required", (ctx) => listSessions(ctx.deps.db, ctx.user!.id, digest(ctx.token!), ctx.deps.clock())),

  defineCall("auth/revokeSession", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    const current = db.transaction(() => {
      const row = db.prepare("SELECT token_hash FROM tokens WHERE session_id = ? AND user_id = ?").get(ctx.body.id, userId) as
        | { token_hash: string }
        | undefined;
      if (!row) fail("refusal.session.ended");
      db.prepare("DELETE FROM tokens WHERE token_hash = ?").run(row!.token_hash);
      logEvent(db, userId, "security.session", {}, clock());
      return row!.token_hash === digest(ctx.token!);
    })();
    if (current && ctx.visitorId) ctx.deps.live.bind(ctx.visitorId, null);
    return { current };
  }),

  defineCall("auth/revokeOtherSessions", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    return db.transaction(() => {
      const revoked = db
        .prepare("DELETE FROM tokens WHERE user_id = ? AND token_hash != ?")
        .run(userId, digest(ctx.token!)).changes;
      if (revoked > 0) logEvent(db, userId, "security.sessions", { count: revoked }, clock());
      return { revoked };
    })();
  }),
];
