// Sign-in by one-time code: "Send me a code" mails (or texts) a 6-digit code to the account's
// address; the code signs in once within 10 minutes. The answers never say whether an account
// has the address: the same "sent" for any address, the same refusal for any wrong code, and
// the fifth wrong try quietly voids the code. A code proves the address, as a link does.
import { composeMail, mailPlaceOf } from "../../auth/mails";
import { claimAccount, type UserRow } from "../../auth/users";
import { MAILS_PER_HOUR } from "../../mail";
import { ApiFail, fail } from "../envelope";
import { type CallDef, defineCall } from "../register";
import { accountOf, checkShortCode, findAccount, issueShortCode, recordAttempt, startSession, VERIFY_RESEND_MS } from "./auth";
import { clientIp, count } from "./shared";

const PURPOSE = "signin-code";

interface Who {
  account: string;
  method: "email" | "mobile";
  user: UserRow | undefined;
  /** Where the code goes: the email address, or the calling code and number. */
  to: string | null;
}

function whoOf(db: Parameters<typeof findAccount>[0], body: { account: string; countryCode?: string }): Who {
  const { account, method } = accountOf(body.account);
  const user = findAccount(db, account, body.countryCode);
  const to = !user ? null : method === "email" ? user.email : user.mobile ? `${user.country_code ?? ""}${user.mobile}` : null;
  return { account, method, user, to };
}

export const codeSigninCalls: CallDef[] = [
  defineCall("auth/sendSigninCode", "optional", (ctx) => {
    const { db, clock, limits, mailer } = ctx.deps;
    limits.require("authMail", clientIp(ctx.request));
    const { user, to } = whoOf(db, ctx.body);
    const now = clock();
    // Counted and sent in one transaction: two requests on two workers never both send the hour's last mail.
    if (user && to)
      db.transaction(() => {
        const last = count(
          db,
          "SELECT COALESCE(MAX(created_at), 0) AS n FROM one_time_codes WHERE user_id = ? AND purpose = ?",
          user.id,
          PURPOSE,
        );
        // Within the minute, or past the hour's mails: nothing more, and nothing said.
        if (last + VERIFY_RESEND_MS <= now && mailer.recentTo(to) < MAILS_PER_HOUR) {
          const code = issueShortCode(db, user.id, PURPOSE, to, now);
          mailer.send(composeMail(mailPlaceOf(ctx.language), "code", to, "", { code }));
        }
      })();
    return { waitSeconds: VERIFY_RESEND_MS / 1000 };
  }),

  defineCall("auth/signinByCode", "optional", (ctx) => {
    const { db, limits } = ctx.deps;
    limits.require("signin", clientIp(ctx.request));
    const who = whoOf(db, ctx.body);
    if (!who.user || !who.to) {
      recordAttempt(ctx, who.account, null, "code", false);
      fail("refusal.signinCode.wrong");
    }
    const user = who.user!;
    try {
      checkShortCode(ctx.deps, user.id, PURPOSE, who.to!, ctx.body.code);
    } catch (error) {
      recordAttempt(ctx, who.account, user.id, "code", false);
      if (error instanceof ApiFail) fail("refusal.signinCode.wrong");
      throw error;
    }
    db.transaction(() => {
      claimAccount(db, user.id, ctx.visitorId);
      db.prepare(
        who.method === "email"
          ? "UPDATE users SET email_verified = 1 WHERE id = ?"
          : "UPDATE users SET mobile_verified = 1 WHERE id = ?",
      ).run(user.id);
    })();
    recordAttempt(ctx, who.account, user.id, "code", true);
    return startSession(ctx, user, "code");
  }),
];
