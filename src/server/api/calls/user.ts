// The signed-in customer's profile: info, names, password, email, mobile and avatar. Each
// change is written to the account's log (src/server/account/log.ts) with it.
import { randomBytes } from "node:crypto";
import { imageKindOf } from "../../../shared/image-type";
import { logEvent } from "../../account/log";
import { digest, userIdOfToken, voidResetLinks } from "../../auth/tokens";
import { userById, userInfo } from "../../auth/users";
import type { Db } from "../../db/open";
import { removeUpload, saveUpload } from "../../uploads";
import { ApiFail, CODE, fail, MalformedRequest } from "../envelope";
import { type CallDef, defineCall } from "../register";
import { checkShortCode } from "./auth";
import { clientIp } from "./shared";

const info = (ctx: { deps: { db: Parameters<typeof userInfo>[0] }; user: { id: number } | null }) =>
  userInfo(ctx.deps.db, userById(ctx.deps.db, ctx.user!.id)!);

/** Avatars this server stored: a random name under /media/avatars/. */
const STORED_AVATAR = /^\/media\/avatars\/([0-9a-f-]{16,40}\.(?:png|jpg|webp|gif))$/;

/** A birthday is a real date (the schema's format) from 1900 to today, wherever the shopper is today. */
function checkBirthday(birthday: string, now: number) {
  const latest = new Date(now + 14 * 3600_000).toISOString().slice(0, 10);
  if (birthday < "1900-01-01" || birthday > latest) throw new ApiFail(CODE.fail, "refusal.profile.birthday");
}

// Multipart (schemas/api/user/editAvatar.request.schema.json says so): no JSON body to check.
const editAvatar = defineCall("user/editAvatar", "required", async (ctx) => {
  if (!ctx.request.isMultipart()) throw new MalformedRequest("avatar is required (multipart/form-data)");
  // A body the multipart parser cannot read (no boundary, cut short) is the sender's mistake.
  const file = await ctx.request.file().catch(() => {
    throw new MalformedRequest("The upload is not valid multipart/form-data.", 400);
  });
  if (file?.fieldname !== "avatar") throw new MalformedRequest("avatar is required");
  const buffer = await file.toBuffer().catch(() => null);
  if (!buffer || file.file.truncated) fail("refusal.image.tooLarge");
  // The bytes decide, not the name or the type the browser sent: an HTML page named me.png is refused.
  const kind = imageKindOf(buffer!);
  if (!kind) fail("refusal.image.type");
  const { db, clock } = ctx.deps;
  const name = `${randomBytes(16).toString("hex")}.${kind}`;
  // The new picture, the address to it and the old one's removal: all or nothing. The old one is
  // read here, not before the upload was read: another upload may have replaced it meanwhile.
  db.transaction(() => {
    const previous = STORED_AVATAR.exec(userById(db, ctx.user!.id)?.avatar ?? "")?.[1];
    saveUpload(db, "avatars", name, buffer!, clock());
    db.prepare("UPDATE users SET avatar = ? WHERE id = ?").run(`/media/avatars/${name}`, ctx.user!.id);
    if (previous) removeUpload(db, "avatars", previous);
    logEvent(db, ctx.user!.id, "profile.avatar", {}, clock());
  })();
  return info(ctx);
});

const TAKEN = {
  email: "refusal.account.emailTaken",
  mobile: "refusal.account.mobileTaken",
} as const;

/**
 * Refuses an address another account has, in the transaction that writes it, once the code is
 * spent: auth/sendCode mailed the address's owner a notice instead of a code, so only a holder
 * of the address gets this far, or one whose address another account took meanwhile.
 */
function refuseTaken(db: Db, column: keyof typeof TAKEN, value: string, userId: number): void {
  if (db.prepare(`SELECT 1 FROM users WHERE ${column} = ? AND id != ?`).get(value, userId)) fail(TAKEN[column]);
}

export const userCalls: CallDef[] = [
  defineCall("user/info", "required", (ctx) => info(ctx)),

  defineCall("user/editName", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    db.transaction(() => {
      db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run(ctx.body.nickname, ctx.user!.id);
      logEvent(db, ctx.user!.id, "profile.updated", {}, clock());
    })();
    return info(ctx);
  }),

  defineCall("user/editInfo", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const b = ctx.body;
    checkBirthday(b.birthday, clock());
    db.transaction(() => {
      db.prepare(
        "UPDATE users SET first_name = ?, last_name = ?, birthday = ?, nickname = COALESCE(?, nickname), bio = COALESCE(?, bio) WHERE id = ?",
      ).run(b.firstName, b.lastName, b.birthday, b.nickname ?? null, b.bio ?? null, ctx.user!.id);
      logEvent(db, ctx.user!.id, "profile.updated", {}, clock());
    })();
    return info(ctx);
  }),

  defineCall("user/editPassword", "required", async (ctx) => {
    const { db, passwords, limits, clock } = ctx.deps;
    // Each try costs a password hash: as limited as signing in, per address and per account.
    limits.require("signin", clientIp(ctx.request));
    limits.require("signin", `user ${ctx.user!.id}`);
    if (!(await passwords.verify(ctx.body.oldPassword, ctx.user!.password_hash))) fail("refusal.password.current");
    const hash = await passwords.hash(ctx.body.password);
    // Other sessions end; this one stays signed in.
    db.transaction(() => {
      // What was checked must still hold once the hashes have run: a reset that landed meanwhile
      // ended this session, another change replaced the password. Either wins over this one.
      if (userIdOfToken(db, ctx.token, clock()) !== ctx.user!.id) throw new ApiFail(CODE.authInvalid, "api.login");
      const changed = db
        .prepare("UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?")
        .run(hash, ctx.user!.id, ctx.user!.password_hash).changes;
      if (changed === 0) fail("refusal.password.current");
      db.prepare("DELETE FROM tokens WHERE user_id = ? AND token_hash != ?").run(ctx.user!.id, digest(ctx.token!));
      logEvent(db, ctx.user!.id, "security.password", {}, clock());
    })();
    return null;
  }),

  defineCall("user/editEmail", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const email = ctx.body.email.toLowerCase();
    // The code first, and not in a transaction: a wrong try must be kept. Only a holder of the
    // code, who reads the address's mail, may learn that it is taken (issue #48).
    checkShortCode(ctx.deps, ctx.user!.id, "change-email", email, ctx.body.code);
    db.transaction(() => {
      refuseTaken(db, "email", email, ctx.user!.id);
      db.prepare("UPDATE users SET email = ?, email_verified = 1 WHERE id = ?").run(email, ctx.user!.id);
      voidResetLinks(db, ctx.user!.id, clock());
      logEvent(db, ctx.user!.id, "security.email", { email }, clock());
    })();
    return info(ctx);
  }),

  defineCall("user/editMobile", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const mobile = ctx.body.mobile.replace(/^\+/, "");
    // The code first, as for the email address.
    checkShortCode(ctx.deps, ctx.user!.id, "change-mobile", `${ctx.body.countryCode}${mobile}`, ctx.body.code);
    // The code reached the number: it is confirmed.
    db.transaction(() => {
      refuseTaken(db, "mobile", mobile, ctx.user!.id);
      voidResetLinks(db, ctx.user!.id, clock());
      db.prepare("UPDATE users SET mobile = ?, country_code = ?, mobile_verified = 1 WHERE id = ?").run(
        mobile,
        ctx.body.countryCode,
        ctx.user!.id,
      );
      logEvent(db, ctx.user!.id, "security.mobile", { mobile: `${ctx.body.countryCode} ${mobile}` }, clock());
    })();
    return info(ctx);
  }),

  editAvatar,
];
