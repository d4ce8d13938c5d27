// The product page, of a product or of one of its variants (product-sku): the product as the
// ProductDetail island shows it, its reviews (the statistics and the newest page) and related
// products. Without a SKU in the address the page shows the first variant in stock, while its
// title, canonical address and preview image stay the product's.
import type { ProductDetailProps, ProductReviewsProps } from "../../../../generated/types";
import { productPageTitle } from "../../../shared/product-variant";
import { REVIEW_PAGE_SIZE } from "../../../shared/reviews";
import type { RouteName } from "../../../shared/route-names";
import type { StoreProduct } from "../../store/load";
import type { Resolved } from "../page-kinds";
import { localizedCards, productCards, type ResolveContext, type Resolver, slugOf, statsOf, withRedirect } from "./context";
import { notFound } from "./error";

export function productPage(ctx: ResolveContext, product: StoreProduct, sku?: string): Resolved {
  if (sku !== undefined && !product.variants.some((v) => v.sku === sku)) return notFound(ctx);
  const category = ctx.store.categories.find((c) => c.slug === product.category);
  // The reviews' page and statistics in one read, and what orders hold of the product's
  // variants and its related products' in one query: each read costs more inside a request
  // (cold caches) than its work.
  const first = ctx.reviews.page(product.slug, { sort: "newest", page: 1, pageSize: REVIEW_PAGE_SIZE });
  const related = localizedCards(ctx, ctx.store.catalog.relatedCards(product.category, product.slug, 4));
  ctx.stockOf.prime([...product.variants, ...related.flatMap((card) => card.variants)]);
  const detail: ProductDetailProps = {
    currency: ctx.store.config.currency,
    product: {
      slug: product.slug,
      title: product.title,
      ...(product.summary ? { summary: product.summary } : {}),
      description: product.description ?? [],
      images: product.images,
      ...(category ? { category: { name: category.name, href: ctx.links.category(category.slug) } } : {}),
      ...statsOf(first.summary),
      variants: product.variants.map((v) => ({
        sku: v.sku,
        title: v.title,
        price: v.price,
        ...(v.linePrice !== undefined ? { linePrice: v.linePrice } : {}),
        stock: ctx.stockOf(v.sku, v.stock),
        href: ctx.links.product(product.slug, v.sku),
        ...(v.image ? { image: v.image } : {}),
      })),
    },
    ...(sku ? { selectedSku: sku } : {}),
  };
  const reviews: ProductReviewsProps = {
    productSlug: product.slug,
    productTitle: product.title,
    summary: first.summary,
    reviews: first.items,
    pageSize: REVIEW_PAGE_SIZE,
    signInHref: withRedirect(ctx, "signin", ctx.links.product(product.slug, sku)),
  };
  const variant = product.variants.find((v) => v.sku === sku);

  return {
    status: 200,
    template: "product-detail",
    page: {
      id: product.id,
      title: productPageTitle(product.title, variant?.title),
      description: product.summary ?? product.title,
      image: variant?.image ?? product.images[0]!,
      canonical: ctx.links.product(product.slug, sku),
      detail,
      reviews,
      related: productCards(ctx, related),
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
