// A product's rating summary: the average (as stars and as a number), how many reviews, and
// one bar per star with its count. Each bar is drawn for the eye only; its words ("5 stars:
// 2 reviews") are the text equivalent screen readers read.
import { useIntl } from "react-intl";
import type { ReviewSummary as Summary } from "../../../generated/types";
import ProductScore from "./ProductScore";

export default function ReviewSummary({ summary }: { summary: Summary }) {
  const intl = useIntl();
  const average = intl.formatNumber(summary.average, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const total = Math.max(1, summary.count);
  return (
    <div className="sf-review-summary">
      <div className="sf-review-summary__average">
        <p className="sf-review-summary__score">{intl.formatMessage({ id: "product.reviews.average" }, { average })}</p>
        <ProductScore score={summary.average} />
        <p className="sf-review-summary__count">
          {intl.formatMessage({ id: "product.reviews.count" }, { count: summary.count })}
        </p>
      </div>
      <ul className="sf-review-summary__bars" aria-label={intl.formatMessage({ id: "product.reviews.bars" })}>
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.stars[stars - 1] ?? 0;
          return (
            <li key={stars} className="sf-review-summary__bar">
              <span className="sf-visually-hidden">{intl.formatMessage({ id: "product.reviews.bar" }, { stars, count })}</span>
              <span className="sf-review-summary__label" aria-hidden="true">
                {intl.formatMessage({ id: "product.reviews.bar.stars" }, { stars })}
              </span>
              <span className="sf-review-summary__track" aria-hidden="true">
                <span className="sf-review-summary__fill" style={{ width: `${(count / total) * 100}%` }} />
              </span>
              <span className="sf-review-summary__n" aria-hidden="true">
                {intl.formatNumber(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
