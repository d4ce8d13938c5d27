// The shopper's returns, rendered by the server (the route answers 401 before this runs for
// a visitor), the page from ?page=.
import { RETURNS_PER_PAGE } from "../../../components/user/UserReturns";
import type { RouteName } from "../../../shared/route-names";
import { listReturns } from "../../api/calls/return";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

export const resolvers = {
  "user-return": (ctx) => {
    const { userId } = viewerOf(ctx);
    const number = Number(ctx.query.get("page") ?? "1");
    const page = Number.isInteger(number) && number >= 1 && number <= 10_000 ? number : 1;
    const listHref = ctx.links.user("return");
    const { items, total } = listReturns(ctx.db, userId, { pageSize: RETURNS_PER_PAGE, offset: (page - 1) * RETURNS_PER_PAGE });
    return {
      status: 200,
      template: "user-return",
      page: {
        title: ctx.t("page.user.returns.title"),
        nav: accountNav(ctx),
        view: {
          returns: items,
          total,
          page,
          listHref,
          returnHref: `${listHref}/{returnNo}`,
          ordersHref: ctx.links.user("order"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
