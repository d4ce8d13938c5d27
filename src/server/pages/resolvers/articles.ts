// The store's journal articles as pages show them: newest first, their tags as links to the
// tag pages, their image with its size, and which ones are related to an article.
import type { ArticleTeaser, JournalCard, NavLink, SizedImage } from "../../../../generated/types";
import { authorName, bodySummary, type PublishedArticle } from "../../account/user-articles";
import type { StoreArticle } from "../../store/load";
import type { ResolveContext } from "./context";

/** Images without a size in articles.json are taken as squares (the demo's first ones were). */
const DEFAULT_SIZE = { width: 240, height: 240 };

/** Newest first; undated articles last, in the file's order (the sort is stable). */
export function newestFirst(articles: readonly StoreArticle[]): StoreArticle[] {
  return [...articles].sort((a, b) => (b.publishedAt ?? "").localeCompare(a.publishedAt ?? ""));
}

/** The article's tags that tags.json knows, each linking to its tag page. */
export function tagLinks(ctx: ResolveContext, article: StoreArticle): NavLink[] {
  return (article.tags ?? []).flatMap((slug) => {
    const tag = ctx.store.tags.find((t) => t.slug === slug);
    return tag ? [{ label: tag.name, href: ctx.links.tag(tag.slug) }] : [];
  });
}

export function articleImage(article: StoreArticle): SizedImage | undefined {
  if (!article.thumbnail) return undefined;
  const { width, height } = article.thumbnailSize ?? DEFAULT_SIZE;
  return { src: article.thumbnail, width, height };
}

export function journalCard(ctx: ResolveContext, article: StoreArticle): JournalCard {
  const image = articleImage(article);
  return {
    title: article.title,
    href: ctx.links.article(article.slug),
    author: article.author,
    ...(article.publishedAt ? { date: article.publishedAt } : {}),
    ...(article.excerpt ? { excerpt: article.excerpt } : {}),
    ...(image ? { image } : {}),
    tags: tagLinks(ctx, article),
  };
}

/** A shopper's published article on the journal: no tags; its thumbnail, of unknown size, as a square. */
export function ownJournalCard(ctx: ResolveContext, article: PublishedArticle): JournalCard {
  const excerpt = bodySummary(article.body_html);
  return {
    title: article.title,
    href: ctx.links.article(article.slug),
    author: authorName(article) || ctx.t("account.articles.anonymous"),
    date: new Date(article.created_at).toISOString().slice(0, 10),
    ...(excerpt ? { excerpt } : {}),
    ...(article.thumbnail ? { image: { src: article.thumbnail, ...DEFAULT_SIZE } } : {}),
    tags: [],
  };
}

export function articleTeaser(ctx: ResolveContext, article: StoreArticle): ArticleTeaser {
  return {
    title: article.title,
    href: ctx.links.article(article.slug),
    author: article.author,
    ...(article.thumbnail ? { thumbnail: article.thumbnail } : {}),
    ...(article.excerpt ? { excerpt: article.excerpt } : {}),
  };
}

/** Up to `limit` other articles: the most tags in common first, then the newest. */
export function relatedArticles(ctx: ResolveContext, slug: string, tags: readonly string[], limit = 3): ArticleTeaser[] {
  const shared = (a: StoreArticle) => (a.tags ?? []).filter((t) => tags.includes(t)).length;
  return newestFirst(ctx.store.articles.filter((a) => a.slug !== slug))
    .map((article) => ({ article, shared: shared(article) }))
    .sort((a, b) => b.shared - a.shared)
    .slice(0, limit)
    .map(({ article }) => articleTeaser(ctx, article));
}
