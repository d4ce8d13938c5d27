// The checkout page: the server renders its frame and the links it needs (sign in or up and
// come back here, back to the cart); the island loads the order with the shopper's session.
import type { RouteName } from "../../../shared/route-names";
import { type Resolver, withRedirect } from "./context";

export const resolvers = {
  checkout: (ctx) => {
    const here = ctx.links.to(`/checkout/${encodeURIComponent(ctx.match.params.slug ?? "cart")}`);
    return {
      status: 200,
      template: "checkout",
      page: {
        title: ctx.t("page.checkout.title"),
        signInHref: withRedirect(ctx, "signin", here),
        signUpHref: withRedirect(ctx, "signup", here),
        cartHref: ctx.links.to("/cart"),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
