// A journal article.
import type { RouteName } from "../../../shared/route-names";
import { type Resolver, slugOf } from "./context";
import { notFound } from "./error";

export const resolvers = {
  "article-detail": (ctx) => {
    const article = ctx.store.articles.find((a) => a.slug === slugOf(ctx));
    if (!article) return notFound(ctx);
    return {
      status: 200,
      template: "article",
      page: {
        title: article.title,
        description: article.excerpt ?? article.title,
        paragraphs: article.body,
        author: article.author,
        ...(article.publishedAt ? { date: article.publishedAt } : {}),
        ...(article.thumbnail ? { image: article.thumbnail } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
