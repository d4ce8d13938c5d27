// The journal (article-list): the store's articles, newest first, a page at a time
// (?page=N; a page past the last is a 404, so the number is bounded by the list).
import type { RouteName } from "../../../shared/route-names";
import { pageTitle, withQuery } from "./account-paging";
import { journalCard, newestFirst } from "./articles";
import type { Resolver } from "./context";
import { notFound } from "./error";
import { pageLinks, pageOf } from "./listing";

/** Three columns of three at desktop width. */
export const JOURNAL_PAGE_SIZE = 9;

export const resolvers = {
  "article-list": (ctx) => {
    const articles = newestFirst(ctx.store.articles);
    const pageCount = Math.max(1, Math.ceil(articles.length / JOURNAL_PAGE_SIZE));
    const page = pageOf(ctx.query.get("page"));
    if (page > pageCount) return notFound(ctx);
    const heading = ctx.t("page.journal.title");
    const path = ctx.links.to("/article");
    const offset = (page - 1) * JOURNAL_PAGE_SIZE;
    return {
      status: 200,
      template: "journal",
      page: {
        title: pageTitle(heading, { page, pageCount, offset, limit: JOURNAL_PAGE_SIZE }),
        heading,
        articles: articles.slice(offset, offset + JOURNAL_PAGE_SIZE).map((a) => journalCard(ctx, a)),
        total: articles.length,
        ...(pageCount > 1 ? { paging: pageLinks(page, pageCount, (n) => withQuery(path, { page: n })) } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
