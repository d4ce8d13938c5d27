// Shoppers' reviews: score, headline, text, author and date (in the page's locale).
import { useIntl } from "react-intl";
import type { ReviewsListProps } from "../../../generated/types";
import ProductScore from "./ProductScore";

export default function ReviewsList({ reviews = [] }: ReviewsListProps) {
  const intl = useIntl();
  return (
    <section className="sf-product__reviews" aria-labelledby="sf-reviews-title">
      <h2 id="sf-reviews-title" className="sf-product__subtitle">
        {intl.formatMessage({ id: "product.reviews.title" }, { count: reviews.length })}
      </h2>
      {reviews.length === 0 ? (
        <p>{intl.formatMessage({ id: "product.reviews.empty" })}</p>
      ) : (
        <ul className="sf-reviews">
          {reviews.map((review, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reviews carry no id in their props; the list is rendered as given and never reordered, added to or removed from.
            <li key={i} className="sf-reviews__item">
              <ProductScore score={review.score} />
              {review.title && <h3 className="sf-reviews__title">{review.title}</h3>}
              <p>{review.body}</p>
              <p className="sf-reviews__meta">
                {review.author}
                {review.date && (
                  <>
                    {" · "}
                    <time dateTime={review.date}>
                      {intl.formatDate(`${review.date}T12:00:00Z`, { dateStyle: "medium", timeZone: "UTC" })}
                    </time>
                  </>
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
