// The inquiry page: the product a shopper asks about, as a card.
import type { RouteName } from "../../../shared/route-names";
import { productCard, type Resolver, slugOf } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "inquiry-detail": (ctx) => {
    const product = ctx.store.productBySlug.get(slugOf(ctx));
    if (!product) return notFound(ctx);
    return {
      status: 200,
      template: "inquiry",
      page: {
        title: `${ctx.t("page.inquiry.title")}: ${product.title}`,
        products: [productCard(ctx, product)],
        productId: product.id,
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
