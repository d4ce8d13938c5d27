// The cart page: the server renders its frame and links; the island loads the lines with the
// visitor cookie or the shopper's token.
import type { RouteName } from "../../../shared/route-names";
import type { Resolver } from "./context";

export const resolvers = {
  cart: (ctx) => ({
    status: 200,
    template: "cart",
    page: { title: ctx.t("page.cart.title"), checkoutHref: ctx.links.to("/checkout/cart"), shopHref: ctx.links.home() },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
