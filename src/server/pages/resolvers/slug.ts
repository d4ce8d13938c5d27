// The last route, `/:slug`: a store page of that slug, else a product, else a category.
import type { RouteName } from "../../../shared/route-names";
import { contentPage } from "./content";
import { type Resolver, slugOf } from "./context";
import { notFound } from "./error";
import { categoryPage } from "./listing";
import { productPage } from "./product-detail";

export const slugResolvers = {
  "slug-detail": (ctx) => {
    const slug = slugOf(ctx);
    const page = ctx.store.pages.find((p) => p.slug === slug);
    if (page) return contentPage(page);
    const product = ctx.store.productBySlug.get(slug);
    if (product) return productPage(ctx, product);
    return categoryPage(ctx, slug) ?? notFound(ctx);
  },
} satisfies Partial<Record<RouteName, Resolver>>;
