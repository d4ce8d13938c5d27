// One of the shopper's orders: the server renders its frame; the island loads the order with
// the shopper's token. A malformed order number is a 404.
import type { RouteName } from "../../../shared/route-names";
import { ORDER_NO, type Resolver, withRedirect } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "user-order-detail": (ctx) => {
    const orderNo = ctx.match.params.slug ?? "";
    if (!ORDER_NO.test(orderNo)) return notFound(ctx);
    const ordersHref = ctx.links.user("order");
    return {
      status: 200,
      template: "user-order-detail",
      page: {
        title: ctx.t("page.user.order.title"),
        orderNo,
        ordersHref,
        signInHref: withRedirect(ctx, "signin", `${ordersHref}/${orderNo}`),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
