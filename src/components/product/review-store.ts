// What this browser tab learned about a product's reviews after the page was drawn: a review
// the shopper has just posted and the statistics with it. The product page's islands share
// it (the reviews section writes, the header's score reads), and a page drawn again from
// memory (Back within the snapshot cache's age, a prefetched answer) shows the newer
// statistics instead of the ones it was rendered with.
import { useSyncExternalStore } from "react";
import type { ProductReview, ReviewSummary } from "../../../generated/types";

export interface ReviewNews {
  summary: ReviewSummary;
  /** Reviews posted here since the page was drawn, newest first. */
  posted: ProductReview[];
}

const news = new Map<string, ReviewNews>();
const listeners = new Set<() => void>();

export const reviewStore = {
  get: (productSlug: string): ReviewNews | undefined => news.get(productSlug),
  posted(review: ProductReview, summary: ReviewSummary): void {
    const before = news.get(review.productSlug)?.posted ?? [];
    news.set(review.productSlug, { summary, posted: [review, ...before.filter((r) => r.id !== review.id)] });
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Tests start from nothing. */
  reset(): void {
    news.clear();
  },
};

/** The news about a product's reviews; undefined on the server and until something was posted. */
export function useReviewNews(productSlug: string): ReviewNews | undefined {
  return useSyncExternalStore(
    reviewStore.subscribe,
    () => reviewStore.get(productSlug),
    () => undefined,
  );
}
