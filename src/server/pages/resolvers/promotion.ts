// A promotion's page: its state and dates, the countdown while it runs (the server's time
// left at render, which the browser counts down), and its products as a sorted, paged grid.
import type { RouteName } from "../../../shared/route-names";
import { productCards, type Resolver, slugOf } from "./context";
import { notFound } from "./error";
import { catalogSlice, listingPage } from "./listing";
import { promotionEnd, promotionSummary } from "./promotion-list";

export const resolvers = {
  "promotion-detail": (ctx) => {
    const promotion = ctx.store.promotions.find((p) => p.slug === slugOf(ctx));
    if (!promotion) return notFound(ctx);
    const listing = listingPage({
      path: ctx.links.to(ctx.match.path),
      query: ctx.query,
      title: promotion.title,
      description: promotion.description,
      slice: catalogSlice(ctx, { slugs: promotion.products }),
      cards: (products) => productCards(ctx, products),
    });
    if (!listing) return notFound(ctx);
    const summary = promotionSummary(ctx, promotion);
    return {
      status: 200,
      template: "promotion",
      page: {
        title: listing.title,
        description: promotion.description || promotion.title,
        promotion: summary,
        ...(summary.state === "running"
          ? { countdown: { endsAt: new Date(promotionEnd(promotion)).toISOString(), renderedAt: ctx.now } }
          : {}),
        productsTitle: ctx.t("page.promotion.products"),
        products: listing.products,
        total: listing.total,
        sorting: listing.sorting,
        ...(listing.paging ? { paging: listing.paging } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
