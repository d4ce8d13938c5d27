// The journal (article-list): the store's articles and shoppers' published ones, newest first,
// a page at a time (?page=N; a page past the last is a 404, so the number is bounded by the list).
import type { JournalCard } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { newestPublished } from "../../account/user-articles";
import { pageTitle, withQuery } from "./account-paging";
import { journalCard, newestFirst, ownJournalCard } from "./articles";
import type { Resolver } from "./context";
import { notFound } from "./error";
import { pageLinks, pageOf } from "./listing";

/** Three columns of three at desktop width. */
export const JOURNAL_PAGE_SIZE = 9;

export const resolvers = {
  "article-list": (ctx) => {
    const page = pageOf(ctx.query.get("page"));
    const offset = (page - 1) * JOURNAL_PAGE_SIZE;
    // The newest shoppers' articles this page can reach, merged by date with the store's. A slug
    // the store uses is the store's article (article-detail), so a shopper's one there is left out.
    const storeSlugs = new Set(ctx.store.articles.map((a) => a.slug));
    const own = newestPublished(ctx.db, offset + JOURNAL_PAGE_SIZE);
    const cards: JournalCard[] = [
      ...newestFirst(ctx.store.articles).map((a) => journalCard(ctx, a)),
      ...own.rows.filter((a) => !storeSlugs.has(a.slug)).map((a) => ownJournalCard(ctx, a)),
    ];
    // Stable: undated store articles stay last, in their order.
    cards.sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
    const total = ctx.store.articles.length + own.total;
    const pageCount = Math.max(1, Math.ceil(total / JOURNAL_PAGE_SIZE));
    if (page > pageCount) return notFound(ctx);
    const heading = ctx.t("page.journal.title");
    const path = ctx.links.to("/article");
    return {
      status: 200,
      template: "journal",
      page: {
        title: pageTitle(heading, { page, pageCount, offset, limit: JOURNAL_PAGE_SIZE }),
        heading,
        articles: cards.slice(offset, offset + JOURNAL_PAGE_SIZE),
        total,
        ...(pageCount > 1 ? { paging: pageLinks(page, pageCount, (n) => withQuery(path, { page: n })) } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
