// Shoppers' own articles in the database (table user_articles): what the article page, the
// favorites and the user/article page read. Their slugs share one address space with the
// store's JSON articles: article/{slug}.
import type { Db } from "../db/open";

export interface UserArticleRow {
  id: number;
  user_id: number;
  slug: string;
  title: string;
  thumbnail: string;
  body_markdown: string;
  body_html: string;
  published: number;
  created_at: number;
  updated_at: number;
}

/** A published shopper's article at this slug, with its author's names. */
export function publishedArticle(db: Db, slug: string): PublishedArticle | undefined {
  return db
    .prepare(
      `SELECT a.*, u.nickname, u.first_name, u.last_name FROM user_articles a JOIN users u ON u.id = a.user_id
        WHERE a.slug = ? AND a.published = 1`,
    )
    .get(slug) as PublishedArticle | undefined;
}

/** A published article with its author's names, as the article page and the journal show it. */
export type PublishedArticle = UserArticleRow & { nickname: string; first_name: string; last_name: string };

/** The newest `limit` published shoppers' articles, with their authors' names, and how many are published. */
export function newestPublished(db: Db, limit: number): { rows: PublishedArticle[]; total: number } {
  const rows = db
    .prepare(
      `SELECT a.*, u.nickname, u.first_name, u.last_name FROM user_articles a JOIN users u ON u.id = a.user_id
        WHERE a.published = 1 ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
    )
    .all(limit) as PublishedArticle[];
  const { n } = db.prepare("SELECT COUNT(*) AS n FROM user_articles WHERE published = 1").get() as { n: number };
  return { rows, total: Number(n) };
}

/** The start of an article's HTML body as plain text: its page's meta description, its journal card's excerpt. */
export function bodySummary(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** How an author is named on their articles: the nickname, else the full name. */
export function authorName(user: { nickname: string; first_name: string; last_name: string }): string {
  return (user.nickname || [user.first_name, user.last_name].filter(Boolean).join(" ")).slice(0, 100);
}
