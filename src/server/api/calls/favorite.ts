// Favorites: articles, products and pages the customer saved. Ids are a product's numeric
// id (or its slug) and an article's or page's slug.
import type * as T from "../../../../generated/types";
import { createLinks } from "../../pages/links";
import type { Store } from "../../store/load";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { count, iso, paging } from "./shared";

type Kind = T.FavoriteType;

/** The saved thing as the lists show it, or null when the store no longer has it. */
function describe(store: Store, type: Kind, id: string, createdAt?: number): T.FavoriteItem | null {
  const links = createLinks(store.config.router, null);
  const when = createdAt === undefined ? {} : { createdAt: iso(createdAt) };
  if (type === "product") {
    const product = store.products.find((p) => String(p.id) === id || p.slug === id);
    return product
      ? {
          type,
          id: String(product.id),
          title: product.title,
          slug: product.slug,
          url: links.product(product.slug),
          image: product.images[0]!,
          price: product.price,
          ...when,
        }
      : null;
  }
  if (type === "article") {
    const article = store.articles.find((a) => a.slug === id);
    return article
      ? {
          type,
          id: article.slug,
          title: article.title,
          slug: article.slug,
          url: links.article(article.slug),
          ...(article.thumbnail ? { image: article.thumbnail } : {}),
          ...when,
        }
      : null;
  }
  const page = store.pages.find((p) => p.slug === id);
  return page ? { type, id: page.slug, title: page.title, slug: page.slug, url: links.page(page.slug), ...when } : null;
}

function listOf(
  db: import("../../db/open").Db,
  store: Store,
  userId: number,
  type: Kind,
  limit: number,
  offset: number,
): T.FavoriteItem[] {
  const rows = db
    .prepare("SELECT item_id, created_at FROM favorites WHERE user_id = ? AND type = ? ORDER BY created_at DESC LIMIT ? OFFSET ?")
    .all(userId, type, limit, offset) as { item_id: string; created_at: number }[];
  return rows.map((r) => describe(store, type, r.item_id, r.created_at)).filter((i): i is T.FavoriteItem => i !== null);
}

export const favoriteCalls = [
  defineCall("favorite/add", "required", (ctx) => {
    const { db, store, clock } = ctx.deps;
    const item = describe(store, ctx.body.type, ctx.body.id);
    if (!item) fail("This item no longer exists.");
    const now = clock();
    db.prepare("INSERT OR IGNORE INTO favorites (user_id, type, item_id, created_at) VALUES (?, ?, ?, ?)").run(
      ctx.user!.id,
      item!.type,
      item!.id,
      now,
    );
    return { ...item!, createdAt: iso(now) };
  }),

  defineCall("favorite/cancel", "required", (ctx) => {
    const { db, store } = ctx.deps;
    const id = describe(store, ctx.body.type, ctx.body.id)?.id ?? ctx.body.id;
    db.prepare("DELETE FROM favorites WHERE user_id = ? AND type = ? AND item_id = ?").run(ctx.user!.id, ctx.body.type, id);
    return null;
  }),

  defineCall("favorite/list", "required", (ctx) => {
    const { db, store } = ctx.deps;
    const { page, pageSize, offset } = paging(ctx.body);
    return {
      items: listOf(db, store, ctx.user!.id, ctx.body.type, pageSize, offset),
      total: count(db, "SELECT COUNT(*) AS n FROM favorites WHERE user_id = ? AND type = ?", ctx.user!.id, ctx.body.type),
      page,
      pageSize,
    } satisfies T.FavoriteListResponse;
  }),

  defineCall("favorite/count", "required", (ctx) => {
    const n = (type: Kind) =>
      count(ctx.deps.db, "SELECT COUNT(*) AS n FROM favorites WHERE user_id = ? AND type = ?", ctx.user!.id, type);
    return { article: n("article"), product: n("product"), page: n("page") } satisfies T.FavoriteCountResponse;
  }),

  defineCall("favorite/wishList", "required", (ctx) => {
    const { db, store } = ctx.deps;
    const all = (type: Kind) => listOf(db, store, ctx.user!.id, type, 1000, 0);
    return { article: all("article"), product: all("product"), page: all("page") } satisfies T.FavoriteWishListResponse;
  }),
];
