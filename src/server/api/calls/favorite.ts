// Favorites: articles, products and pages the customer saved. Ids are a product's numeric
// id (or its slug) and an article's or page's slug; an article is the store's or a shopper's
// published one.
import type * as T from "../../../../generated/types";
import { publishedArticle } from "../../account/user-articles";
import type { Db } from "../../db/open";
import { createLinks } from "../../pages/links";
import { type StockOf, stockSnapshot } from "../../stock";
import type { Store } from "../../store/load";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { count, iso, paging } from "./shared";

type Kind = T.FavoriteType;

/** Entries of one kind a shopper may keep (the wish list answer's bound). */
export const MAX_FAVORITES = 1000;

interface Sources {
  db: Db;
  store: Store;
  stockOf: StockOf;
}

/** The saved thing as the lists show it, or null when the store no longer has it. */
function describe({ db, store, stockOf }: Sources, type: Kind, id: string, createdAt?: number): T.FavoriteItem | null {
  const links = createLinks(store.config.router, null);
  const when = createdAt === undefined ? {} : { createdAt: iso(createdAt) };
  if (type === "product") {
    // Saved by id (a number) or, in older lists, by slug.
    const byId = String(Number(id)) === id ? store.catalog.slugOfId(Number(id)) : undefined;
    const product = store.productBySlug.get(byId ?? id);
    if (!product) return null;
    const sku = product.variants.find((v) => stockOf(v.sku) > 0)?.sku;
    return {
      type,
      id: String(product.id),
      title: product.title,
      slug: product.slug,
      url: links.product(product.slug),
      image: product.images[0]!,
      price: product.price,
      ...(sku ? { sku } : {}),
      ...when,
    };
  }
  if (type === "article") {
    const article = store.articles.find((a) => a.slug === id);
    if (article) {
      return {
        type,
        id: article.slug,
        title: article.title,
        slug: article.slug,
        url: links.article(article.slug),
        ...(article.thumbnail ? { image: article.thumbnail } : {}),
        ...when,
      };
    }
    const own = publishedArticle(db, id);
    return own
      ? {
          type,
          id: own.slug,
          title: own.title,
          slug: own.slug,
          url: links.article(own.slug),
          ...(own.thumbnail ? { image: own.thumbnail } : {}),
          ...when,
        }
      : null;
  }
  const page = store.pages.find((p) => p.slug === id);
  return page ? { type, id: page.slug, title: page.title, slug: page.slug, url: links.page(page.slug), ...when } : null;
}

function sources(deps: { db: Db; store: Store }): Sources {
  return { db: deps.db, store: deps.store, stockOf: stockSnapshot(deps.db, deps.store) };
}

/** A page of one list, newest first; entries the store no longer has are left out. */
export function favoritesOf(
  deps: { db: Db; store: Store },
  userId: number,
  type: Kind,
  limit: number,
  offset: number,
): T.FavoriteItem[] {
  const from = sources(deps);
  const rows = deps.db
    .prepare(
      "SELECT item_id, created_at FROM favorites WHERE user_id = ? AND type = ? ORDER BY created_at DESC, rowid DESC LIMIT ? OFFSET ?",
    )
    .all(userId, type, limit, offset) as { item_id: string; created_at: number }[];
  return rows.map((r) => describe(from, type, r.item_id, r.created_at)).filter((i): i is T.FavoriteItem => i !== null);
}

export function favoriteCount(db: Db, userId: number, type: Kind): number {
  return count(db, "SELECT COUNT(*) AS n FROM favorites WHERE user_id = ? AND type = ?", userId, type);
}

export const favoriteCalls = [
  defineCall("favorite/add", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const userId = ctx.user!.id;
    const now = clock();
    // Looked up where it is saved: an article deleted meanwhile (with its favorites) is not saved again.
    const item = db.transaction(() => {
      const found = describe(sources(ctx.deps), ctx.body.type, ctx.body.id);
      if (!found) fail("refusal.favorite.gone");
      const saved = db
        .prepare("SELECT 1 FROM favorites WHERE user_id = ? AND type = ? AND item_id = ?")
        .get(userId, found.type, found.id);
      if (!saved && favoriteCount(db, userId, found.type) >= MAX_FAVORITES)
        fail("refusal.favorite.tooMany", { max: MAX_FAVORITES });
      db.prepare("INSERT INTO favorites (user_id, type, item_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING").run(
        userId,
        found.type,
        found.id,
        now,
      );
      return found;
    })();
    return { ...item, createdAt: iso(now) };
  }),

  defineCall("favorite/cancel", "required", (ctx) => {
    const { db } = ctx.deps;
    const id = describe(sources(ctx.deps), ctx.body.type, ctx.body.id)?.id ?? ctx.body.id;
    db.prepare("DELETE FROM favorites WHERE user_id = ? AND type = ? AND item_id = ?").run(ctx.user!.id, ctx.body.type, id);
    return null;
  }),

  defineCall("favorite/list", "required", (ctx) => {
    const { page, pageSize, offset } = paging(ctx.body);
    return {
      items: favoritesOf(ctx.deps, ctx.user!.id, ctx.body.type, pageSize, offset),
      total: favoriteCount(ctx.deps.db, ctx.user!.id, ctx.body.type),
      page,
      pageSize,
    } satisfies T.FavoriteListResponse;
  }),

  defineCall("favorite/count", "required", (ctx) => {
    const n = (type: Kind) => favoriteCount(ctx.deps.db, ctx.user!.id, type);
    return { article: n("article"), product: n("product"), page: n("page") } satisfies T.FavoriteCountResponse;
  }),

  defineCall("favorite/wishList", "required", (ctx) => {
    const all = (type: Kind) => favoritesOf(ctx.deps, ctx.user!.id, type, MAX_FAVORITES, 0);
    return { article: all("article"), product: all("product"), page: all("page") } satisfies T.FavoriteWishListResponse;
  }),
];
