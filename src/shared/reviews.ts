// Product reviews' rules, shared by the server (which enforces them) and the browser (which
// says so before sending): a buyer reviews each order line once, when its order is completed.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_PHOTOS_MAX = 3;
/** Reviews per page of a product's list. */
export const REVIEW_PAGE_SIZE = 5;

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * Why review/add refused: the envelope's `reason.id` (schemas/api/reason.schema.json), a message
 * id the browser shows in the shopper's language; `msg` says the same in English.
 */
export const REVIEW_REFUSALS = [
  "review.reason.product",
  "review.reason.notBought",
  "review.reason.notReceived",
  "review.reason.alreadyReviewed",
  "review.reason.score",
  "review.reason.title",
  "review.reason.body",
  "review.reason.photoCount",
  "review.reason.photoSize",
  "review.reason.photoType",
] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];
