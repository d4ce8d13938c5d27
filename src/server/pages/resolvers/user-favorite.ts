// The wish list: one of its three lists (?type=product|article|page) and one page of it
// (?page=N), rendered by the server from the database; the island removes entries and adds
// products to the cart.
import type { FavoriteType } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { favoriteCount, favoritesOf } from "../../api/calls/favorite";
import { accountNav } from "./account-nav";
import { type ResolveContext, type Resolver, viewerOf } from "./context";

const TYPES: readonly FavoriteType[] = ["product", "article", "page"];
const PAGE_SIZE = 20;
const MAX_PAGE = 10000;

/** A page number from the query: 1 unless it is a whole number from 1 to MAX_PAGE. */
export function pageParam(ctx: ResolveContext): number {
  const page = Number(ctx.query.get("page") ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export const resolvers = {
  "user-favorite": (ctx) => {
    const { userId } = viewerOf(ctx);
    const asked = ctx.query.get("type");
    const type = TYPES.find((t) => t === asked) ?? "product";
    const page = pageParam(ctx);
    const base = ctx.links.user("favorite");
    const tab = (t: FavoriteType) => (t === "product" ? base : `${base}?type=${t}`);
    const deps = { db: ctx.db, store: ctx.store };
    return {
      status: 200,
      template: "user-favorite",
      page: {
        title: ctx.t("page.user.favorite.title"),
        nav: accountNav(ctx),
        favorites: {
          type,
          counts: {
            product: favoriteCount(ctx.db, userId, "product"),
            article: favoriteCount(ctx.db, userId, "article"),
            page: favoriteCount(ctx.db, userId, "page"),
          },
          // Links in the page's language (the calls answer them without a prefix).
          items: favoritesOf(deps, userId, type, PAGE_SIZE, (page - 1) * PAGE_SIZE).map((item) => ({
            ...item,
            url: item.slug ? ctx.links[type](item.slug) : item.url,
          })),
          page,
          pageSize: PAGE_SIZE,
          tabs: { product: tab("product"), article: tab("article"), page: tab("page") },
          pageHref: `${base}?type=${type}&page={page}`,
          currency: ctx.store.config.currency,
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
