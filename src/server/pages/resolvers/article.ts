// A journal article: the store's (its JSON files) or, at a slug the store does not use, a
// shopper's published one from the database, with its author; then its tags, related
// articles and the first page of its comments as this viewer sees them (?comments=N).
import type { ArticleCommentsProps } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { authorName, bodySummary, publishedArticle } from "../../account/user-articles";
import { COMMENT_PAGE_SIZE, visibleComments } from "../../article-comments";
import { withQuery } from "./account-paging";
import { relatedArticles, tagLinks } from "./articles";
import { type ResolveContext, type Resolver, slugOf, withRedirect } from "./context";
import { notFound } from "./error";
import { pageOf } from "./listing";

/** The comments section: a page past the last shows the last, since comments come and go. */
function comments(ctx: ResolveContext, slug: string): ArticleCommentsProps {
  const path = ctx.links.article(slug);
  const viewerId = ctx.viewer?.userId ?? null;
  const first = visibleComments(ctx.db, slug, viewerId, 1);
  const pageCount = Math.max(1, Math.ceil(first.total / COMMENT_PAGE_SIZE));
  const page = Math.min(pageOf(ctx.query.get("comments")), pageCount);
  const { items, total } = page === 1 ? first : visibleComments(ctx.db, slug, viewerId, page);
  const href = (n: number) => `${withQuery(path, { comments: n === 1 ? "" : n })}#comments`;
  return {
    articleSlug: slug,
    comments: items,
    total,
    page,
    pageCount,
    ...(page > 1 ? { prevHref: href(page - 1) } : {}),
    ...(page < pageCount ? { nextHref: href(page + 1) } : {}),
    signedIn: ctx.viewer !== null,
    signInHref: withRedirect(ctx, "signin", `${path}#comments`),
  };
}

export const resolvers = {
  "article-detail": (ctx) => {
    const slug = slugOf(ctx);
    const article = ctx.store.articles.find((a) => a.slug === slug);
    if (article) {
      return {
        status: 200,
        template: "article",
        page: {
          title: article.title,
          slug: article.slug,
          description: article.excerpt ?? article.title,
          paragraphs: article.body,
          author: article.author,
          ...(article.publishedAt ? { date: article.publishedAt } : {}),
          ...(article.thumbnail
            ? { image: article.thumbnail, imageSize: article.thumbnailSize ?? { width: 240, height: 240 } }
            : {}),
          tags: tagLinks(ctx, article),
          related: relatedArticles(ctx, article.slug, article.tags ?? []),
          comments: comments(ctx, article.slug),
        },
      };
    }
    const own = publishedArticle(ctx.db, slug);
    if (!own) return notFound(ctx);
    return {
      status: 200,
      template: "article",
      page: {
        title: own.title,
        slug: own.slug,
        description: bodySummary(own.body_html) || own.title,
        paragraphs: [],
        author: authorName(own) || ctx.t("account.articles.anonymous"),
        date: new Date(own.created_at).toISOString().slice(0, 10),
        html: own.body_html,
        ...(own.thumbnail ? { image: own.thumbnail } : {}),
        tags: [],
        related: relatedArticles(ctx, own.slug, []),
        comments: comments(ctx, own.slug),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
