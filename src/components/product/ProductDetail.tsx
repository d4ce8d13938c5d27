import { FormattedDate, useIntl } from "react-intl";
import type { ProductDetailProps } from "../../../generated/types";
import ProductPrice from "./ProductPrice";
import ProductScore from "./ProductScore";

// Variants are links (/product/{slug}/{sku}), so choosing one works without JavaScript
// and every variant has its own address.
export default function ProductDetail({ product, selectedSku, currency, reviews = [] }: ProductDetailProps) {
  const intl = useIntl();
  const variant = product.variants.find((v) => v.sku === selectedSku) ?? product.variants[0]!;
  const image = variant.image ?? product.images[0]!;
  const stockText =
    variant.stock === 0
      ? intl.formatMessage({ id: "catalog.product.outOfStock" })
      : intl.formatMessage({ id: "catalog.product.inStock" }, { count: variant.stock });
  return (
    <article className="sf-product">
      <div className="sf-product__media">
        <img src={image} alt={`${product.title}, ${variant.title}`} width={480} height={480} />
      </div>
      <div className="sf-product__info">
        {product.category && (
          <p className="sf-product__category">
            <a href={product.category.href}>{product.category.name}</a>
          </p>
        )}
        <h1 className="sf-product__title">{product.title}</h1>
        {product.summary && <p className="sf-product__summary">{product.summary}</p>}
        {product.score !== undefined && product.reviewCount ? (
          <div>
            <ProductScore score={product.score} count={product.reviewCount} />
          </div>
        ) : null}
        <div>
          <ProductPrice price={variant.price} linePrice={variant.linePrice} currency={currency} size="lg" />
        </div>
        <h2 className="sf-product__subtitle">{intl.formatMessage({ id: "catalog.product.variants" })}</h2>
        <ul className="sf-product__variants">
          {product.variants.map((v) => (
            <li key={v.sku}>
              <a
                className="sf-chip"
                href={v.href}
                aria-current={v.sku === variant.sku ? "true" : undefined}
                data-sku={v.sku}
              >
                {v.title}
              </a>
            </li>
          ))}
        </ul>
        <p className={`sf-product__stock${variant.stock === 0 ? " sf-product__stock--out" : ""}`}>{stockText}</p>
        <p className="sf-product__sku">{intl.formatMessage({ id: "catalog.product.sku" }, { sku: variant.sku })}</p>
        {product.description?.map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      <section className="sf-product__reviews">
        <h2 className="sf-product__subtitle">{intl.formatMessage({ id: "catalog.product.reviews" })}</h2>
        {reviews.length === 0 ? (
          <p>{intl.formatMessage({ id: "catalog.product.noReviews" })}</p>
        ) : (
          <ul className="sf-reviews">
            {reviews.map((review, i) => (
              <li key={i} className="sf-reviews__item">
                <ProductScore score={review.score} />
                {review.title && <h3 className="sf-reviews__title">{review.title}</h3>}
                <p>{review.body}</p>
                <p className="sf-reviews__meta">
                  {review.author}
                  {review.date && (
                    <>
                      {" · "}
                      <FormattedDate value={`${review.date}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
