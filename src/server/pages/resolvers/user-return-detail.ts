// One of the shopper's returns, rendered by the server (the route answers 401 before this
// runs for a visitor). A malformed number, or a return that is not theirs, is a 404.
import type { RouteName } from "../../../shared/route-names";
import { returnOf } from "../../api/calls/return";
import { accountNav } from "./account-nav";
import { ORDER_NO, type Resolver, viewerOf } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "user-return-detail": (ctx) => {
    const { userId } = viewerOf(ctx);
    const returnNo = ctx.match.params.slug ?? "";
    // Return numbers are written like order numbers.
    const request = ORDER_NO.test(returnNo) ? returnOf(ctx.db, userId, returnNo) : null;
    if (!request) return notFound(ctx);
    return {
      status: 200,
      template: "user-return-detail",
      page: {
        title: ctx.t("page.user.return.title"),
        nav: accountNav(ctx),
        view: { request, returnsHref: ctx.links.user("return"), orderHref: `${ctx.links.user("order")}/{orderNo}` },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
