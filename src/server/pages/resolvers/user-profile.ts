// The profile (user/info: avatar and personal details) and the account settings (user/account:
// how the shopper signs in), rendered by the server for their owner.

import type { RouteName } from "../../../shared/route-names";
import { userById, userInfo } from "../../auth/users";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

export const resolvers = {
  "user-info": (ctx) => {
    const user = userById(ctx.db, viewerOf(ctx).userId)!;
    return {
      status: 200,
      template: "user-profile",
      page: {
        title: ctx.t("page.user.info.title"),
        nav: accountNav(ctx),
        info: { user: userInfo(ctx.db, user), accountHref: ctx.links.user("account") },
      },
    };
  },
  "user-account": (ctx) => {
    const user = userById(ctx.db, viewerOf(ctx).userId)!;
    return {
      status: 200,
      template: "user-profile",
      page: {
        title: ctx.t("page.user.account.title"),
        nav: accountNav(ctx),
        account: {
          user: userInfo(ctx.db, user),
          memberSince: new Date(user.created_at).toISOString(),
          verifyHref: ctx.links.to("/auth/verify-prompt"),
          securityHref: ctx.links.user("security"),
          activityHref: ctx.links.user("security/activity"),
          profileHref: ctx.links.user("info"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
