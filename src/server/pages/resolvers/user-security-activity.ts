// The sign-in history: every attempt on the account, successful or not, newest first, a page
// at a time (?page=N; a page past the last is not found).
import type { RouteName } from "../../../shared/route-names";
import { signInMethod } from "../../api/calls/sessions";
import { loginAttempts, loginAttemptTotal } from "../../auth/activity";
import { deviceParts } from "../../auth/device";
import { accountNav } from "./account-nav";
import { accountPage, accountPaging, pageTitle, withQuery } from "./account-paging";
import { type Resolver, viewerOf } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "user-security-activity": (ctx) => {
    const { userId } = viewerOf(ctx);
    const total = loginAttemptTotal(ctx.db, userId);
    const at = accountPage(ctx.query, total);
    if (!at) return notFound(ctx);
    const rows = loginAttempts(ctx.db, userId, at.offset, at.limit);
    const path = ctx.links.user("security/activity");
    return {
      status: 200,
      template: "user-security-activity",
      page: {
        title: pageTitle(ctx.t("page.user.activity.title"), at),
        nav: accountNav(ctx),
        history: {
          items: rows.map((r) => {
            const { browser, system } = deviceParts(r.user_agent);
            return {
              createdAt: new Date(r.created_at).toISOString(),
              ip: r.ip.slice(0, 64),
              browser: browser.slice(0, 40),
              system,
              ...signInMethod(r.method),
              success: r.success === 1,
            };
          }),
          total,
          ...accountPaging(at, (page) => withQuery(path, { page })),
          securityHref: ctx.links.user("security"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
