// The shopper's order list: the server renders its frame and links; the island loads the
// orders with the shopper's token.
import type { RouteName } from "../../../shared/route-names";
import { type Resolver, withRedirect } from "./context";

export const resolvers = {
  "user-order": (ctx) => {
    const ordersHref = ctx.links.user("order");
    return {
      status: 200,
      template: "user-order",
      page: {
        title: ctx.t("page.user.orders.title"),
        orderHref: `${ordersHref}/{orderNo}`,
        signInHref: withRedirect(ctx, "signin", ordersHref),
        shopHref: ctx.links.home(),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
