// Sign-in (email or mobile), sign-up, sign-out, password reset, email verification,
// confirmation codes and QR sign-in tickets.
import { randomInt } from "node:crypto";
import type * as T from "../../../../generated/types";
import { loginAttempts, loginAttemptTotal } from "../../auth/activity";
import { deviceOf } from "../../auth/device";
import { composeMail, type MailPlace, mailPlaceOf } from "../../auth/mails";
import { signInWait } from "../../auth/throttle";
import { digest, issueCode, issueToken, redeemCode, revokeToken, type SessionClient, voidResetLinks } from "../../auth/tokens";
import { claimAccount, type UserRow, userById, userInfo } from "../../auth/users";
import type { Db } from "../../db/open";
import { clearSessionCookie, writeAuthCookie } from "../../forms/session-cookie";
import { MAILS_PER_HOUR } from "../../mail";
import { ApiFail, CODE, fail, MalformedRequest } from "../envelope";
import { type ApiDeps, type CallContext, defineCall } from "../register";
import { mergeVisitorCart } from "./cart";
import { sessionClient } from "./sessions";
import { clientIp, count, EMAIL, iso, PHONE, paging } from "./shared";

const RESET_TTL_MS = 30 * 60_000;
/** The least time between two verification mails to one account (the prompt page counts it down too). */
export const VERIFY_RESEND_MS = 60_000;
const VERIFY_TTL_MS = 24 * 3600_000;
const CODE_TTL_MS = 10 * 60_000;
/** Wrong tries of one 6-digit code before it is void, and of all an account's codes per hour. */
const CODE_TRIES = 5;
const ACCOUNT_CODE_TRIES = 10;
const HOUR_MS = 3600_000;

/** Records a sign-in attempt; its row id. */
export function recordAttempt(
  ctx: CallContext<unknown>,
  account: string,
  userId: number | null,
  method: string,
  success: boolean,
) {
  return ctx.deps.db
    .prepare(
      "INSERT INTO login_activity (user_id, account, ip, user_agent, method, success, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
    .run(
      userId,
      account,
      clientIp(ctx.request),
      (ctx.request.headers["user-agent"] ?? "").slice(0, 512),
      method,
      success ? 1 : 0,
      ctx.deps.clock(),
    ).lastInsertRowid;
}

/** Signs a user in: a new token, last login, and the visitor's cart joins theirs. */
export function startSession(ctx: CallContext<unknown>, user: UserRow, method: SessionClient["method"]): T.AuthSession {
  const { db, clock } = ctx.deps;
  const now = clock();
  const token = db.transaction(() => {
    db.prepare("UPDATE users SET last_login_at = ? WHERE id = ?").run(now, user.id);
    if (ctx.visitorId) mergeVisitorCart(db, ctx.visitorId, user.id, now);
    return issueToken(db, user.id, now, sessionClient(ctx.request, method));
  })();
  if (ctx.visitorId) ctx.deps.live.bind(ctx.visitorId, user.id);
  ctx.setAuthCookie?.(token);
  return { token, user: userInfo(db, userById(db, user.id)!) };
}

/**
 * Refuses a mail to an address that has had its share this hour. Every caller counts and sends
 * in one transaction: with several workers, two requests would otherwise both count the same
 * mails and both send one more.
 */
function checkMailQuota(deps: ApiDeps, to: string) {
  if (deps.mailer.recentTo(to) >= MAILS_PER_HOUR) fail("refusal.mail.quota");
}

/** Fails when the account has guessed too many codes wrong this hour, whichever codes they were. */
function checkCodeTries(deps: ApiDeps, userId: number) {
  const wrong = count(
    deps.db,
    "SELECT COALESCE(SUM(attempts), 0) AS n FROM one_time_codes WHERE user_id = ? AND (purpose LIKE 'change-%' OR purpose = 'signin-code') AND created_at > ?",
    userId,
    deps.clock() - HOUR_MS,
  );
  if (wrong >= ACCOUNT_CODE_TRIES) fail("refusal.code.tries");
}

/** Where a sign-up's confirmation goes: the email address, or the mobile number as a text message. */
function confirmationTarget(user: UserRow): { purpose: "verify-email" | "verify-mobile"; to: string } | null {
  if (user.email && !user.email_verified) return { purpose: "verify-email", to: user.email };
  if (!user.email && user.mobile && !user.mobile_verified)
    return { purpose: "verify-mobile", to: `${user.country_code ?? ""}${user.mobile}` };
  return null;
}

/**
 * Sends the link that verifies a new account's email address (or mobile number) and signs it
 * in. At most one a minute per account; `quiet` skips, without failing, what would be refused,
 * for the callers whose answer must not say whether the account exists. The link carries
 * `redirect`, where the shopper was going when they signed up.
 */
function sendVerification(deps: ApiDeps, user: UserRow, place: MailPlace, quiet = false, redirect?: string) {
  const target = confirmationTarget(user);
  if (!target) return;
  // Counted and sent in one transaction (see checkMailQuota).
  deps.db.transaction(() => {
    const last = count(
      deps.db,
      "SELECT COALESCE(MAX(created_at), 0) AS n FROM one_time_codes WHERE user_id = ? AND purpose = ?",
      user.id,
      target.purpose,
    );
    const wait = last + VERIFY_RESEND_MS - deps.clock();
    if (wait > 0 || deps.mailer.recentTo(target.to) >= MAILS_PER_HOUR) {
      if (quiet) return;
      if (wait > 0) fail("refusal.verify.wait", { seconds: Math.ceil(wait / 1000) });
      checkMailQuota(deps, target.to);
    }
    const code = issueCode(deps.db, user.id, target.purpose, target.to, deps.clock(), VERIFY_TTL_MS);
    const kind = target.purpose === "verify-email" ? "verify" : "verifyMobile";
    const next = redirect ? `&redirect=${encodeURIComponent(redirect)}` : "";
    deps.mailer.send(composeMail(place, kind, target.to, `/auth/verify-email?code=${code}${next}`));
  })();
}

export function findAccount(db: Db, account: string, countryCode?: string): UserRow | undefined {
  if (account.includes("@")) return db.prepare("SELECT * FROM users WHERE email = ?").get(account) as UserRow | undefined;
  const rows = db.prepare("SELECT * FROM users WHERE mobile = ?").all(account.replace(/^\+/, "")) as UserRow[];
  return rows.find((r) => !countryCode || r.country_code === countryCode) ?? rows[0];
}

/** An account as typed (email address or mobile number), lower-cased; anything else is refused. */
export function accountOf(typed: string): { account: string; method: "email" | "mobile" } {
  const account = typed.trim().toLowerCase();
  const method = account.includes("@") ? "email" : "mobile";
  if (method === "email" ? !EMAIL.test(account) : !PHONE.test(account)) {
    throw new ApiFail(CODE.fail, "refusal.account.format");
  }
  return { account, method };
}

/** 6-digit codes are short, so their hash includes whom and what they are for. */
const shortCodeHash = (userId: number, target: string, code: string) => digest(`${userId}:${target}:${code}`);

/**
 * Uses the account's live code for `purpose` when `code` and `target` match it. Each wrong try
 * counts, and is written even though the call then fails (so never call this inside a
 * transaction that the failure rolls back); the fifth voids the code.
 */
/**
 * A new 6-digit code for the account and purpose, sent to `target`. One live code per account
 * and purpose: a new one voids the last, and with it its tries.
 */
export function issueShortCode(db: Db, userId: number, purpose: string, target: string, now: number): string {
  const code = String(randomInt(100000, 1000000));
  db.transaction(() => {
    db.prepare("UPDATE one_time_codes SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL").run(
      now,
      userId,
      purpose,
    );
    db.prepare(
      `INSERT INTO one_time_codes (code_hash, user_id, purpose, target, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (code_hash) DO UPDATE SET user_id = excluded.user_id, purpose = excluded.purpose, target = excluded.target,
         expires_at = excluded.expires_at, created_at = excluded.created_at, used_at = NULL, attempts = 0`,
    ).run(shortCodeHash(userId, target, code), userId, purpose, target, now + CODE_TTL_MS, now);
  })();
  return code;
}

export function checkShortCode(deps: ApiDeps, userId: number, purpose: string, target: string, code: string): void {
  const { db } = deps;
  const now = deps.clock();
  // Read and counted in one transaction: tries sent to several workers at once each count.
  const wrongTries = db.transaction((): number => {
    checkCodeTries(deps, userId);
    const row = db
      .prepare(
        "SELECT code_hash, attempts FROM one_time_codes WHERE user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
      )
      .get(userId, purpose, now) as { code_hash: string; attempts: number } | undefined;
    if (!row) fail("refusal.code.wrong");
    if (row!.code_hash === shortCodeHash(userId, target, code)) {
      db.prepare("UPDATE one_time_codes SET used_at = ? WHERE code_hash = ?").run(now, row!.code_hash);
      return 0;
    }
    const attempts = row!.attempts + 1;
    db.prepare("UPDATE one_time_codes SET attempts = ?, used_at = ? WHERE code_hash = ?").run(
      attempts,
      attempts >= CODE_TRIES ? now : null,
      row!.code_hash,
    );
    return attempts;
  })();
  // Failed after the commit, so that the wrong try stays counted.
  if (wrongTries > 0) {
    fail(wrongTries >= CODE_TRIES ? "refusal.code.askNew" : "refusal.code.wrong");
  }
}

export const authCalls = [
  defineCall("auth/signin", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    const { account, method } = accountOf(ctx.body.account);
    const { passwords, limits } = ctx.deps;
    const ip = clientIp(ctx.request);
    limits.require("signin", ip);
    // Check, start the hash and count the attempt as failed in one transaction: parallel
    // guesses, on any worker, each see the ones before them, however long their hashes take.
    const { user, checking, attempt } = db.transaction(() => {
      const wait = signInWait(db, account, ip, clock());
      if (wait > 0) fail("refusal.signin.throttled", { seconds: Math.ceil(wait / 1000) });
      const user = findAccount(db, account, ctx.body.countryCode);
      // An unknown account, and one without a password, check as long as a wrong password does.
      const checking = passwords.verify(ctx.body.password, user?.password_hash || passwords.dummyHash);
      return { user, checking, attempt: recordAttempt(ctx, account, user?.id ?? null, method, false) };
    })();
    const ok = await checking;
    if (!ok || !user) fail("refusal.signin.incorrect");
    // Only whoever holds the password learns that the account waits for its confirmation.
    if (confirmationTarget(user!)) {
      sendVerification(ctx.deps, user!, mailPlaceOf(ctx.language), true);
      fail(method === "email" ? "refusal.signin.confirmEmail" : "refusal.signin.confirmMobile");
    }
    let checked = user!.password_hash;
    if (passwords.needsRehash(checked)) {
      // A busy server signs the owner in all the same; the next sign-in rehashes.
      const rehashed = await Promise.resolve()
        .then(() => passwords.hash(ctx.body.password))
        .catch(() => null);
      const replaced =
        rehashed !== null &&
        db.prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?").run(rehashed, user!.id, checked)
          .changes === 1;
      if (replaced) checked = rehashed;
    }
    return db.transaction(() => {
      // The password checked must still be the account's: a reset or a change that landed
      // while the hash ran ended every session, and a session must not start after it.
      if (userById(db, user!.id)?.password_hash !== checked) fail("refusal.signin.incorrect");
      db.prepare("UPDATE login_activity SET success = 1 WHERE id = ?").run(attempt);
      return startSession(ctx, user!, method);
    })();
  }),

  defineCall("auth/signup", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    const { email, mobile, countryCode, password } = ctx.body;
    if (!email && !mobile) throw new MalformedRequest("email or mobile is required");
    if (mobile && !countryCode) throw new MalformedRequest("countryCode is required");
    ctx.deps.limits.require("signup", clientIp(ctx.request));
    const normalizedEmail = email?.toLowerCase() ?? null;
    const normalizedMobile = mobile?.replace(/^\+/, "") ?? null;
    // Hashed whether or not the address is taken, so the answer takes as long either way.
    const hash = await ctx.deps.passwords.hash(password);
    const now = clock();
    const place = mailPlaceOf(ctx.language);
    // The new account's id; null when the address already has one.
    const created = db.transaction(() => {
      const taken = normalizedEmail
        ? db.prepare("SELECT 1 FROM users WHERE email = ?").get(normalizedEmail)
        : db.prepare("SELECT 1 FROM users WHERE mobile = ?").get(normalizedMobile);
      if (taken) return null;
      const nickname = ctx.body.firstName || normalizedEmail?.split("@")[0] || `user${normalizedMobile?.slice(-4)}`;
      return Number(
        db
          .prepare(
            "INSERT INTO users (email, country_code, mobile, password_hash, first_name, last_name, nickname, created_at, password_set_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            ctx.visitorId ?? null,
          ).lastInsertRowid,
      );
    })();
    if (created === null) {
      // The same answer as for a new account: the owner, not the asker, learns that the address has one.
      const to = normalizedEmail ?? `${countryCode ?? ""}${normalizedMobile}`;
      db.transaction(() => {
        if (ctx.deps.mailer.recentTo(to) < MAILS_PER_HOUR) ctx.deps.mailer.send(composeMail(place, "taken", to, "/auth/forget"));
      })();
    } else {
      sendVerification(ctx.deps, userById(db, created)!, place, true, ctx.body.redirect);
    }
    return { channel: normalizedEmail ? ("email" as const) : ("mobile" as const) };
  }),

  defineCall("auth/signout", "required", (ctx) => {
    revokeToken(ctx.deps.db, ctx.token!);
    // A shopper who signed in through the plain form (no JavaScript) and signs out with it is signed out of pages too.
    if (ctx.reply) {
      clearSessionCookie(ctx.reply, ctx.request);
      writeAuthCookie(ctx.reply, ctx.request, null);
    }
    if (ctx.visitorId) ctx.deps.live.bind(ctx.visitorId, null);
    return {};
  }),

  defineCall("auth/forget", "optional", (ctx) => {
    const { email, mobile, countryCode } = ctx.body;
    if (!email && !mobile) throw new MalformedRequest("email or mobile is required");
    ctx.deps.limits.require("reset", clientIp(ctx.request));
    const { db } = ctx.deps;
    // The account is looked up in the transaction that sends the link: an address the account
    // left meanwhile (which voids its reset links) gets none.
    db.transaction(() => {
      const user = email ? findAccount(db, email.toLowerCase()) : findAccount(db, mobile!, countryCode);
      // The link goes where the shopper said: to the email address, or as a text message to
      // the mobile number (the outbox holds both).
      const to = email ? user?.email : user?.mobile ? `${user.country_code ?? ""}${user.mobile}` : null;
      // The same answer either way, so the call does not reveal who has an account; an inbox
      // that has had its share of mails this hour gets nothing more, also without saying so.
      if (user && to && ctx.deps.mailer.recentTo(to) < MAILS_PER_HOUR) {
        const code = issueCode(db, user.id, "reset-password", to, ctx.deps.clock(), RESET_TTL_MS);
        ctx.deps.mailer.send(composeMail(mailPlaceOf(ctx.language), "reset", to, `/auth/reset-password?code=${code}`));
      }
    })();
    return {};
  }),

  defineCall("auth/resetPassword", "optional", async (ctx) => {
    const { db, clock } = ctx.deps;
    ctx.deps.limits.require("reset", clientIp(ctx.request));
    const hash = await ctx.deps.passwords.hash(ctx.body.password);
    db.transaction(() => {
      const used = redeemCode(db, ctx.body.code, "reset-password", clock());
      if (!used) fail("refusal.reset.expired");
      db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, used!.userId);
      // The link reached its inbox or phone: that address is confirmed too.
      db.prepare(
        "UPDATE users SET email_verified = CASE WHEN email = ? THEN 1 ELSE email_verified END, mobile_verified = CASE WHEN email = ? THEN mobile_verified ELSE 1 END WHERE id = ?",
      ).run(used!.target, used!.target, used!.userId);
      // Every session of the account ends, and every other reset link it was sent is void.
      db.prepare("DELETE FROM tokens WHERE user_id = ?").run(used!.userId);
      voidResetLinks(db, used!.userId, clock());
    })();
    return {};
  }),

  defineCall("auth/sendVerifyEmail", "optional", (ctx) => {
    const place = mailPlaceOf(ctx.language);
    if (ctx.user) {
      if (!ctx.user.email) fail("refusal.verify.noEmail");
      if (ctx.user.email_verified) fail("refusal.verify.already");
      sendVerification(ctx.deps, ctx.user, place);
      return {};
    }
    // Signed out, from the prompt after signing up: the same answer whether or not an
    // unconfirmed account has that address.
    const { email, mobile, countryCode } = ctx.body;
    if (!email && !(mobile && countryCode)) throw new MalformedRequest("email, or mobile and countryCode, is required");
    ctx.deps.limits.require("authMail", clientIp(ctx.request));
    const user = email ? findAccount(ctx.deps.db, email.toLowerCase()) : findAccount(ctx.deps.db, mobile!, countryCode);
    if (user) sendVerification(ctx.deps, user, place, true);
    return {};
  }),

  defineCall("auth/verifyEmail", "optional", (ctx) => {
    const { db, clock } = ctx.deps;
    const verified = db.transaction(() => {
      const now = clock();
      const email = redeemCode(db, ctx.body.code, "verify-email", now);
      const used = email ?? redeemCode(db, ctx.body.code, "verify-mobile", now);
      if (!used) fail("refusal.verify.expired");
      claimAccount(db, used!.userId, ctx.visitorId);
      if (email) db.prepare("UPDATE users SET email_verified = 1 WHERE id = ? AND email = ?").run(used!.userId, used!.target);
      else db.prepare("UPDATE users SET mobile_verified = 1 WHERE id = ?").run(used!.userId);
      return {
        user: userById(db, used!.userId)!,
        target: used!.target,
        channel: email ? ("email" as const) : ("mobile" as const),
      };
    })();
    // The link proves the address: it signs its owner in, as a sign-in link would.
    recordAttempt(ctx, verified.target, verified.user.id, "link", true);
    const session = startSession(ctx, verified.user, "link");
    return verified.channel === "email" ? { ...session, email: verified.target } : { ...session, mobile: verified.target };
  }),

  defineCall("auth/sendCode", "required", (ctx) => {
    const { channel, email, mobile, countryCode } = ctx.body;
    const target =
      channel === "email"
        ? email?.toLowerCase()
        : mobile && countryCode
          ? `${countryCode}${mobile.replace(/^\+/, "")}`
          : undefined;
    if (!target) throw new MalformedRequest(channel === "email" ? "email is required" : "mobile and countryCode are required");
    const userId = ctx.user!.id;
    const { db } = ctx.deps;
    ctx.deps.db.transaction(() => {
      checkCodeTries(ctx.deps, userId);
      checkMailQuota(ctx.deps, target);
      // Issued either way, so that the change answers and counts a guess alike; an address
      // another account has gets a notice instead, as sign-up's does (issue #48).
      const code = issueShortCode(db, userId, `change-${channel}`, target, ctx.deps.clock());
      const taken =
        channel === "email"
          ? db.prepare("SELECT 1 FROM users WHERE email = ? AND id != ?").get(target, userId)
          : db.prepare("SELECT 1 FROM users WHERE mobile = ? AND id != ?").get(mobile!.replace(/^\+/, ""), userId);
      const place = mailPlaceOf(ctx.language);
      ctx.deps.mailer.send(
        taken ? composeMail(place, "addressTaken", target, "/auth/forget") : composeMail(place, "code", target, "", { code }),
      );
    })();
    return {};
  }),

  defineCall("auth/activity", "required", (ctx) => {
    const { db } = ctx.deps;
    const { pageSize, offset } = paging(ctx.body);
    return {
      items: loginAttempts(db, ctx.user!.id, offset, pageSize).map((r) => ({
        ip: r.ip,
        device: deviceOf(r.user_agent),
        method: r.method as T.LoginActivity["method"],
        success: r.success === 1,
        createdAt: iso(r.created_at),
      })),
      total: loginAttemptTotal(db, ctx.user!.id),
    } satisfies T.AuthActivityResponse;
  }),
];
