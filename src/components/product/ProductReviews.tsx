// A product's reviews: the rating summary, the list sorted newest, highest or lowest first in
// pages (review/list; the sort and the page are the island's state, the server renders the
// newest page), photos opening the image viewer, and the way to write one. Signed in, the
// island asks which of the shopper's order lines of the product can be reviewed
// (review/eligible): "Write a review" when one arrived and is not reviewed yet, a word of
// when otherwise. A posted review shows at once in the summary, the list and the page's
// score (review-store), without loading the page again.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { ProductReview, ProductReviewsProps, ReviewableLine, ReviewSummary as Summary } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useHydrated } from "../../runtime/hooks/useHydrated";
import { useSession } from "../../runtime/hooks/useSession";
import { useIslandId } from "../../shared/island-id";
import { REVIEW_SORTS, type ReviewSort } from "../../shared/reviews";
import ReviewSummary from "./ReviewSummary";
import ReviewsList from "./ReviewsList";
import { reviewStore, useReviewNews } from "./review-store";

const ReviewForm = lazy(() => import("./ReviewForm"));
const ImageViewer = lazy(() => import("./ImageViewer"));

interface Shown {
  sort: ReviewSort;
  page: number;
  items: ProductReview[];
  total: number;
}

export default function ProductReviews({
  productSlug,
  productTitle,
  summary: initialSummary,
  reviews,
  pageSize,
  signInHref,
}: ProductReviewsProps) {
  const intl = useIntl();
  const post = useApiPost();
  const { signedIn } = useSession();
  const hydrated = useHydrated();
  const id = useIslandId();
  const news = useReviewNews(productSlug);
  const summary: Summary = news?.summary ?? initialSummary;
  const [shown, setShown] = useState<Shown>({ sort: "newest", page: 1, items: reviews, total: initialSummary.count });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [lines, setLines] = useState<ReviewableLine[] | null>(null);
  const [writing, setWriting] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [viewing, setViewing] = useState<{ review: ProductReview; index: number } | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const writeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const say = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);

  // The newest page as drawn, with reviews posted in this tab since (a page from memory).
  const items =
    shown.sort === "newest" && shown.page === 1 && news
      ? [...news.posted.filter((r) => !shown.items.some((i) => i.id === r.id)), ...shown.items].slice(0, pageSize)
      : shown.items;
  const total = Math.max(shown.total, summary.count);
  const pages = Math.max(1, Math.ceil(total / pageSize));

  const load = useCallback(
    async (sort: ReviewSort, page: number, focus: boolean) => {
      setLoading(true);
      setFailed(false);
      try {
        const answer = await post("review/list", { productSlug, sort, page, pageSize }, { toast: false });
        setShown({ sort, page, items: answer.items, total: answer.total });
        if (focus) listRef.current?.focus();
      } catch {
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [post, productSlug, pageSize],
  );

  useEffect(() => {
    if (!hydrated || !signedIn) {
      setLines(null);
      return;
    }
    let live = true;
    post("review/eligible", { productSlug }, { toast: false }).then(
      (answer) => live && setLines(answer.lines),
      () => live && setLines(null),
    );
    return () => {
      live = false;
    };
  }, [hydrated, signedIn, post, productSlug]);

  const open = lines?.filter((l) => l.state === "open") ?? [];
  const awaiting = lines?.some((l) => l.state === "awaiting") ?? false;
  const reviewed = lines?.some((l) => l.state === "reviewed") ?? false;

  function posted(review: ProductReview, next: Summary, lineId: string) {
    reviewStore.posted(review, next);
    setLines((all) => all?.map((l) => (l.lineId === lineId ? { ...l, state: "reviewed", reviewId: review.id } : l)) ?? null);
    setWriting(false);
    setThanks(true);
    setShown((s) => ({ ...s, total: next.count }));
    if (shown.sort !== "newest" || shown.page !== 1) void load("newest", 1, false);
    // The form is gone: the thanks take the focus, so the shopper hears it and stays here.
    requestAnimationFrame(() => thanksRef.current?.focus());
  }

  function closeForm() {
    setWriting(false);
    requestAnimationFrame(() => writeButton.current?.focus());
  }

  function openPhoto(review: ProductReview, index: number, from: HTMLElement) {
    opener.current = from;
    setViewing({ review, index });
  }

  const headingId = `${id}-title`;
  return (
    <section className="sf-product-reviews" aria-labelledby={headingId} id="reviews">
      <h2 id={headingId} className="sf-product__subtitle">
        {say("product.reviews.title", { count: summary.count })}
      </h2>
      {summary.count > 0 && <ReviewSummary summary={summary} />}

      <div className="sf-product-reviews__write">
        {thanks && (
          <p ref={thanksRef} className="sf-product-reviews__thanks" role="status" tabIndex={-1}>
            {say("product.reviews.posted")}
          </p>
        )}
        {open.length > 0 && !writing && (
          <button ref={writeButton} type="button" className="sf-button" onClick={() => setWriting(true)}>
            {say("product.reviews.write")}
          </button>
        )}
        {writing && open.length > 0 && (
          <Suspense fallback={<p>{say("product.reviews.loading")}</p>}>
            <ReviewForm
              productSlug={productSlug}
              productTitle={productTitle}
              lines={open}
              onPosted={posted}
              onCancel={closeForm}
            />
          </Suspense>
        )}
        {lines && open.length === 0 && !thanks && (awaiting || reviewed) && (
          <p className="sf-product-reviews__note">{say(awaiting ? "product.reviews.awaiting" : "product.reviews.reviewed")}</p>
        )}
        {!signedIn && (
          <p className="sf-product-reviews__note">
            {intl.formatMessage(
              { id: "product.reviews.buyersOnly" },
              {
                link: (
                  <a key="signin" href={signInHref}>
                    {say("product.reviews.signIn")}
                  </a>
                ),
              },
            )}
          </p>
        )}
      </div>

      {total > 1 && (
        <div className="sf-product-reviews__bar">
          <label className="sf-product-reviews__sort" htmlFor={`${id}-sort`}>
            {say("product.reviews.sort")}
          </label>
          <select
            id={`${id}-sort`}
            className="sf-input sf-product-reviews__select"
            value={shown.sort}
            disabled={!hydrated}
            onChange={(event) => void load(event.target.value as ReviewSort, 1, false)}
          >
            {REVIEW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {say(`product.reviews.sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      )}

      <div ref={listRef} className="sf-product-reviews__list" tabIndex={-1} aria-busy={loading || undefined}>
        <ReviewsList reviews={items} onPhoto={openPhoto} />
      </div>
      {failed && (
        <p className="sf-form-error" role="alert">
          {say("product.reviews.loadFailed")}
        </p>
      )}
      {pages > 1 && (
        <nav className="sf-pager" aria-label={say("product.reviews.pages")}>
          <button
            type="button"
            className="sf-button sf-button--secondary"
            disabled={!hydrated || loading || shown.page <= 1}
            onClick={() => void load(shown.sort, shown.page - 1, true)}
          >
            {say("pager.previous")}
          </button>
          <span className="sf-pager__position" aria-live="polite">
            {say("pager.position", { page: shown.page, pages })}
          </span>
          <button
            type="button"
            className="sf-button sf-button--secondary"
            disabled={!hydrated || loading || shown.page >= pages}
            onClick={() => void load(shown.sort, shown.page + 1, true)}
          >
            {say("pager.next")}
          </button>
        </nav>
      )}
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer
            images={viewing.review.photos.map((src, i) => ({
              src,
              alt: say("product.reviews.photo.alt", {
                index: i + 1,
                count: viewing.review.photos.length,
                author: viewing.review.author,
                title: productTitle,
              }),
            }))}
            start={viewing.index}
            label={say("product.reviews.photos.title", { author: viewing.review.author })}
            onClose={() => {
              setViewing(null);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
