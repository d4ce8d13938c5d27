// One of the shopper's orders, rendered by the server (the route answers 401 before this
// runs for a visitor). A malformed number, or an order that is not theirs, is a 404.
import type { RouteName } from "../../../shared/route-names";
import { orderOf } from "../../api/calls/order";
import { accountNav } from "./account-nav";
import { ORDER_NO, type Resolver, viewerOf } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "user-order-detail": (ctx) => {
    const { userId } = viewerOf(ctx);
    const orderNo = ctx.match.params.slug ?? "";
    const order = ORDER_NO.test(orderNo) ? orderOf(ctx.db, userId, orderNo) : null;
    if (!order) return notFound(ctx);
    return {
      status: 200,
      template: "user-order-detail",
      page: {
        title: ctx.t("page.user.order.title"),
        nav: accountNav(ctx),
        view: {
          order,
          ordersHref: ctx.links.user("order"),
          returnHref: `${ctx.links.user("return")}/{returnNo}`,
          // The product rule may put text around the slug ("/p/:slug.html"): a placeholder slug is swapped for {slug}.
          productHref: ctx.links.product("__slug__").replace("__slug__", "{slug}"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
