import { useIntl } from "react-intl";
import type { ProductCardProps } from "../../../generated/types";
import ProductPrice from "../product/ProductPrice";
import ProductScore from "../product/ProductScore";

export default function ProductCard({ product, currency, headingLevel = 3 }: ProductCardProps) {
  const intl = useIntl();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="sf-card">
      <a className="sf-card__link" href={product.href}>
        <img className="sf-card__image" src={product.image} alt="" loading="lazy" width={240} height={240} />
        <Heading className="sf-card__title">{product.title}</Heading>
      </a>
      <ProductPrice price={product.price} linePrice={product.linePrice} currency={currency} size="sm" />
      {product.score !== undefined && product.reviewCount ? (
        <ProductScore score={product.score} count={product.reviewCount} />
      ) : null}
      {product.inStock === false && <p className="sf-card__stock">{intl.formatMessage({ id: "catalog.card.soldOut" })}</p>}
    </article>
  );
}
