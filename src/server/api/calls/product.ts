// A product card's quick view: images, variants with their price and units left, and the
// rating, in one small answer (the card already has the product page's address).
import type * as T from "../../../../generated/types";
import { reviewsOf } from "../../reviews";
import { stockSnapshot } from "../../stock";
import { fail } from "../envelope";
import { defineCall } from "../register";

export const productCalls = [
  defineCall("product/quickView", "optional", (ctx) => {
    const { db, store } = ctx.deps;
    const product = store.productBySlug.get(ctx.body.slug);
    if (!product) fail("refusal.product.notFound");
    const stockOf = stockSnapshot(db, store);
    const summary = reviewsOf(db, store).summary(product.slug);
    const images = [...new Set([...product.images, ...product.variants.flatMap((v) => (v.image ? [v.image] : []))])];
    return {
      slug: product.slug,
      title: product.title,
      ...(product.summary ? { summary: product.summary } : {}),
      images: images.slice(0, 20),
      currency: store.config.currency,
      ...(summary.count ? { score: summary.average } : {}),
      reviewCount: summary.count,
      variants: product.variants.map((v) => ({
        sku: v.sku,
        title: v.title,
        price: v.price,
        ...(v.linePrice !== undefined ? { linePrice: v.linePrice } : {}),
        stock: stockOf(v.sku),
        ...(v.image ? { image: v.image } : {}),
      })),
    } satisfies T.ProductQuickViewResponse;
  }),
];
