// Comments under articles (table article_comments): what a reader sees (approved comments,
// and their own awaiting moderation), writing one, and the moderator's queue. The article
// page, the comment calls and /dev/moderation all read and write through here.
import type { ArticleComment } from "../../generated/types";
import { publishedArticle } from "./account/user-articles";
import type { Db } from "./db/open";
import type { Store } from "./store/load";

/** Comments on one page of an article's list. */
export const COMMENT_PAGE_SIZE = 10;
/** Comments one account may have awaiting moderation at once, so nobody can flood the queue. */
export const MAX_PENDING_PER_ACCOUNT = 20;
export const COMMENT_MAX_LENGTH = 1000;

export type Moderation = "approved" | "rejected";

interface CommentRow {
  id: number;
  body: string;
  status: string;
  created_at: number;
  nickname: string;
  first_name: string;
  last_name: string;
}

/** A store article or a shopper's published one: the slugs comments may be under. */
export function articleExists(store: Store, db: Db, slug: string): boolean {
  return store.articles.some((a) => a.slug === slug) || publishedArticle(db, slug) !== undefined;
}

function authorOf(row: CommentRow): string {
  return (row.nickname || [row.first_name, row.last_name].filter(Boolean).join(" ")).slice(0, 100);
}

function toComment(row: CommentRow): ArticleComment {
  return {
    id: row.id,
    author: authorOf(row),
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    pending: row.status === "pending",
  };
}

// Approved comments, and a signed-in reader's own pending ones (viewer 0 matches nobody).
const VISIBLE = "c.article_slug = ? AND (c.status = 'approved' OR (c.status = 'pending' AND c.user_id = ?))";

/** One page of the comments `viewerId` sees under an article, newest first, and how many there are. */
export function visibleComments(
  db: Db,
  slug: string,
  viewerId: number | null,
  page: number,
  pageSize = COMMENT_PAGE_SIZE,
): { items: ArticleComment[]; total: number } {
  const viewer = viewerId ?? 0;
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM article_comments c WHERE ${VISIBLE}`).get(slug, viewer) as { n: number })
    .n;
  const rows = db
    .prepare(
      `SELECT c.id, c.body, c.status, c.created_at, u.nickname, u.first_name, u.last_name
         FROM article_comments c JOIN users u ON u.id = c.user_id
        WHERE ${VISIBLE} ORDER BY c.id DESC LIMIT ? OFFSET ?`,
    )
    .all(slug, viewer, pageSize, (page - 1) * pageSize) as CommentRow[];
  return { items: rows.map(toComment), total };
}

/** The text a comment keeps: trimmed, with Windows line ends made plain. */
export function cleanCommentBody(body: string): string {
  return body.replace(/\r\n?/g, "\n").trim();
}

/**
 * Writes a pending comment, or says why not: the count of pending ones is checked in the same
 * transaction as the insert, so parallel posts cannot pass it together.
 */
export function insertComment(
  db: Db,
  input: { slug: string; userId: number; body: string; ip: string; now: number },
): ArticleComment | "too-many-pending" {
  return db.transaction(() => {
    const pending = (
      db.prepare("SELECT COUNT(*) AS n FROM article_comments WHERE user_id = ? AND status = 'pending'").get(input.userId) as {
        n: number;
      }
    ).n;
    if (pending >= MAX_PENDING_PER_ACCOUNT) return "too-many-pending" as const;
    const id = Number(
      db
        .prepare("INSERT INTO article_comments (article_slug, user_id, body, ip, created_at) VALUES (?, ?, ?, ?, ?)")
        .run(input.slug, input.userId, input.body, input.ip, input.now).lastInsertRowid,
    );
    const row = db
      .prepare(
        `SELECT c.id, c.body, c.status, c.created_at, u.nickname, u.first_name, u.last_name
           FROM article_comments c JOIN users u ON u.id = c.user_id WHERE c.id = ?`,
      )
      .get(id) as CommentRow;
    return toComment(row);
  })();
}

export interface PendingComment {
  id: number;
  article_slug: string;
  body: string;
  created_at: number;
  account: string;
}

/** The moderator's queue, oldest first. */
export function pendingComments(db: Db, limit = 100): PendingComment[] {
  return db
    .prepare(
      `SELECT c.id, c.article_slug, c.body, c.created_at, COALESCE(u.email, u.mobile, '') AS account
         FROM article_comments c JOIN users u ON u.id = c.user_id
        WHERE c.status = 'pending' ORDER BY c.id LIMIT ?`,
    )
    .all(limit) as PendingComment[];
}

/** Approves or rejects a pending comment; false when there is no pending comment of that id (already moderated, or none). */
export function moderateComment(db: Db, id: number, decision: Moderation, now: number): boolean {
  return (
    db
      .prepare("UPDATE article_comments SET status = ?, moderated_at = ? WHERE id = ? AND status = 'pending'")
      .run(decision, now, id).changes === 1
  );
}

/** A shopper's article moved to another slug: its comments follow it. */
export function moveComments(db: Db, from: string, to: string): void {
  db.prepare("UPDATE article_comments SET article_slug = ? WHERE article_slug = ?").run(to, from);
}

/** A shopper's article was deleted: nobody can read its comments any more. */
export function deleteComments(db: Db, slug: string): void {
  db.prepare("DELETE FROM article_comments WHERE article_slug = ?").run(slug);
}
