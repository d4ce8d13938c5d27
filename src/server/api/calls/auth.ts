// Sign-in (email or mobile), sign-up, sign-out, password reset, email verification,
// confirmation codes and QR sign-in tickets.
import { randomInt } from "node:crypto";
import type * as T from "../../../../generated/types";
import { deviceOf } from "../../auth/device";
import { signInWait } from "../../auth/throttle";
import { digest, issueCode, issueToken, randomToken, revokeToken, useCode } from "../../auth/tokens";
import { type UserRow, userById, userInfo } from "../../auth/users";
import type { Db } from "../../db/open";
import { MAILS_PER_HOUR } from "../../mail";
import { ApiFail, CODE, fail } from "../envelope";
import { type ApiDeps, type CallContext, defineCall } from "../register";
import { mergeVisitorCart } from "./cart";
import { clientIp, count, EMAIL, iso, PHONE, paging } from "./shared";

const RESET_TTL_MS = 30 * 60_000;
/** The least time between two verification mails to one account (the prompt page counts it down too). */
export const VERIFY_RESEND_MS = 60_000;
const VERIFY_TTL_MS = 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;
const QR_TTL_MS = 5 * 60_000;
/** Wrong tries of one 6-digit code before it is void, and of all an account's codes per hour. */
const CODE_TRIES = 5;
const ACCOUNT_CODE_TRIES = 10;
const HOUR_MS = 3600_000;

/** Records a sign-in attempt; its row id. */
function recordAttempt(ctx: CallContext<unknown>, account: string, userId: number | null, method: string, success: boolean) {
  return ctx.deps.db
    .prepare(
      "INSERT INTO login_activity (user_id, account, ip, user_agent, method, success, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(
      userId,
      account,
      clientIp(ctx.request),
      deviceOf(ctx.request.headers["user-agent"]),
      method,
      success ? 1 : 0,
      ctx.deps.clock(),
    ).lastInsertRowid;
}

/** Signs a user in: a new token, last login, and the visitor's cart joins theirs. */
export function startSession(ctx: CallContext<unknown>, user: UserRow): T.AuthSession {
  const { db, clock } = ctx.deps;
  const now = clock();
  const token = db.transaction(() => {
    db.prepare("UPDATE users SET last_login_at = ? WHERE id = ?").run(now, user.id);
    if (ctx.visitorId) mergeVisitorCart(db, ctx.visitorId, user.id, now);
    return issueToken(db, user.id, now);
  })();
  if (ctx.visitorId) ctx.deps.live.bind(ctx.visitorId, user.id);
  return { token, user: userInfo(db, userById(db, user.id)!) };
}

/** Refuses a mail to an address that has had its share this hour. */
function checkMailQuota(deps: ApiDeps, to: string) {
  if (deps.mailer.recentTo(to) >= MAILS_PER_HOUR) fail("Too many mails were sent to this address. Try again in an hour.");
}

/** Fails when the account has guessed too many codes wrong this hour, whichever codes they were. */
function checkCodeTries(deps: ApiDeps, userId: number) {
  const wrong = count(
    deps.db,
    "SELECT COALESCE(SUM(attempts), 0) AS n FROM one_time_codes WHERE user_id = ? AND purpose LIKE 'change-%' AND created_at > ?",
    userId,
    deps.clock() - HOUR_MS,
  );
  if (wrong >= ACCOUNT_CODE_TRIES) fail("Too many wrong codes. Try again in an hour.");
}

function sendVerification(deps: ApiDeps, user: UserRow) {
  if (!user.email) return;
  const last = count(
    deps.db,
    "SELECT COALESCE(MAX(created_at), 0) AS n FROM one_time_codes WHERE user_id = ? AND purpose = 'verify-email'",
    user.id,
  );
  const wait = last + VERIFY_RESEND_MS - deps.clock();
  if (wait > 0) fail(`A link was sent a moment ago. Try again in ${Math.ceil(wait / 1000)} seconds.`);
  checkMailQuota(deps, user.email);
  const code = issueCode(deps.db, user.id, "verify-email", user.email, deps.clock(), VERIFY_TTL_MS);
  deps.mailer.send({
    to: user.email,
    subject: "Verify your email address",
    body: "Open the link to verify your email address. It works for 24 hours.",
    link: `/auth/verify-email?code=${code}`,
  });
}

function findAccount(db: Db, account: string, countryCode?: string): UserRow | undefined {
  if (account.includes("@")) return db.prepare("SELECT * FROM users WHERE email = ?").get(account) as UserRow | undefined;
  const rows = db.prepare("SELECT * FROM users WHERE mobile = ?").all(account.replace(/^\+/, "")) as UserRow[];
  return rows.find((r) => !countryCode || r.country_code === countryCode) ?? rows[0];
}

/** 6-digit codes are short, so their hash includes whom and what they are for. */
const shortCodeHash = (userId: number, target: string, code: string) => digest(`${userId}:${target}:${code}`);

/**
 * Uses the account's live code for `purpose` when `code` and `target` match it. Each wrong try
 * counts, and is written even though the call then fails (so never call this inside a
 * transaction that the failure rolls back); the fifth voids the code.
 */
export function checkShortCode(deps: ApiDeps, userId: number, purpose: string, target: string, code: string): void {
  const { db } = deps;
  const now = deps.clock();
  checkCodeTries(deps, userId);
  const row = db
    .prepare(
      "SELECT code_hash, attempts FROM one_time_codes WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
    )
    .get(userId, purpose, now) as { code_hash: string; attempts: number } | undefined;
  if (!row) fail("The verification code is wrong or has expired.");
  if (row!.code_hash !== shortCodeHash(userId, target, code)) {
    const attempts = row!.attempts + 1;
    db.prepare("UPDATE one_time_codes SET attempts = ?, used_at = ? WHERE code_hash = ?").run(
      attempts,
      attempts >= CODE_TRIES ? now : null,
      row!.code_hash,
    );
    fail(attempts >= CODE_TRIES ? "Too many wrong codes. Ask for a new code." : "The verification code is wrong or has expired.");
  }
  db.prepare("UPDATE one_time_codes SET used_at = ? WHERE code_hash = ?").run(now, row!.code_hash);
}

export const authCalls = [
  defineCall("auth/signin", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    const account = ctx.body.account.trim().toLowerCase();
    const method = account.includes("@") ? "email" : "mobile";
    if (method === "email" ? !EMAIL.test(account) : !PHONE.test(account)) {
      throw new ApiFail(CODE.fail, "The account must be an email address or a mobile number.");
    }
    const { passwords, limits } = ctx.deps;
    const ip = clientIp(ctx.request);
    limits.require("signin", ip);
    // Check, start the hash and count the attempt as failed in one synchronous step: parallel
    // guesses each see the ones before them, however long their hashes take.
    const wait = signInWait(db, account, ip, clock());
    if (wait > 0) fail(`Too many failed sign-ins. Try again in ${Math.ceil(wait / 1000)} seconds.`);
    const user = findAccount(db, account, ctx.body.countryCode);
    const checking = passwords.verify(ctx.body.password, user?.password_hash ?? passwords.dummyHash);
    const attempt = recordAttempt(ctx, account, user?.id ?? null, method, false);
    const ok = await checking;
    if (!ok || !user) fail("The account or password is incorrect.");
    db.prepare("UPDATE login_activity SET success = 1 WHERE id = ?").run(attempt);
    if (passwords.needsRehash(user!.password_hash)) {
      // A busy server signs the owner in all the same; the next sign-in rehashes.
      const rehashed = await Promise.resolve()
        .then(() => passwords.hash(ctx.body.password))
        .catch(() => null);
      if (rehashed) db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(rehashed, user!.id);
    }
    return startSession(ctx, user!);
  }),

  defineCall("auth/signup", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    const { email, mobile, countryCode, password } = ctx.body;
    if (!email && !mobile) throw new ApiFail(CODE.fail, "email or mobile is required");
    if (mobile && !countryCode) throw new ApiFail(CODE.fail, "countryCode is required");
    ctx.deps.limits.require("signup", clientIp(ctx.request));
    const normalizedEmail = email?.toLowerCase() ?? null;
    const normalizedMobile = mobile?.replace(/^\+/, "") ?? null;
    const hash = await ctx.deps.passwords.hash(password);
    const now = clock();
    const id = db.transaction(() => {
      if (normalizedEmail && db.prepare("SELECT 1 FROM users WHERE email = ?").get(normalizedEmail)) {
        fail("An account with this email address already exists.");
      }
      if (normalizedMobile && db.prepare("SELECT 1 FROM users WHERE mobile = ?").get(normalizedMobile)) {
        fail("An account with this mobile number already exists.");
      }
      const nickname = ctx.body.firstName || normalizedEmail?.split("@")[0] || `user${normalizedMobile?.slice(-4)}`;
      return Number(
        db
          .prepare(
            "INSERT INTO users (email, country_code, mobile, password_hash, first_name, last_name, nickname, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(
            normalizedEmail,
            normalizedMobile ? (countryCode ?? null) : null,
            normalizedMobile,
            hash,
            ctx.body.firstName ?? "",
            ctx.body.lastName ?? "",
            nickname,
            now,
          ).lastInsertRowid,
      );
    })();
    const user = userById(db, id)!;
    sendVerification(ctx.deps, user);
    recordAttempt(ctx, normalizedEmail ?? normalizedMobile!, id, normalizedEmail ? "email" : "mobile", true);
    return startSession(ctx, user);
  }),

  defineCall("auth/signout", "required", (ctx) => {
    revokeToken(ctx.deps.db, ctx.token!);
    if (ctx.visitorId) ctx.deps.live.bind(ctx.visitorId, null);
    return {};
  }),

  defineCall("auth/forget", "optional", (ctx) => {
    const { email, mobile, countryCode } = ctx.body;
    if (!email && !mobile) throw new ApiFail(CODE.fail, "email or mobile is required");
    ctx.deps.limits.require("reset", clientIp(ctx.request));
    const user = email ? findAccount(ctx.deps.db, email.toLowerCase()) : findAccount(ctx.deps.db, mobile!, countryCode);
    // The link goes where the shopper said: to the email address, or as a text message to
    // the mobile number (the outbox holds both).
    const to = email ? user?.email : user?.mobile ? `${user.country_code ?? ""}${user.mobile}` : null;
    // The same answer either way, so the call does not reveal who has an account; an inbox
    // that has had its share of mails this hour gets nothing more, also without saying so.
    if (user && to && ctx.deps.mailer.recentTo(to) < MAILS_PER_HOUR) {
      const code = issueCode(ctx.deps.db, user.id, "reset-password", to, ctx.deps.clock(), RESET_TTL_MS);
      ctx.deps.mailer.send({
        to,
        subject: "Reset your password",
        body: "Open the link to choose a new password. It works for 30 minutes, once.",
        link: `/auth/reset-password?code=${code}`,
      });
    }
    return {};
  }),

  defineCall("auth/resetPassword", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    ctx.deps.limits.require("reset", clientIp(ctx.request));
    const hash = await ctx.deps.passwords.hash(ctx.body.password);
    db.transaction(() => {
      const used = useCode(db, ctx.body.code, "reset-password", clock());
      if (!used) fail("The reset link is wrong or has expired.");
      db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, used!.userId);
      // Every session of the account ends, and every other reset link it was sent is void.
      db.prepare("DELETE FROM tokens WHERE user_id = ?").run(used!.userId);
      db.prepare(
        "UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND purpose = 'reset-password' AND used_at IS NULL",
      ).run(clock(), used!.userId);
    })();
    return {};
  }),

  defineCall("auth/sendVerifyEmail", "required", (ctx) => {
    if (!ctx.user!.email) fail("The account has no email address.");
    if (ctx.user!.email_verified) fail("The email address is already verified.");
    sendVerification(ctx.deps, ctx.user!);
    return {};
  }),

  defineCall("auth/verifyEmail", "optional", (ctx) => {
    const { db, clock } = ctx.deps;
    return db.transaction(() => {
      const used = useCode(db, ctx.body.code, "verify-email", clock());
      if (!used) fail("The verification link is wrong or has expired.");
      db.prepare("UPDATE users SET email_verified = 1 WHERE id = ? AND email = ?").run(used!.userId, used!.target);
      return { email: used!.target };
    })();
  }),

  defineCall("auth/sendCode", "required", (ctx) => {
    const { channel, email, mobile, countryCode } = ctx.body;
    const target =
      channel === "email"
        ? email?.toLowerCase()
        : mobile && countryCode
          ? `${countryCode}${mobile.replace(/^\+/, "")}`
          : undefined;
    if (!target) throw new ApiFail(CODE.fail, channel === "email" ? "email is required" : "mobile and countryCode are required");
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    checkCodeTries(ctx.deps, userId);
    checkMailQuota(ctx.deps, target);
    const code = String(randomInt(100000, 1000000));
    const now = clock();
    // One live code per account and purpose: a new one voids the last, and with it its tries.
    db.transaction(() => {
      db.prepare("UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL").run(
        now,
        userId,
        `change-${channel}`,
      );
      db.prepare(
        "INSERT OR REPLACE INTO one_time_codes (code_hash, user_id, purpose, target, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      ).run(shortCodeHash(userId, target, code), userId, `change-${channel}`, target, now + CODE_TTL_MS, now);
    })();
    ctx.deps.mailer.send({
      to: target,
      subject: "Your verification code",
      body: `Your code is ${code}. It works for 10 minutes.`,
      link: "",
    });
    return {};
  }),

  defineCall("auth/qrCreate", "optional", (ctx) => {
    if (!ctx.visitorId) fail("Reload the page and try again.");
    const ticket = randomToken();
    // The visitor id travels in addresses and logs; the secret only in this answer, to this page.
    const secret = randomToken();
    const now = ctx.deps.clock();
    ctx.deps.db
      .prepare(
        "INSERT INTO qr_tickets (id, visitor_id, status, created_at, expires_at, secret_hash) VALUES (?, ?, 'pending', ?, ?, ?)",
      )
      .run(ticket, ctx.visitorId, now, now + QR_TTL_MS, digest(secret));
    return {
      ticket,
      secret,
      url: `/auth/signin?qr=${ticket}`,
      expiresAt: iso(now + QR_TTL_MS),
    } satisfies T.AuthQrCreateResponse;
  }),

  defineCall("auth/qrConfirm", "required", (ctx) => {
    const { db, clock, live } = ctx.deps;
    const now = clock();
    const ticket = db.prepare("SELECT * FROM qr_tickets WHERE id = ?").get(ctx.body.ticket) as
      | { id: string; visitor_id: string; status: string; expires_at: number }
      | undefined;
    if (ticket?.status !== "pending" || ticket.expires_at <= now) fail("The QR code has expired. Show a new one.");
    db.prepare("UPDATE qr_tickets SET status = 'confirmed', user_id = ? WHERE id = ?").run(ctx.user!.id, ticket!.id);
    recordAttempt(ctx, ctx.user!.email ?? ctx.user!.mobile ?? "", ctx.user!.id, "qr", true);
    // Only news that it is confirmed: any socket of the visitor hears it, so the session
    // itself goes to auth/qrStatus, which needs the ticket's secret.
    live.toVisitor(ticket!.visitor_id, { code: 0, msg: "", type: "auth.qr", data: { ticket: ticket!.id, status: "confirmed" } });
    return {};
  }),

  defineCall("auth/qrStatus", "optional", (ctx) => {
    const { db, clock } = ctx.deps;
    const ticket = db
      .prepare("SELECT * FROM qr_tickets WHERE id = ? AND visitor_id = ? AND secret_hash = ?")
      .get(ctx.body.ticket, ctx.visitorId, digest(ctx.body.secret)) as
      | { id: string; status: string; user_id: number | null; expires_at: number }
      | undefined;
    if (!ticket) fail("Unknown QR code.");
    if (ticket!.status === "confirmed" && ticket!.user_id !== null) {
      // The session is handed over once; the ticket is spent.
      db.prepare("UPDATE qr_tickets SET status = 'expired' WHERE id = ?").run(ticket!.id);
      const user = userById(db, ticket!.user_id)!;
      return {
        status: "confirmed",
        session: { token: issueToken(db, user.id, clock()), user: userInfo(db, user) },
      } satisfies T.AuthQrStatusResponse;
    }
    const status = ticket!.status === "pending" && ticket!.expires_at > clock() ? "pending" : "expired";
    return { status } satisfies T.AuthQrStatusResponse;
  }),

  defineCall("auth/activity", "required", (ctx) => {
    const { db } = ctx.deps;
    const { pageSize, offset } = paging(ctx.body);
    const rows = db
      .prepare(
        "SELECT ip, user_agent, method, success, created_at FROM login_activity WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?",
      )
      .all(ctx.user!.id, pageSize, offset) as {
      ip: string;
      user_agent: string;
      method: "email" | "mobile" | "qr";
      success: number;
      created_at: number;
    }[];
    return {
      items: rows.map((r) => ({
        ip: r.ip,
        device: r.user_agent,
        method: r.method,
        success: r.success === 1,
        createdAt: iso(r.created_at),
      })),
      total: count(db, "SELECT COUNT(*) AS n FROM login_activity WHERE user_id = ?", ctx.user!.id),
    } satisfies T.AuthActivityResponse;
  }),
];
