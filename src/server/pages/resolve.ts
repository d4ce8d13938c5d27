// What each page kind shows: from the route match and the store, the data its template
// binds to (under `page`), its status, and which template renders it.
import type { ProductCardData, ProductDetailProps, StoreProduct } from "../../../generated/types";
import type { Store } from "../store/load";
import type { Links } from "./links";
import type { RouteMatch } from "../../shared/routes";
import { homeSlides } from "./resolvers/home";
import { shopperPage } from "./resolvers/checkout";
import { listingPage } from "./resolvers/listing";
import { authPage } from "./resolvers/auth";

export interface ExtraReview {
  author: string;
  score: number;
  title?: string;
  body: string;
  date?: string;
}

export interface ResolveContext {
  store: Store;
  match: RouteMatch;
  query: URLSearchParams;
  links: Links;
  t(id: string): string;
  /** Reviews shoppers wrote (the database), newest first. */
  shopperReviews(productSlug: string): ExtraReview[];
  /** Units left of a SKU, after what orders hold. */
  stockOf(sku: string): number;
}

export interface Resolved {
  status: number;
  template: string;
  page: Record<string, unknown>;
}

const ACCOUNT_TITLES: Record<string, string> = {
  app: "page.app.title",
  "auth-forget": "page.auth.forget.title",
  "auth-reset-password": "page.auth.reset.title",
  "auth-signin": "page.auth.signin.title",
  "auth-signup": "page.auth.signup.title",
  "auth-verify-email": "page.auth.verifyEmail.title",
  "auth-verify-prompt": "page.auth.verifyPrompt.title",
  "user-center": "page.user.center.title",
  "user-account": "page.user.account.title",
  "user-address": "page.user.address.title",
  "user-article": "page.user.article.title",
  "user-favorite": "page.user.favorite.title",
  "user-security": "page.user.security.title",
  "user-security-activity": "page.user.activity.title",
  "user-log": "page.user.log.title",
  "user-info": "page.user.info.title",
  "user-return": "page.user.returns.title",
  "user-return-detail": "page.user.return.title",
};

export function notFound(ctx: ResolveContext, status = 404): Resolved {
  return { status, template: "error", page: errorPage(ctx, status) };
}

/** A user-area page fetched without a valid token: 401, which sends the client to sign-in. */
export function signInRequired(ctx: ResolveContext, pathname: string): Resolved {
  return {
    status: 401,
    template: "account",
    page: {
      title: ctx.t("page.auth.signin.title"),
      titleId: "page.auth.signin.title",
      textId: "page.signinRequired.text",
      links: [{ labelId: "page.link.signin", href: `${ctx.links.to("/auth/signin")}?redirect=${encodeURIComponent(pathname)}` }],
    },
  };
}

export function errorPage(ctx: ResolveContext, status: number): Record<string, unknown> {
  const code = [403, 404, 500].includes(status) ? status : 500;
  return {
    title: ctx.t(`page.error.${code}.title`),
    status: code,
    titleId: `page.error.${code}.title`,
    textId: `page.error.${code}.text`,
    links: [
      { labelId: "page.link.home", href: ctx.links.home() },
      { labelId: "page.link.search", href: ctx.links.to("/search") },
    ],
    searchAction: ctx.links.to("/search"),
  };
}

export function productStats(ctx: ResolveContext, product: StoreProduct): { score?: number; reviewCount: number } {
  const scores = [
    ...ctx.store.reviews.filter((r) => r.product === product.slug).map((r) => r.score),
    ...ctx.shopperReviews(product.slug).map((r) => r.score),
  ];
  if (scores.length === 0) return { reviewCount: 0 };
  return { score: Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10, reviewCount: scores.length };
}

export function productCard(ctx: ResolveContext, product: StoreProduct): ProductCardData {
  const stats = productStats(ctx, product);
  return {
    slug: product.slug,
    href: ctx.links.product(product.slug),
    title: product.title,
    image: product.images[0]!,
    price: product.price,
    ...(product.linePrice !== undefined ? { linePrice: product.linePrice } : {}),
    ...(stats.score !== undefined ? { score: stats.score, reviewCount: stats.reviewCount } : {}),
    inStock: product.variants.some((v) => ctx.stockOf(v.sku) > 0),
  };
}

function cards(ctx: ResolveContext, products: StoreProduct[]): ProductCardData[] {
  return products.map((p) => productCard(ctx, p));
}

function bySlugs(ctx: ResolveContext, slugs: string[]): StoreProduct[] {
  return slugs.map((s) => ctx.store.productBySlug.get(s)).filter((p): p is StoreProduct => p !== undefined);
}

function productPage(ctx: ResolveContext, product: StoreProduct, sku?: string): Resolved {
  if (sku !== undefined && !product.variants.some((v) => v.sku === sku)) return notFound(ctx);
  const category = ctx.store.categories.find((c) => c.slug === product.category);
  const stats = productStats(ctx, product);
  const reviews = [
    ...ctx.shopperReviews(product.slug),
    ...ctx.store.reviews
      .filter((r) => r.product === product.slug)
      .map((r) => ({ author: r.author, score: r.score, body: r.body, ...(r.title ? { title: r.title } : {}), ...(r.createdAt ? { date: r.createdAt } : {}) })),
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
      image: variant?.image ?? product.images[0],
      canonical: ctx.links.product(product.slug, sku),
      detail,
      related: cards(ctx, related),
    },
  };
}

function listing(ctx: ResolveContext, title: string, description: string | undefined, products: StoreProduct[]): Resolved {
  const page = listingPage({
    path: ctx.links.to(ctx.match.path), query: ctx.query, title, description, products,
    card: (p) => productCard(ctx, p), score: (p) => productStats(ctx, p).score ?? 0,
  });
  return page ? { status: 200, template: "listing", page } : notFound(ctx);
}

function contentPage(page: { title: string; body: string[] }): Resolved {
  return { status: 200, template: "content", page: { title: page.title, description: page.body[0] ?? page.title, paragraphs: page.body } };
}

function categoryPage(ctx: ResolveContext, slug: string): Resolved | null {
  const category = ctx.store.categories.find((c) => c.slug === slug);
  if (!category) return null;
  return listing(ctx, category.name, category.description, ctx.store.products.filter((p) => p.category === slug));
}

export function resolvePage(ctx: ResolveContext): Resolved {
  const { store, match, links } = ctx;
  const slug = match.params.slug ?? "";
  const name = match.name;
  const shopper = shopperPage({ name, params: match.params, query: ctx.query, links, t: ctx.t });
  if (shopper) return shopper === "not-found" ? notFound(ctx) : shopper;
  const auth = authPage(name, links, ctx.t);
  if (auth) return { status: 200, ...auth };
  if (ACCOUNT_TITLES[name]) {
    const titleId = ACCOUNT_TITLES[name]!;
    return {
      status: 200,
      template: "account",
      page: {
        title: ctx.t(titleId),
        titleId,
        textId: "page.pending.text",
        links: [{ labelId: "page.link.home", href: links.home() }],
      },
    };
  }
  switch (name) {
    case "home":
      return {
        status: 200,
        template: "home",
        page: {
          title: store.config.storeName,
          slides: homeSlides(store, links, ctx.t),
          featured: cards(ctx, bySlugs(ctx, store.collections.find((c) => c.slug === "best-sellers")?.products ?? []).slice(0, 8)),
          categories: store.categories.map((c) => ({ label: c.name, href: links.category(c.slug) })),
          articles: store.articles.slice(0, 3).map((a) => ({
            title: a.title, href: links.article(a.slug), author: a.author,
            ...(a.thumbnail ? { thumbnail: a.thumbnail } : {}), ...(a.excerpt ? { excerpt: a.excerpt } : {}),
          })),
          collectionHref: links.collection("new-arrivals"),
        },
      };
    case "search": {
      const q = (ctx.query.get("q") ?? "").trim().slice(0, 200);
      const words = q.toLowerCase().split(/\s+/).filter(Boolean);
      const found = words.length
        ? store.products.filter((p) => {
            const hay = [p.title, p.summary ?? "", p.category, ...(p.tags ?? [])].join(" ").toLowerCase();
            return words.every((w) => hay.includes(w));
          })
        : [];
      return {
        status: 200,
        template: "search",
        page: { title: q ? `${ctx.t("page.search.title")}: ${q}` : ctx.t("page.search.title"), query: q, products: cards(ctx, found), action: links.to("/search"), searched: q !== "" },
      };
    }
    case "tag-list":
      return {
        status: 200,
        template: "links",
        page: {
          title: ctx.t("page.tags.title"),
          links: store.tags.map((t) => ({ label: t.name, href: links.tag(t.slug), count: store.products.filter((p) => p.tags?.includes(t.slug)).length })),
        },
      };
    case "tag-detail": {
      const tag = store.tags.find((t) => t.slug === slug);
      return tag ? listing(ctx, tag.name, undefined, store.products.filter((p) => p.tags?.includes(slug))) : notFound(ctx);
    }
    case "category-detail":
      return categoryPage(ctx, slug) ?? notFound(ctx);
    case "product-detail":
    case "product-sku": {
      const product = store.productBySlug.get(slug);
      return product ? productPage(ctx, product, match.params.sku) : notFound(ctx);
    }
    case "article-detail": {
      const article = store.articles.find((a) => a.slug === slug);
      if (!article) return notFound(ctx);
      return {
        status: 200,
        template: "article",
        page: {
          title: article.title, description: article.excerpt ?? article.title, paragraphs: article.body, author: article.author,
          ...(article.publishedAt ? { date: article.publishedAt } : {}), ...(article.thumbnail ? { image: article.thumbnail } : {}),
        },
      };
    }
    case "page-detail":
    case "custom-detail":
    case "root-detail": {
      const folder = name === "custom-detail" ? "custom" : name === "root-detail" ? "root" : null;
      const page = store.pages.find((p) => p.slug === slug && (folder === null || (p.folder ?? "page") === folder));
      return page ? contentPage(page) : notFound(ctx);
    }
    case "collection-detail": {
      const collection = store.collections.find((c) => c.slug === slug);
      return collection ? listing(ctx, collection.title, collection.description, bySlugs(ctx, collection.products)) : notFound(ctx);
    }
    case "inquiry-detail": {
      const product = store.productBySlug.get(slug);
      if (!product) return notFound(ctx);
      return { status: 200, template: "inquiry", page: { title: `${ctx.t("page.inquiry.title")}: ${product.title}`, products: [productCard(ctx, product)], productId: product.id } };
    }
    case "promotion-list":
      return {
        status: 200,
        template: "links",
        page: { title: ctx.t("page.promotions.title"), links: store.promotions.map((p) => ({ label: p.title, href: links.to(`/promotion/${p.slug}`) })) },
      };
    case "promotion-detail": {
      const promotion = store.promotions.find((p) => p.slug === slug);
      return promotion ? listing(ctx, promotion.title, promotion.description, bySlugs(ctx, promotion.products)) : notFound(ctx);
    }
    case "coupon-list":
      return {
        status: 200,
        template: "links",
        page: { title: ctx.t("page.coupons.title"), links: store.coupons.map((c) => ({ label: `${c.title} (${c.code})`, href: links.to(`/coupon/${c.slug}`) })) },
      };
    case "coupon-detail": {
      const coupon = store.coupons.find((c) => c.slug === slug);
      return coupon ? contentPage({ title: coupon.title, body: [coupon.code] }) : notFound(ctx);
    }
    case "error-404":
      return notFound(ctx, 404);
    case "error-403":
      return notFound(ctx, 403);
    case "error-500":
      return notFound(ctx, 500);
    case "slug-detail": {
      const page = store.pages.find((p) => p.slug === slug);
      if (page) return contentPage(page);
      const product = store.productBySlug.get(slug);
      if (product) return productPage(ctx, product);
      return categoryPage(ctx, slug) ?? notFound(ctx);
    }
    default:
      // {type}-detail routes from config.router.categories list a category by slug.
      if (name.endsWith("-detail")) return categoryPage(ctx, slug) ?? notFound(ctx);
      return notFound(ctx);
  }
}
