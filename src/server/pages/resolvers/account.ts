// Pages of the account template: the account area (a message and a link while its own
// pages are to come), and the 401 page of a user-area
// address fetched without a valid token, which sends the client to sign-in.
import type { RouteName } from "../../../shared/route-names";
import type { ResolvedAs } from "../page-kinds";
import type { ResolveContext, Resolver } from "./context";

const ACCOUNT_TITLES = {
  app: "page.app.title",
} as const satisfies Partial<Record<RouteName, string>>;

type AccountRoute = keyof typeof ACCOUNT_TITLES;

function accountPage(titleId: string): Resolver {
  return (ctx) => ({
    status: 200,
    template: "account",
    page: {
      title: ctx.t(titleId),
      titleId,
      textId: "page.pending.text",
      links: [{ labelId: "page.link.home", href: ctx.links.home() }],
    },
  });
}

export const resolvers = Object.fromEntries(
  Object.entries(ACCOUNT_TITLES).map(([name, titleId]) => [name, accountPage(titleId)]),
) as Record<AccountRoute, Resolver>;

/** A user-area page fetched without a valid token: 401, which sends the client to sign-in. */
export function signInRequired(ctx: ResolveContext, pathname: string): ResolvedAs<"account"> {
  return {
    status: 401,
    template: "account",
    page: {
      title: ctx.t("page.auth.signin.title"),
      titleId: "page.auth.signin.title",
      textId: "page.signinRequired.text",
      links: [{ labelId: "page.link.signin", href: `${ctx.links.to("/auth/signin")}?redirect=${encodeURIComponent(pathname)}` }],
    },
  };
}
