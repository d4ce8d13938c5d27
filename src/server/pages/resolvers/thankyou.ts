// The page after an order: the order number from the query, only when it is well formed.
import type { RouteName } from "../../../shared/route-names";
import { ORDER_NO, type Resolver } from "./context";

export const resolvers = {
  "checkout-thankyou": (ctx) => {
    const ordersHref = ctx.links.user("order");
    const orderNo = ctx.query.get("orderNo") ?? "";
    return {
      status: 200,
      template: "thankyou",
      page: {
        title: ctx.t("page.thankyou.title"),
        ...(ORDER_NO.test(orderNo) ? { orderNo, orderHref: `${ordersHref}/${orderNo}` } : {}),
        ordersHref,
        homeHref: ctx.links.home(),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
