import { useId } from "react";
import { useIntl } from "react-intl";
import type { ProductGridProps } from "../../../generated/types";
import ProductCard from "./ProductCard";

export default function ProductGrid({ title, description, query, products, currency, total }: ProductGridProps) {
  const intl = useIntl();
  const headingId = useId();
  const heading = query !== undefined ? intl.formatMessage({ id: "catalog.grid.results" }, { query }) : title;
  return (
    <section className="sf-grid-section" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h1 className="sf-grid-section__title" id={headingId}>
          {heading}
        </h1>
      )}
      {description && <p className="sf-grid-section__desc">{description}</p>}
      {products.length > 0 && (
        <p className="sf-grid-section__count">
          {intl.formatMessage({ id: "catalog.grid.count" }, { count: total ?? products.length })}
        </p>
      )}
      {products.length === 0 ? (
        <p className="sf-grid-section__empty">{intl.formatMessage({ id: "catalog.grid.empty" })}</p>
      ) : (
        <ul className="sf-grid">
          {products.map((product) => (
            <li key={product.slug}>
              <ProductCard product={product} currency={currency} headingLevel={heading ? 3 : 2} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
