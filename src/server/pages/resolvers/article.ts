// A journal article: the store's (its JSON files) or, at a slug the store does not use, a
// shopper's published one from the database, with its author.
import type { RouteName } from "../../../shared/route-names";
import { authorName, publishedArticle } from "../../account/user-articles";
import { type Resolver, slugOf } from "./context";
import { notFound } from "./error";

/** The start of an HTML body as plain text, for the meta description. */
function summary(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
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
          ...(article.thumbnail ? { image: article.thumbnail } : {}),
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
        description: summary(own.body_html) || own.title,
        paragraphs: [],
        author: authorName(own) || ctx.t("account.articles.anonymous"),
        date: new Date(own.created_at).toISOString().slice(0, 10),
        html: own.body_html,
        ...(own.thumbnail ? { image: own.thumbnail } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
