// The journal in masonry: cards of different heights packed in CSS columns (src/styles/journal.css).
// Columns, not a grid with JavaScript placement: the DOM order is the visual order in each
// column (down the first column, then the next), so Tab and a screen reader follow what the
// eye reads, and there is nothing to measure or move after load. Each image carries its width
// and height, so the browser reserves its box before it loads: no layout shift.
import { FormattedDate, useIntl } from "react-intl";
import type { ArticleMasonryProps } from "../../../generated/types";
import Pagination from "../catalog/Pagination";
import TagLinks from "./TagLinks";

export default function ArticleMasonry({ heading, articles, paging, eagerImages = 3 }: ArticleMasonryProps) {
  const intl = useIntl();
  return (
    <section className="sf-journal" aria-labelledby="journal-heading">
      <h1 className="sf-journal__heading" id="journal-heading">
        {heading}
      </h1>
      {articles.length === 0 ? (
        <p>{intl.formatMessage({ id: "content.articles.empty" })}</p>
      ) : (
        <ul className="sf-journal__list">
          {articles.map((article, i) => (
            <li key={article.href} className="sf-journal__card">
              <article className="sf-journal__article">
                {article.image && (
                  <img
                    className="sf-journal__image"
                    src={article.image.src}
                    alt=""
                    width={article.image.width}
                    height={article.image.height}
                    loading={i < eagerImages ? "eager" : "lazy"}
                  />
                )}
                <h2 className="sf-journal__title">
                  <a href={article.href}>{article.title}</a>
                </h2>
                {article.excerpt && <p className="sf-journal__excerpt">{article.excerpt}</p>}
                <p className="sf-journal__byline">
                  {intl.formatMessage({ id: "content.article.by" }, { author: article.author })}
                  {article.date && (
                    <>
                      {" · "}
                      <time dateTime={article.date}>
                        <FormattedDate value={`${article.date}T12:00:00Z`} dateStyle="medium" timeZone="UTC" />
                      </time>
                    </>
                  )}
                </p>
                {article.tags.length > 0 && (
                  <TagLinks
                    tags={article.tags}
                    label={intl.formatMessage({ id: "content.article.tagsOf" }, { title: article.title })}
                    className="sf-journal__tags"
                  />
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      {paging && <Pagination {...paging} />}
    </section>
  );
}
