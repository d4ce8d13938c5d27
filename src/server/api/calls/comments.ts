// Comments under articles: the list a reader sees and a signed-in shopper's new comment,
// which waits for moderation (/dev/moderation). Writing is limited per account and per address.
import {
  articleExists,
  COMMENT_MAX_LENGTH,
  cleanCommentBody,
  insertComment,
  MAX_PENDING_PER_ACCOUNT,
  visibleComments,
} from "../../article-comments";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { clientIp } from "./shared";

export const commentCalls = [
  defineCall("comment/list", "optional", (ctx) => {
    const { db, store } = ctx.deps;
    const { articleSlug, page = 1, pageSize = 10 } = ctx.body;
    if (!articleExists(store, db, articleSlug)) fail("refusal.article.notFound");
    const { items, total } = visibleComments(db, articleSlug, ctx.user?.id ?? null, page, pageSize);
    return { items, total, page, pageSize };
  }),

  defineCall("comment/add", "required", (ctx) => {
    const { db, store, clock, limits } = ctx.deps;
    const user = ctx.user!;
    const ip = clientIp(ctx.request);
    // Both buckets are spent before anything else, so that refused posts count too.
    limits.require("comment", String(user.id));
    limits.require("commentIp", ip);
    const body = cleanCommentBody(ctx.body.body);
    if (body === "") fail("refusal.comment.empty");
    if (body.length > COMMENT_MAX_LENGTH) fail("refusal.comment.tooLong", { max: String(COMMENT_MAX_LENGTH) });
    // Checked where the comment is written: an article deleted meanwhile (with its comments) takes no more.
    const comment = db.transaction(() => {
      if (!articleExists(store, db, ctx.body.articleSlug)) fail("refusal.article.notFound");
      return insertComment(db, { slug: ctx.body.articleSlug, userId: user.id, body, ip, now: clock() });
    })();
    if (comment === "too-many-pending") {
      fail("refusal.comment.pending", { max: MAX_PENDING_PER_ACCOUNT });
    }
    return comment;
  }),
];
