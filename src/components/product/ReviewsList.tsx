// Reviews as a list: stars, headline, text, author, the variant bought, a buyer's mark, the
// date (UTC, so the server and the browser write the same) and photos as thumbnails. With
// onPhoto (ProductReviews) a thumbnail is a button that opens the image viewer; without it
// (the list alone, no script) it links to the photo.
import { useIntl } from "react-intl";
import type { ProductReview, ReviewsListProps } from "../../../generated/types";
import ProductScore from "./ProductScore";

export interface ReviewsListHandlers {
  /** Opens a review's photo `index` in the image viewer; the opener gets the focus back. */
  onPhoto?: (review: ProductReview, index: number, opener: HTMLElement) => void;
  /** The heading level of each review's headline (3 under the section's h2). */
  headingLevel?: 3 | 4;
}

export default function ReviewsList({ reviews = [], onPhoto, headingLevel = 3 }: ReviewsListProps & ReviewsListHandlers) {
  const intl = useIntl();
  const Heading = headingLevel === 4 ? "h4" : "h3";
  if (reviews.length === 0) return <p className="sf-reviews__empty">{intl.formatMessage({ id: "product.reviews.empty" })}</p>;
  return (
    <ul className="sf-reviews">
      {reviews.map((review) => (
        <li key={review.id} className="sf-reviews__item">
          <ProductScore score={review.score} />
          {review.title && <Heading className="sf-reviews__title">{review.title}</Heading>}
          <p className="sf-reviews__body">{review.body}</p>
          {review.photos.length > 0 && (
            <ul className="sf-reviews__photos">
              {review.photos.map((src, i) => {
                const label = intl.formatMessage(
                  { id: "product.reviews.photo.open" },
                  { index: i + 1, count: review.photos.length, author: review.author },
                );
                const thumb = <img src={src} alt="" width={64} height={64} loading="lazy" decoding="async" />;
                return (
                  <li key={src}>
                    {onPhoto ? (
                      <button
                        type="button"
                        className="sf-reviews__photo"
                        aria-label={label}
                        onClick={(event) => onPhoto(review, i, event.currentTarget)}
                      >
                        {thumb}
                      </button>
                    ) : (
                      <a className="sf-reviews__photo" href={src} aria-label={label} data-reload>
                        {thumb}
                      </a>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          <p className="sf-reviews__meta">
            <span className="sf-reviews__author">{review.author}</span>
            {review.verified && (
              <span className="sf-reviews__verified">{intl.formatMessage({ id: "product.reviews.verified" })}</span>
            )}
            {review.variantTitle && (
              <span>{intl.formatMessage({ id: "product.reviews.variant" }, { variant: review.variantTitle })}</span>
            )}
            <time dateTime={review.createdAt}>
              {intl.formatDate(/T/.test(review.createdAt) ? review.createdAt : `${review.createdAt}T12:00:00Z`, {
                dateStyle: "medium",
                timeZone: "UTC",
              })}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}
