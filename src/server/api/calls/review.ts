// Product reviews: the list (sorted, paged, with the statistics), which of the shopper's order
// lines can be reviewed, and writing one.
//
// Who may review: a shopper reviews a product once per order line that holds it, when that
// line's order is completed, i.e. received (the shopper confirmed receipt, or the merchant
// marked it delivered, /dev/orders). A paid order still on its way is not enough (the buyer
// has not seen the goods), a cancelled one never counts, and an order with a return keeps its
// lines: the buyer did receive them. Two lines (two orders, or two variants in one order)
// are two reviews; the unique index on reviews.order_item_id holds even against two
// concurrent posts.
import { randomBytes } from "node:crypto";
import type * as T from "../../../../generated/types";
import { REVIEW_BODY_MAX, REVIEW_PHOTOS_MAX, REVIEW_TITLE_MAX, type ReviewRefusal } from "../../../shared/reviews";
import { isUniqueViolation } from "../../db/engine";
import type { Db } from "../../db/open";
import { reviewsOf } from "../../reviews";
import { saveUpload } from "../../uploads";
import { ApiFail, CODE } from "../envelope";
import { checkFormFields, type Photo, readPhotoForm } from "../photo-form";
import { type CallContext, defineCall } from "../register";

const FIELDS_SCHEMA = "api/review/add-fields.schema.json";
const FIELDS = ["productSlug", "lineId", "score", "title", "body"];

/** Refuses with the reason, a message id the browser shows in the shopper's language. */
function refuse(reason: ReviewRefusal): never {
  throw new ApiFail(CODE.fullFail, reason);
}

interface LineRow {
  id: number;
  order_no: string;
  status: T.Order["status"];
  product_slug: string;
  title: string;
  variant_title: string;
  review_id: number | null;
}

const LINES = `SELECT i.id, o.order_no, o.status, i.product_slug, i.title, i.variant_title, r.id AS review_id
  FROM order_items i JOIN orders o ON o.id = i.order_id LEFT JOIN reviews r ON r.order_item_id = i.id
  WHERE o.user_id = ? AND o.status != 'cancelled'`;

const stateOf = (line: LineRow): T.ReviewableLine["state"] =>
  line.review_id !== null ? "reviewed" : line.status === "completed" ? "open" : "awaiting";

/** The shopper's order lines of a product or of an order (not cancelled), oldest first. */
function linesOf(db: Db, userId: number, by: { productSlug?: string; orderNo?: string }): LineRow[] {
  const rows = by.productSlug
    ? db.prepare(`${LINES} AND i.product_slug = ? ORDER BY o.id, i.id LIMIT 100`).all(userId, by.productSlug)
    : db.prepare(`${LINES} AND o.order_no = ? ORDER BY i.id LIMIT 100`).all(userId, by.orderNo);
  return rows as LineRow[];
}

/** The line a new review is for, or the refusal that says why there is none. */
function lineToReview(db: Db, userId: number, productSlug: string, lineId: number | undefined): LineRow {
  const lines = linesOf(db, userId, { productSlug });
  if (lineId !== undefined) {
    const line = lines.find((l) => l.id === lineId);
    if (!line) refuse("review.reason.notBought");
    if (line.review_id !== null) refuse("review.reason.alreadyReviewed");
    if (line.status !== "completed") refuse("review.reason.notReceived");
    return line;
  }
  if (lines.length === 0) refuse("review.reason.notBought");
  const open = lines.find((l) => stateOf(l) === "open");
  if (open) return open;
  if (lines.some((l) => stateOf(l) === "awaiting")) refuse("review.reason.notReceived");
  refuse("review.reason.alreadyReviewed");
}

/** Reads review/add's multipart body: its fields checked against the schema, its photos checked as images. */
async function readReview(ctx: CallContext<unknown>): Promise<{ fields: T.ReviewAddFields; photos: Photo[] }> {
  const { raw, photos } = await readPhotoForm(ctx.request, {
    fields: FIELDS,
    maxPhotos: REVIEW_PHOTOS_MAX,
    refuse: {
      tooMany: () => refuse("review.reason.photoCount"),
      tooLarge: () => refuse("review.reason.photoSize"),
      notImage: () => refuse("review.reason.photoType"),
    },
  });
  // Each field's own refusal, in the order the form shows them.
  if (!/^[1-5]$/.test(raw.score ?? "")) refuse("review.reason.score");
  const title = (raw.title ?? "").trim();
  const body = (raw.body ?? "").trim();
  const fields: Record<string, unknown> = {
    productSlug: raw.productSlug,
    score: Number(raw.score),
    title,
    body,
    ...(raw.lineId !== undefined && raw.lineId !== "" ? { lineId: /^\d{1,15}$/.test(raw.lineId) ? Number(raw.lineId) : -1 } : {}),
  };
  if (title.length > REVIEW_TITLE_MAX) refuse("review.reason.title");
  if (!body) refuse("review.reason.body");
  if (body.length > REVIEW_BODY_MAX) refuse("review.reason.body");
  return { fields: checkFormFields<T.ReviewAddFields>(ctx.deps.schemas, FIELDS_SCHEMA, fields), photos };
}

export const reviewCalls = [
  defineCall("review/list", "optional", (ctx) => {
    const { db, store } = ctx.deps;
    const slug = ctx.body.productSlug;
    if (!store.productBySlug.has(slug)) refuse("review.reason.product");
    return reviewsOf(db, store).page(slug, {
      sort: ctx.body.sort,
      page: ctx.body.page,
      pageSize: ctx.body.pageSize,
    }) satisfies T.ReviewListResponse;
  }),

  defineCall("review/eligible", "required", (ctx) => {
    const lines = linesOf(ctx.deps.db, ctx.user!.id, ctx.body);
    return {
      lines: lines.map((l) => ({
        lineId: String(l.id),
        orderNo: l.order_no,
        productSlug: l.product_slug,
        title: l.title,
        variantTitle: l.variant_title,
        state: stateOf(l),
        ...(l.review_id !== null ? { reviewId: `u${l.review_id}` } : {}),
      })),
    } satisfies T.ReviewEligibleResponse;
  }),

  defineCall("review/add", "required", async (ctx) => {
    const { db, store, clock, limits } = ctx.deps;
    // A content write like an article: limited per account before its upload is read.
    limits.require("accountWrite", String(ctx.user!.id));
    const { fields, photos } = await readReview(ctx);
    if (!store.productBySlug.has(fields.productSlug)) refuse("review.reason.product");
    const user = ctx.user!;
    // Refused before the transaction when it can be; checked again, with the insert, in it.
    lineToReview(db, user.id, fields.productSlug, fields.lineId);
    const files = photos.map((p) => ({ ...p, name: `${randomBytes(16).toString("hex")}.${p.ext}` }));
    const author = user.nickname || user.first_name || "Customer";
    const now = clock();
    let id: number;
    try {
      id = db.transaction(() => {
        const line = lineToReview(db, user.id, fields.productSlug, fields.lineId);
        const reviewId = Number(
          db
            .prepare(
              `INSERT INTO reviews (user_id, product_slug, score, title, body, author, created_at, order_item_id, variant_title)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(user.id, fields.productSlug, fields.score, fields.title, fields.body, author, now, line.id, line.variant_title)
            .lastInsertRowid,
        );
        const insertPhoto = db.prepare("INSERT INTO review_photos (review_id, file, position) VALUES (?, ?, ?)");
        for (const [i, file] of files.entries()) {
          saveUpload(db, "reviews", file.name, file.data, now);
          insertPhoto.run(reviewId, file.name, i);
        }
        return reviewId;
      })();
    } catch (err) {
      if (isUniqueViolation(err)) refuse("review.reason.alreadyReviewed");
      throw err;
    }
    const reviews = reviewsOf(db, store);
    return { review: reviews.byId(id)!, summary: reviews.summary(fields.productSlug) } satisfies T.ReviewAddResponse;
  }),
];
