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
export function publishedArticle(
  db: Db,
  slug: string,
): (UserArticleRow & { nickname: string; first_name: string; last_name: string }) | undefined {
  return db
    .prepare(
      `SELECT a.*, u.nickname, u.first_name, u.last_name FROM user_articles a JOIN users u ON u.id = a.user_id
        WHERE a.slug = ? AND a.published = 1`,
    )
    .get(slug) as (UserArticleRow & { nickname: string; first_name: string; last_name: string }) | undefined;
}

/** How an author is named on their articles: the nickname, else the full name. */
export function authorName(user: { nickname: string; first_name: string; last_name: string }): string {
  return (user.nickname || [user.first_name, user.last_name].filter(Boolean).join(" ")).slice(0, 100);
}
