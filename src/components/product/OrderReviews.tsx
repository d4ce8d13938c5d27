// "Review your purchases" on a received (completed) order's page: each line with "Write a
// review" (the form opens in place) or, once reviewed, a link to the product's reviews. Which
// lines can be reviewed is the server's answer (review/eligible), asked once the island runs.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { Order, ProductReview, ReviewableLine, ReviewSummary } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useIslandId } from "../../shared/island-id";
import { reviewStore } from "./review-store";

const ReviewForm = lazy(() => import("./ReviewForm"));

export default function OrderReviews({ order, productHref }: { order: Order; productHref: string }) {
  const intl = useIntl();
  const post = useApiPost();
  const id = useIslandId();
  const [lines, setLines] = useState<ReviewableLine[] | null>(null);
  const [writing, setWriting] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const say = (key: string, values?: Record<string, string | number>) => intl.formatMessage({ id: key }, values);
  const completed = order.status === "completed";

  useEffect(() => {
    if (!completed) return;
    let live = true;
    post("review/eligible", { orderNo: order.orderNo }, { toast: false }).then(
      (answer) => live && setLines(answer.lines),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [post, order.orderNo, completed]);

  if (!completed || !lines || lines.length === 0) return null;

  function posted(review: ProductReview, summary: ReviewSummary, lineId: string) {
    reviewStore.posted(review, summary);
    const line = lines?.find((l) => l.lineId === lineId);
    setLines((all) => all?.map((l) => (l.lineId === lineId ? { ...l, state: "reviewed", reviewId: review.id } : l)) ?? null);
    setWriting(null);
    setThanks(line ? say("order.review.thanks", { title: line.title }) : null);
    requestAnimationFrame(() => thanksRef.current?.focus());
  }

  function cancel(lineId: string) {
    setWriting(null);
    requestAnimationFrame(() => document.getElementById(`${id}-write-${lineId}`)?.focus());
  }

  const name = (l: ReviewableLine) => (l.variantTitle ? `${l.title} · ${l.variantTitle}` : l.title);
  return (
    <section className="sf-order-reviews" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sf-checkout__subtitle">
        {say("order.review.title")}
      </h2>
      {thanks && (
        <p ref={thanksRef} className="sf-product-reviews__thanks" role="status" tabIndex={-1}>
          {thanks}
        </p>
      )}
      <ul className="sf-order-reviews__lines">
        {lines.map((l) => (
          <li key={l.lineId} className="sf-order-reviews__line">
            <span className="sf-order-reviews__name">{name(l)}</span>
            {l.state === "open" && writing !== l.lineId && (
              <button
                id={`${id}-write-${l.lineId}`}
                type="button"
                className="sf-button sf-button--secondary"
                aria-label={say("order.review.write.label", { name: name(l) })}
                onClick={() => setWriting(l.lineId)}
              >
                {say("product.reviews.write")}
              </button>
            )}
            {l.state === "reviewed" && (
              <a href={`${productHref.replace("{slug}", encodeURIComponent(l.productSlug))}#reviews`}>
                {say("order.review.done", { name: name(l) })}
              </a>
            )}
            {writing === l.lineId && (
              <Suspense fallback={<p>{say("product.reviews.loading")}</p>}>
                <ReviewForm
                  productSlug={l.productSlug}
                  productTitle={l.title}
                  lines={[l]}
                  onPosted={posted}
                  onCancel={() => cancel(l.lineId)}
                />
              </Suspense>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
