// The auth pages of a mailed link: the forgotten-password form, the reset form and the
// email verification of a link's `code`, and the prompt after signing up. The code is
// handed to the form only when it has a code's shape; otherwise the form says the link is
// not valid and offers a new one.
import type { RouteName } from "../../../shared/route-names";
import type { ResolveContext, Resolver } from "./context";

const CODE = /^[A-Za-z0-9_-]{20,64}$/;

function codeOf(ctx: ResolveContext): string {
  const code = ctx.query.get("code") ?? "";
  return CODE.test(code) ? code : "";
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
    page: {
      title: ctx.t("page.auth.verifyEmail.title"),
      verifyEmail: { code: codeOf(ctx), promptHref: ctx.links.to("/auth/verify-prompt"), homeHref: ctx.links.home() },
    },
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
