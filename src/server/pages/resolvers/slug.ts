// The last route, `/:slug`, SPEC.md §2's root-level detail: a store page of the root folder
// (the folder whose pages live at the root), else a store page of another folder, else a
// product, else a category; anything else is a 404.
import type { RouteName } from "../../../shared/route-names";
import { contentPage } from "./content";
import { type Resolver, slugOf } from "./context";
import { notFound } from "./error";
import { categoryPage } from "./listing";
import { productPage } from "./product-detail";

export const slugResolvers = {
  "slug-detail": (ctx) => {
    const slug = slugOf(ctx);
    const pages = ctx.store.pages.filter((p) => p.slug === slug);
    const page = pages.find((p) => p.folder === "root") ?? pages[0];
    if (page) return contentPage(page);
    const product = ctx.store.productBySlug.get(slug);
    if (product) return productPage(ctx, product);
    return categoryPage(ctx, slug) ?? notFound(ctx);
  },
} satisfies Partial<Record<RouteName, Resolver>>;
