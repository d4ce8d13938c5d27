// The signed-in shopper's own articles: list, read for editing, write, delete, and the
// thumbnail upload. Published ones appear at article/{slug} (resolvers/article.ts); a slug is
// unique across the store's articles and every shopper's. Writes are rate-limited per account.
import { randomBytes } from "node:crypto";
import type * as T from "../../../../generated/types";
import { renderMarkdown } from "../../account/markdown";
import type { UserArticleRow } from "../../account/user-articles";
import { deleteComments, moveComments } from "../../article-comments";
import type { Db } from "../../db/open";
import { createLinks } from "../../pages/links";
import type { Store } from "../../store/load";
import { removeUpload, saveUpload } from "../../uploads";
import { fail, MalformedRequest } from "../envelope";
import { defineCall } from "../register";
import { count, iso, paging } from "./shared";

/** Articles one shopper may keep. */
export const MAX_ARTICLES = 200;

// The file's first bytes decide its type, not its name or the type the browser sent.
const IMAGE_KINDS: { ext: string; test: (b: Buffer) => boolean }[] = [
  { ext: "png", test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: "jpg", test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: "gif", test: (b) => ["GIF87a", "GIF89a"].includes(b.subarray(0, 6).toString("latin1")) },
  { ext: "webp", test: (b) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP" },
];

/** A row as the shopper's list shows it. */
export function myArticle(store: Store, row: UserArticleRow): T.MyArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    ...(row.thumbnail ? { thumbnail: row.thumbnail } : {}),
    published: row.published === 1,
    url: createLinks(store.config.router, null).article(row.slug),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A page of the shopper's articles, newest first. */
export function myArticles(db: Db, store: Store, userId: number, request: T.ArticleMineRequest): T.ArticleMineResponse {
  const { page, pageSize, offset } = paging(request);
  const rows = db
    .prepare("SELECT * FROM user_articles WHERE user_id = ? ORDER BY id DESC LIMIT ? OFFSET ?")
    .all(userId, pageSize, offset) as UserArticleRow[];
  return {
    items: rows.map((r) => myArticle(store, r)),
    total: count(db, "SELECT COUNT(*) AS n FROM user_articles WHERE user_id = ?", userId),
    page,
    pageSize,
  };
}

/** Thumbnails this server stored (article/thumbnail): a random name under /media/avatars/. */
const STORED_THUMBNAIL = /^\/media\/avatars\/(article-[0-9a-f]{16}\.(?:png|jpg|webp|gif))$/;

/** Deletes an uploaded thumbnail no article shows any more. */
function dropUnused(db: Db, thumbnail: string): void {
  const name = STORED_THUMBNAIL.exec(thumbnail)?.[1];
  if (!name || db.prepare("SELECT 1 FROM user_articles WHERE thumbnail = ?").get(thumbnail)) return;
  removeUpload(db, "avatars", name);
}

function ownRow(db: Db, userId: number, id: number): UserArticleRow {
  const row = db.prepare("SELECT * FROM user_articles WHERE id = ? AND user_id = ?").get(id, userId) as
    | UserArticleRow
    | undefined;
  if (!row) fail("refusal.article.notFound");
  return row;
}

export const articleCalls = [
  defineCall("article/mine", "required", (ctx) => myArticles(ctx.deps.db, ctx.deps.store, ctx.user!.id, ctx.body)),

  defineCall("article/detail", "required", (ctx) => {
    const row = ownRow(ctx.deps.db, ctx.user!.id, ctx.body.id);
    return { article: myArticle(ctx.deps.store, row), body: row.body_markdown };
  }),

  defineCall("article/save", "required", (ctx) => {
    const { db, store, clock, limits } = ctx.deps;
    const userId = ctx.user!.id;
    limits.require("accountWrite", String(userId));
    const { id, title, slug, thumbnail, body, published } = ctx.body;
    if (store.articles.some((a) => a.slug === slug)) fail("refusal.article.slugTaken");
    // Rendered before the transaction: it is the slow part, and needs no database.
    const html = renderMarkdown(body);
    const now = clock();
    const savedId = db.transaction(() => {
      const taken = db.prepare("SELECT id FROM user_articles WHERE slug = ?").get(slug) as { id: number } | undefined;
      if (taken && taken.id !== id) fail("refusal.article.slugTaken");
      const values = [slug, title.trim(), thumbnail ?? "", body, html, published === false ? 0 : 1, now];
      if (id !== undefined) {
        const before = ownRow(db, userId, id);
        db.prepare(
          "UPDATE user_articles SET slug = ?, title = ?, thumbnail = ?, body_markdown = ?, body_html = ?, published = ?, updated_at = ? WHERE id = ?",
        ).run(...values, id);
        dropUnused(db, before.thumbnail);
        // Favorites and comments follow the article to its new address.
        if (before.slug !== slug) {
          db.prepare(
            `UPDATE favorites SET item_id = ? WHERE type = 'article' AND item_id = ? AND NOT EXISTS
             (SELECT 1 FROM favorites f WHERE f.user_id = favorites.user_id AND f.type = 'article' AND f.item_id = ?)`,
          ).run(slug, before.slug, slug);
          db.prepare("DELETE FROM favorites WHERE type = 'article' AND item_id = ?").run(before.slug);
          moveComments(db, before.slug, slug);
        }
        return id;
      }
      if (count(db, "SELECT COUNT(*) AS n FROM user_articles WHERE user_id = ?", userId) >= MAX_ARTICLES)
        fail("refusal.article.tooMany", { max: MAX_ARTICLES });
      return Number(
        db
          .prepare(
            "INSERT INTO user_articles (slug, title, thumbnail, body_markdown, body_html, published, updated_at, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
          )
          .run(...values, userId, now).lastInsertRowid,
      );
    })();
    return myArticle(store, ownRow(db, userId, savedId));
  }),

  defineCall("article/delete", "required", (ctx) => {
    const { db } = ctx.deps;
    const userId = ctx.user!.id;
    db.transaction(() => {
      const row = ownRow(db, userId, ctx.body.id);
      db.prepare("DELETE FROM user_articles WHERE id = ?").run(row.id);
      // Nobody can keep a deleted article among their favorites, nor read its comments.
      db.prepare("DELETE FROM favorites WHERE type = 'article' AND item_id = ?").run(row.slug);
      deleteComments(db, row.slug);
      dropUnused(db, row.thumbnail);
    })();
    return {};
  }),

  // Multipart (schemas/api/article/thumbnail.request.schema.json): no JSON body to check.
  defineCall("article/thumbnail", "required", async (ctx) => {
    ctx.deps.limits.require("accountWrite", String(ctx.user!.id));
    if (!ctx.request.isMultipart()) throw new MalformedRequest("thumbnail is required (multipart/form-data)");
    const file = await ctx.request.file().catch(() => {
      throw new MalformedRequest("The upload is not valid multipart/form-data.", 400);
    });
    if (file?.fieldname !== "thumbnail") throw new MalformedRequest("thumbnail is required");
    const buffer = await file.toBuffer().catch(() => null);
    if (!buffer || file.file.truncated) fail("refusal.image.tooLarge");
    const kind = IMAGE_KINDS.find((k) => k.test(buffer));
    if (!kind) fail("refusal.image.typeOrGif");
    // Beside the avatars, which the server already serves; a random name nobody can guess.
    const name = `article-${randomBytes(8).toString("hex")}.${kind.ext}`;
    saveUpload(ctx.deps.db, "avatars", name, buffer, ctx.deps.clock());
    return { url: `/media/avatars/${name}` };
  }),
];
