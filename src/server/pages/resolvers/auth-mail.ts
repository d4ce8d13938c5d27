// The auth pages of a mailed link: the forgotten-password form, the reset form and the
// email verification of a link's `code`, and the prompt after signing up. The code is
// handed to the form only when it has a code's shape; otherwise the form says the link is
// not valid and offers a new one. The verification page opened after confirming
// (`?verified=1`, for the signed-in shopper) says what was confirmed.
import type { VerifyEmailProps } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { isSameSitePath } from "../../../shared/same-site-path";
import type { ResolveContext, Resolver } from "./context";

const CODE = /^[A-Za-z0-9_-]{20,64}$/;

function codeOf(ctx: ResolveContext): string {
  const code = ctx.query.get("code") ?? "";
  return CODE.test(code) ? code : "";
}

/** Where the link says the shopper was going: a same-site path only. */
function redirectOf(ctx: ResolveContext): string | null {
  const redirect = ctx.query.get("redirect");
  return redirect && isSameSitePath(redirect) ? redirect : null;
}

/** What the signed-in shopper confirmed: their email address, else their mobile number. */
function confirmedOf(ctx: ResolveContext): VerifyEmailProps["verified"] {
  if (!ctx.viewer || ctx.query.get("verified") !== "1") return undefined;
  const user = ctx.db
    .prepare("SELECT email, email_verified, country_code, mobile FROM users WHERE id = ?")
    .get(ctx.viewer.userId) as
    | { email: string | null; email_verified: number; country_code: string | null; mobile: string | null }
    | undefined;
  if (!user) return undefined;
  if (user.email && user.email_verified) return { address: user.email, mobile: false };
  return user.mobile ? { address: `${user.country_code ?? ""}${user.mobile}`, mobile: true } : undefined;
}

function verifyEmailOf(ctx: ResolveContext): VerifyEmailProps {
  const redirect = redirectOf(ctx);
  const verified = confirmedOf(ctx);
  return {
    code: codeOf(ctx),
    promptHref: ctx.links.to("/auth/verify-prompt"),
    homeHref: ctx.links.home(),
    ...(redirect ? { redirect } : {}),
    ...(verified ? { verified } : {}),
  };
}

export const resolvers = {
  "auth-forget": (ctx) => ({
    status: 200,
    template: "auth-mail",
    page: { title: ctx.t("page.auth.forget.title"), forget: { signinHref: ctx.links.to("/auth/signin") } },
  }),
  "auth-reset-password": (ctx) => ({
    status: 200,
    template: "auth-mail",
    page: {
      title: ctx.t("page.auth.reset.title"),
      reset: { code: codeOf(ctx), signinHref: ctx.links.to("/auth/signin"), forgotHref: ctx.links.to("/auth/forget") },
    },
  }),
  "auth-verify-email": (ctx) => ({
    status: 200,
    template: "auth-mail",
    page: { title: ctx.t("page.auth.verifyEmail.title"), verifyEmail: verifyEmailOf(ctx) },
  }),
  "auth-verify-prompt": (ctx) => ({
    status: 200,
    template: "auth-mail",
    page: {
      title: ctx.t("page.auth.verifyPrompt.title"),
      verifyPrompt: {
        signinHref: `${ctx.links.to("/auth/signin")}?redirect=${encodeURIComponent(ctx.links.to("/auth/verify-prompt"))}`,
        homeHref: ctx.links.home(),
      },
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
