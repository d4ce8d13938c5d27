// The shopper's own articles, one page of them (?page=N), rendered by the server from the
// database; the island writes, edits and deletes them through the article calls.
import type { RouteName } from "../../../shared/route-names";
import { myArticles } from "../../api/calls/articles";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";
import { pageParam } from "./user-favorite";

const PAGE_SIZE = 20;

export const resolvers = {
  "user-article": (ctx) => {
    const list = myArticles(ctx.db, ctx.store, viewerOf(ctx).userId, { page: pageParam(ctx), pageSize: PAGE_SIZE });
    return {
      status: 200,
      template: "user-article",
      page: {
        title: ctx.t("page.user.article.title"),
        nav: accountNav(ctx),
        articles: {
          // In the page's language, as every link of the page.
          articles: list.items.map((a) => ({ ...a, url: ctx.links.article(a.slug) })),
          total: list.total,
          page: list.page,
          pageSize: list.pageSize,
          pageHref: `${ctx.links.user("article")}?page={page}`,
          articleHref: ctx.links.article("{slug}").replace(encodeURIComponent("{slug}"), "{slug}"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
