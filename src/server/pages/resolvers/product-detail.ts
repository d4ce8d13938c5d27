// The product page, of a product or of one of its variants (product-sku): the product as the
// ProductDetail island shows it, its reviews (shoppers' first) and related products.
import type { ProductDetailProps, StoreProduct } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import type { Resolved } from "../page-kinds";
import { cards, productStats, type ResolveContext, type Resolver, slugOf } from "./context";
import { notFound } from "./error";

export function productPage(ctx: ResolveContext, product: StoreProduct, sku?: string): Resolved {
  if (sku !== undefined && !product.variants.some((v) => v.sku === sku)) return notFound(ctx);
  const category = ctx.store.categories.find((c) => c.slug === product.category);
  const stats = productStats(ctx, product);
  const reviews = [
    ...ctx.shopperReviews(product.slug),
    ...ctx.store.reviews
      .filter((r) => r.product === product.slug)
      .map((r) => ({
        author: r.author,
        score: r.score,
        body: r.body,
        ...(r.title ? { title: r.title } : {}),
        ...(r.createdAt ? { date: r.createdAt } : {}),
      })),
  ].slice(0, 20);
  const detail: ProductDetailProps = {
    currency: ctx.store.config.currency,
    product: {
      slug: product.slug,
      title: product.title,
      ...(product.summary ? { summary: product.summary } : {}),
      description: product.description ?? [],
      images: product.images,
      ...(category ? { category: { name: category.name, href: ctx.links.category(category.slug) } } : {}),
      ...stats,
      variants: product.variants.map((v) => ({
        sku: v.sku,
        title: v.title,
        price: v.price,
        ...(v.linePrice !== undefined ? { linePrice: v.linePrice } : {}),
        stock: ctx.stockOf(v.sku),
        href: ctx.links.product(product.slug, v.sku),
        ...(v.image ? { image: v.image } : {}),
      })),
    },
    ...(sku ? { selectedSku: sku } : {}),
    reviews,
  };
  const variant = product.variants.find((v) => v.sku === sku);
  const related = ctx.store.products.filter((p) => p.category === product.category && p.slug !== product.slug).slice(0, 4);
  return {
    status: 200,
    template: "product-detail",
    page: {
      id: product.id,
      title: variant ? `${product.title} (${variant.title})` : product.title,
      description: product.summary ?? product.title,
      image: variant?.image ?? product.images[0]!,
      canonical: ctx.links.product(product.slug, sku),
      detail,
      related: cards(ctx, related),
    },
  };
}

const byRoute: Resolver = (ctx) => {
  const product = ctx.store.productBySlug.get(slugOf(ctx));
  return product ? productPage(ctx, product, ctx.match.params.sku) : notFound(ctx);
};

export const resolvers = {
  "product-detail": byRoute,
  "product-sku": byRoute,
} satisfies Partial<Record<RouteName, Resolver>>;
