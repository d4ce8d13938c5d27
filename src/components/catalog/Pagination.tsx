import { Fragment } from "react";
import { useIntl } from "react-intl";
import type { ListingPaging } from "../../../generated/types";

export default function Pagination({ page, prevHref, nextHref, pages }: ListingPaging) {
  const intl = useIntl();
  return (
    <nav className="sf-paging" aria-label={intl.formatMessage({ id: "catalog.paging.label" })}>
      <ul className="sf-paging__list">
        {prevHref && (
          <li>
            <a className="sf-paging__link" href={prevHref} rel="prev">
              {intl.formatMessage({ id: "catalog.paging.previous" })}
            </a>
          </li>
        )}
        {pages.map(({ number, href }, i) => (
          <Fragment key={number}>
            {i > 0 && number - pages[i - 1]!.number > 1 && (
              <li className="sf-paging__gap" aria-hidden="true">
                …
              </li>
            )}
            <li>
              <a
                className="sf-paging__link"
                href={href}
                aria-current={number === page ? "page" : undefined}
                aria-label={intl.formatMessage({ id: "catalog.paging.page" }, { number })}
              >
                {number}
              </a>
            </li>
          </Fragment>
        ))}
        {nextHref && (
          <li>
            <a className="sf-paging__link" href={nextHref} rel="next">
              {intl.formatMessage({ id: "catalog.paging.next" })}
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
