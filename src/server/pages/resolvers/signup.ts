// The sign-up page: its own template, with the links its form offers (sign-in, privacy and
// terms). The `redirect` query stays in the address, where the form reads it.
import type { RouteName } from "../../../shared/route-names";
import type { Resolver } from "./context";

export const resolvers = {
  "auth-signup": (ctx) => ({
    status: 200,
    template: "signup",
    page: {
      title: ctx.t("page.auth.signup.title"),
      signinHref: ctx.links.to("/auth/signin"),
      privacyHref: ctx.links.page("privacy"),
      termsHref: ctx.links.page("terms"),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
