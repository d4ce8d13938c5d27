// The search list. One GET form holds the query, the filters and the order, so everything
// chosen is in the address: a result can be shared, a reload keeps it, and the router turns
// the form into a page-route fetch whose history entry Back and Forward return to. It waits
// for its button rather than submitting on change (WCAG 3.2.2). Page links carry the whole
// query; a new choice starts again at page 1 (the form has no page field).
import { useIntl } from "react-intl";
import type { SearchResultsProps, SearchSortKey } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { useText } from "../common/use-text";
import Pagination from "./Pagination";
import ProductCard from "./ProductCard";

const SORTS: readonly SearchSortKey[] = ["relevance", "price-asc", "price-desc", "newest", "rating"];
const RATINGS = [4, 3, 2, 1] as const;

export default function SearchResults(props: SearchResultsProps) {
  const { query, action, searched, products, total, currency = "USD", filters, categories, paging, suggestion, articles } = props;
  const intl = useIntl();
  const id = useIslandId();
  const t = useText("search.page");
  const headingId = `${id}-heading`;
  return (
    <section className="sf-search-page" aria-labelledby={headingId}>
      <h1 className="sf-search-page__title" id={headingId}>
        {query ? intl.formatMessage({ id: "catalog.grid.results" }, { query }) : t("title")}
      </h1>
      <form className="sf-search-page__form" method="get" action={action} aria-labelledby={`${id}-form`}>
        <h2 className="sf-visually-hidden" id={`${id}-form`}>
          {t("form")}
        </h2>
        <div className="sf-field sf-search-page__query">
          <label className="sf-field__label" htmlFor={`${id}-q`}>
            {intl.formatMessage({ id: "catalog.search.label" })}
          </label>
          <input className="sf-field__input" id={`${id}-q`} type="search" name="q" defaultValue={query} maxLength={200} />
        </div>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${id}-category`}>
            {t("category")}
          </label>
          <select className="sf-field__input" id={`${id}-category`} name="category" defaultValue={filters.category ?? ""}>
            <option value="">{t("category.all")}</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {t("category.count", { name: c.label, count: c.count })}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="sf-search-page__price">
          <legend className="sf-field__label">{t("price", { currency })}</legend>
          <div className="sf-field">
            <label className="sf-field__label" htmlFor={`${id}-min`}>
              {t("price.min")}
            </label>
            <input
              className="sf-field__input"
              id={`${id}-min`}
              type="number"
              name="min"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.min ?? ""}
            />
          </div>
          <div className="sf-field">
            <label className="sf-field__label" htmlFor={`${id}-max`}>
              {t("price.max")}
            </label>
            <input
              className="sf-field__input"
              id={`${id}-max`}
              type="number"
              name="max"
              min={0}
              step="any"
              inputMode="decimal"
              defaultValue={filters.max ?? ""}
            />
          </div>
        </fieldset>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${id}-rating`}>
            {t("rating")}
          </label>
          <select className="sf-field__input" id={`${id}-rating`} name="rating" defaultValue={String(filters.rating ?? "")}>
            <option value="">{t("rating.any")}</option>
            {RATINGS.map((r) => (
              <option key={r} value={r}>
                {t("rating.atLeast", { rating: r })}
              </option>
            ))}
          </select>
        </div>
        <div className="sf-field sf-field--check">
          <input id={`${id}-stock`} type="checkbox" name="stock" value="1" defaultChecked={filters.inStock} />
          <label htmlFor={`${id}-stock`}>{t("inStock")}</label>
        </div>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={`${id}-sort`}>
            {intl.formatMessage({ id: "catalog.sort.label" })}
          </label>
          <select className="sf-field__input" id={`${id}-sort`} name="sort" defaultValue={filters.sort}>
            {SORTS.map((key) => (
              <option key={key} value={key}>
                {key === "relevance" ? t("sort.relevance") : intl.formatMessage({ id: `catalog.sort.${key}` })}
              </option>
            ))}
          </select>
        </div>
        <button className="sf-button" type="submit">
          {t("apply")}
        </button>
      </form>
      <div className="sf-search-page__results">
        {searched && (
          <p className="sf-search-page__count" role="status">
            {intl.formatMessage({ id: "catalog.grid.count" }, { count: total })}
          </p>
        )}
        {suggestion && (
          <p className="sf-search-page__suggestion">
            {intl.formatMessage(
              { id: "search.page.didYouMean" },
              { query: suggestion.query, link: (chunks) => <a href={suggestion.href}>{chunks}</a> },
            )}
          </p>
        )}
        {searched && products.length === 0 && <p className="sf-search-page__empty">{t("empty")}</p>}
        {products.length > 0 && (
          <ul className="sf-grid sf-search-page__grid">
            {products.map((product, i) => (
              <li key={product.slug}>
                <ProductCard product={product} currency={currency} headingLevel={2} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
        {paging && <Pagination {...paging} />}
        {articles && articles.length > 0 && (
          <section className="sf-search-page__articles" aria-labelledby={`${id}-articles`}>
            <h2 id={`${id}-articles`}>{t("articles")}</h2>
            <ul>
              {articles.map((a) => (
                <li key={a.href}>
                  <a href={a.href}>{a.label}</a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </section>
  );
}
