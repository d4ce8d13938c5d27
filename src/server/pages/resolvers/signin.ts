// The sign-in page: its own template, with the links its form offers. The `redirect` query
// stays in the address, where the form reads it.
import type { RouteName } from "../../../shared/route-names";
import type { Resolver } from "./context";

export const resolvers = {
  "auth-signin": (ctx) => ({
    status: 200,
    template: "signin",
    page: {
      title: ctx.t("page.auth.signin.title"),
      signupHref: ctx.links.to("/auth/signup"),
      forgotHref: ctx.links.to("/auth/forget"),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
