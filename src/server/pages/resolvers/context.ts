// What every resolver reads (the route match, the query, the store, links, messages) and
// the helpers several page kinds share: product cards and their review statistics.
import type { ProductCardData } from "../../../../generated/types";
import type { RouteMatch } from "../../../shared/routes";
import type { CardEntry } from "../../catalog/queries";
import type { Db } from "../../db/open";
import type { FormState } from "../../forms/flash";
import type { Reviews } from "../../reviews";
import type { SearchIndex } from "../../search/index";
import type { StockSnapshot } from "../../stock";
import type { Store, StoreProduct } from "../../store/load";
import { resolveText } from "../../store/texts.mjs";
import type { Links } from "../links";
import type { Resolved } from "../page-kinds";

/** The signed-in shopper a page is rendered for (from x-auth, or the auth cookie on a first load). */
export interface Viewer {
  userId: number;
  /** The SHA-256 of the token the page was asked with: which of the shopper's sessions is this one. */
  tokenHash?: string;
}

export interface ResolveContext {
  store: Store;
  /** The shop's database: account pages read the viewer's own records from it. */
  db: Db;
  /** Null for a visitor; every user route is answered with 401 before its resolver runs for one. */
  viewer: Viewer | null;
  /** The visitor cookie's id, null without one: a visitor's cart belongs to it. */
  visitorId: string | null;
  /** What a failed form post sent back to this page, null otherwise. */
  form: FormState | null;
  match: RouteMatch;
  query: URLSearchParams;
  links: Links;
  t(id: string): string;
  /** Every product's reviews, the store's and buyers': pages of them and their statistics. */
  reviews: Reviews;
  /** Units left of a SKU, after what orders hold (`stock`: the catalog's units, when the caller has them). */
  stockOf: StockSnapshot;
  /** The catalog's search index (src/server/search/), one per loaded store. */
  search: SearchIndex;
  /** The moment the page is rendered at, by the server's clock: what store dates (promotions, coupons) are compared with. */
  now: number;
}

/** From the route match and the store: the page's status, its kind and that kind's data. */
export type Resolver = (ctx: ResolveContext) => Resolved;

/** The viewer of a user route: its resolver runs only for a signed-in shopper. */
export function viewerOf(ctx: ResolveContext): Viewer {
  if (!ctx.viewer) throw new Error(`route ${ctx.match.name}: a user page resolved without a signed-in viewer`);
  return ctx.viewer;
}

/** The `slug` path parameter, "" when the route has none. */
export function slugOf(ctx: ResolveContext): string {
  return ctx.match.params.slug ?? "";
}

type Stats = { score?: number; reviewCount: number };

/** A product's review statistics as pages show them: no score while it has no review. */
export const statsOf = ({ average, count }: { average: number; count: number }): Stats =>
  count === 0 ? { reviewCount: 0 } : { score: average, reviewCount: count };

function productStats(ctx: ResolveContext, product: Pick<StoreProduct, "slug">): Stats {
  return statsOf(ctx.reviews.summary(product.slug));
}

/** What a card shows of a product: a product has it, and so has the catalog's card entry, with its seed reviews' totals. */
export interface CardSource {
  slug: string;
  title: string;
  images: readonly string[];
  price: number;
  linePrice?: number;
  variants: readonly { sku: string; stock: number }[];
  seedCount?: number;
  seedSum?: number;
}

export function productCard(ctx: ResolveContext, product: CardSource): ProductCardData {
  return productCards(ctx, [product])[0]!;
}

/**
 * The cards of these products, in their order. A page of cards reads what orders hold of
 * their variants and buyers' review totals in one query each, not one per card.
 */
export function productCards(ctx: ResolveContext, products: readonly CardSource[]): ProductCardData[] {
  ctx.stockOf.prime(products.flatMap((p) => p.variants));
  const seeded = products.flatMap((p) =>
    p.seedCount !== undefined && p.seedSum !== undefined
      ? [{ source: p, slug: p.slug, seedCount: p.seedCount, seedSum: p.seedSum }]
      : [],
  );
  const averages = new Map(ctx.reviews.averagesOf(seeded).map((average, i) => [seeded[i]!.source, average]));
  return products.map((product) => {
    const average = averages.get(product);
    const stats = average ? statsOf(average) : productStats(ctx, product);
    return {
      slug: product.slug,
      href: ctx.links.product(product.slug),
      title: product.title,
      image: product.images[0]!,
      price: product.price,
      ...(product.linePrice !== undefined ? { linePrice: product.linePrice } : {}),
      ...(stats.score !== undefined ? { score: stats.score, reviewCount: stats.reviewCount } : {}),
      // The product's own variants bring their catalog stock: no second read of it by SKU.
      inStock: product.variants.some((v) => ctx.stockOf(v.sku, v.stock) > 0),
    };
  });
}

/** The cards of these slugs, in their order; unknown slugs are skipped. */
export function cardsOf(ctx: ResolveContext, slugs: readonly string[]): ProductCardData[] {
  return productCards(ctx, cardSources(ctx, slugs));
}

/**
 * The card sources of these slugs, in their order (unknown slugs skipped), from the catalog's
 * card entries: a page of cards never parses and localizes whole products.
 */
export function cardSources(ctx: ResolveContext, slugs: readonly string[]): CardSource[] {
  return localizedCards(ctx, ctx.store.catalog.cards(slugs));
}

/**
 * The card sources of the products at these catalog positions, in their order (unknown positions
 * skipped); `category` when every one is of that category (catalog.cardsAt).
 */
export function cardSourcesAt(ctx: ResolveContext, positions: readonly number[], category?: string): CardSource[] {
  return localizedCards(ctx, ctx.store.catalog.cardsAt(positions, category));
}

/** Card entries in the page's language: the title is a card's one store text. */
export function localizedCards(ctx: ResolveContext, entries: readonly CardEntry[]): CardSource[] {
  const language = ctx.match.language.messages;
  return entries.map((entry) => ({ ...entry, title: resolveText(entry.title, language) }));
}

/** The store's products of these slugs, in their order; unknown slugs are skipped. */
export function bySlugs(ctx: ResolveContext, slugs: string[]): StoreProduct[] {
  return slugs.map((s) => ctx.store.productBySlug.get(s)).filter((p): p is StoreProduct => p !== undefined);
}

/** Order numbers as the shop writes them; anything else in an address is a 404 or ignored. */
export const ORDER_NO = /^[A-Z0-9]{6,32}$/;

/** A sign-in or sign-up address that comes back to `back` afterwards. */
export function withRedirect(ctx: ResolveContext, screen: "signin" | "signup", back: string): string {
  return `${ctx.links.to(`/auth/${screen}`)}?redirect=${encodeURIComponent(back)}`;
}
