// The security page: password, email address, mobile number and the signed-in sessions, the
// one the page is shown in marked as this device.

import type { RouteName } from "../../../shared/route-names";
import { listSessions } from "../../api/calls/sessions";
import { userById, userInfo } from "../../auth/users";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

export const resolvers = {
  "user-security": (ctx) => {
    const viewer = viewerOf(ctx);
    const sessions = listSessions(ctx.db, viewer.userId, viewer.tokenHash, Date.now());
    return {
      status: 200,
      template: "user-security",
      page: {
        title: ctx.t("page.user.security.title"),
        nav: accountNav(ctx),
        security: {
          user: userInfo(ctx.db, userById(ctx.db, viewer.userId)!),
          sessions: sessions.items,
          sessionTotal: sessions.total,
          forgotHref: ctx.links.to("/auth/forget"),
          activityHref: ctx.links.user("security/activity"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
