// The cart page: the server renders the shopper's cart (the customer's, else the visitor
// cookie's) as plain forms; the island takes them over once it runs.
import type { RouteName } from "../../../shared/route-names";
import { shopperCart } from "../shopper-cart";
import type { Resolver } from "./context";

export const resolvers = {
  cart: (ctx) => ({
    status: 200,
    template: "cart",
    page: {
      title: ctx.t("page.cart.title"),
      checkoutHref: ctx.links.to("/checkout/cart"),
      shopHref: ctx.links.home(),
      cart: shopperCart(ctx),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
