import { useIntl } from "react-intl";
import type { ProductGridProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import ListingSort from "./ListingSort";
import Pagination from "./Pagination";
import ProductCard from "./ProductCard";

export default function ProductGrid(props: ProductGridProps) {
  const { title, description, query, products, currency, total, sorting, paging, eagerImages = 0, headingLevel = 1 } = props;
  const intl = useIntl();
  const headingId = useIslandId();
  const heading = query !== undefined ? intl.formatMessage({ id: "catalog.grid.results" }, { query }) : title;
  const Heading = headingLevel === 2 ? "h2" : "h1";
  return (
    <section className="sf-grid-section" aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <Heading className="sf-grid-section__title" id={headingId}>
          {heading}
        </Heading>
      )}
      {description && <p className="sf-grid-section__desc">{description}</p>}
      {(products.length > 0 || sorting) && (
        <div className="sf-grid-section__bar">
          {products.length > 0 && (
            <p className="sf-grid-section__count">
              {intl.formatMessage({ id: "catalog.grid.count" }, { count: total ?? products.length })}
            </p>
          )}
          {sorting && products.length > 1 && <ListingSort {...sorting} />}
        </div>
      )}
      {products.length === 0 ? (
        <p className="sf-grid-section__empty">{intl.formatMessage({ id: "catalog.grid.empty" })}</p>
      ) : (
        <ul className="sf-grid">
          {products.map((product, i) => (
            <li key={product.slug}>
              <ProductCard
                product={product}
                currency={currency}
                headingLevel={heading && headingLevel === 2 ? 3 : 2}
                eager={i < eagerImages}
              />
            </li>
          ))}
        </ul>
      )}
      {paging && <Pagination {...paging} />}
    </section>
  );
}
