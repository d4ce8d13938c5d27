// The signed-in customer's profile: info, names, password, email, mobile and avatar.
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { digest } from "../../auth/tokens";
import { userById, userInfo } from "../../auth/users";
import { ApiFail, CODE, fail } from "../envelope";
import { type CallDef, defineCall } from "../register";
import { checkShortCode } from "./auth";

const info = (ctx: { deps: { db: Parameters<typeof userInfo>[0] }; user: { id: number } | null }) =>
  userInfo(ctx.deps.db, userById(ctx.deps.db, ctx.user!.id)!);

// The file's first bytes decide its type, not the name or the header the browser sent.
const SIGNATURES: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: "png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: "gif",
    test: (b) => b.subarray(0, 6).toString("latin1") === "GIF87a" || b.subarray(0, 6).toString("latin1") === "GIF89a",
  },
  { ext: "webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

// Multipart (schemas/api/user/editAvatar.request.schema.json says so): no JSON body to check.
const editAvatar = defineCall("user/editAvatar", "required", async (ctx) => {
  if (!ctx.request.isMultipart()) throw new ApiFail(CODE.fail, "avatar is required (multipart/form-data)");
  // A body the multipart parser cannot read (no boundary, cut short) is the sender's mistake.
  const file = await ctx.request.file().catch(() => {
    throw new ApiFail(CODE.fail, "The upload is not valid multipart/form-data.", 400);
  });
  if (file?.fieldname !== "avatar") throw new ApiFail(CODE.fail, "avatar is required");
  const buffer = await file.toBuffer().catch(() => null);
  if (!buffer || file.file.truncated) fail("The image must be at most 2 MB.");
  const kind = SIGNATURES.find((s) => s.test(buffer!));
  if (!kind) fail("The image must be a PNG, JPEG, WebP or GIF file.");
  mkdirSync(ctx.deps.avatarsDir, { recursive: true });
  const name = `${ctx.user!.id}-${randomBytes(8).toString("hex")}.${kind!.ext}`;
  writeFileSync(join(ctx.deps.avatarsDir, name), buffer!);
  ctx.deps.db.prepare("UPDATE users SET avatar = ? WHERE id = ?").run(`/media/avatars/${name}`, ctx.user!.id);
  return info(ctx);
});

export const userCalls: CallDef[] = [
  defineCall("user/info", "required", (ctx) => info(ctx)),

  defineCall("user/editName", "required", (ctx) => {
    ctx.deps.db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run(ctx.body.nickname, ctx.user!.id);
    return info(ctx);
  }),

  defineCall("user/editInfo", "required", (ctx) => {
    const b = ctx.body;
    ctx.deps.db
      .prepare(
        "UPDATE users SET first_name = ?, last_name = ?, birthday = ?, nickname = COALESCE(?, nickname), bio = COALESCE(?, bio) WHERE id = ?",
      )
      .run(b.firstName, b.lastName, b.birthday, b.nickname || null, b.bio ?? null, ctx.user!.id);
    return info(ctx);
  }),

  defineCall("user/editPassword", "required", async (ctx) => {
    const { db, passwords } = ctx.deps;
    if (!(await passwords.verify(ctx.body.oldPassword, ctx.user!.password_hash))) fail("The current password is incorrect.");
    const hash = await passwords.hash(ctx.body.password);
    // Other sessions end; this one stays signed in.
    db.transaction(() => {
      db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hash, ctx.user!.id);
      db.prepare("DELETE FROM tokens WHERE user_id = ? AND token_hash != ?").run(ctx.user!.id, digest(ctx.token!));
    })();
    return null;
  }),

  defineCall("user/editEmail", "required", (ctx) => {
    const { db } = ctx.deps;
    const email = ctx.body.email.toLowerCase();
    if (db.prepare("SELECT 1 FROM users WHERE email = ? AND id != ?").get(email, ctx.user!.id))
      fail("An account with this email address already exists.");
    // Not in a transaction: a wrong code's try must be kept. Nothing awaits in between.
    checkShortCode(ctx.deps, ctx.user!.id, "change-email", email, ctx.body.code);
    db.prepare("UPDATE users SET email = ?, email_verified = 1 WHERE id = ?").run(email, ctx.user!.id);
    return info(ctx);
  }),

  defineCall("user/editMobile", "required", (ctx) => {
    const { db } = ctx.deps;
    const mobile = ctx.body.mobile.replace(/^\+/, "");
    if (db.prepare("SELECT 1 FROM users WHERE mobile = ? AND id != ?").get(mobile, ctx.user!.id))
      fail("An account with this mobile number already exists.");
    // Not in a transaction: a wrong code's try must be kept. Nothing awaits in between.
    checkShortCode(ctx.deps, ctx.user!.id, "change-mobile", `${ctx.body.countryCode}${mobile}`, ctx.body.code);
    db.prepare("UPDATE users SET mobile = ?, country_code = ? WHERE id = ?").run(mobile, ctx.body.countryCode, ctx.user!.id);
    return info(ctx);
  }),

  editAvatar,
];
