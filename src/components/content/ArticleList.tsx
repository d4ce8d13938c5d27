import { useIntl } from "react-intl";
import type { ArticleListProps } from "../../../generated/types";

export default function ArticleList({ title, articles, allHref }: ArticleListProps) {
  const intl = useIntl();
  return (
    <section className="sf-articles">
      {title && <h2 className="sf-articles__title">{title}</h2>}
      {articles.length === 0 ? (
        <p>{intl.formatMessage({ id: "content.articles.empty" })}</p>
      ) : (
        <ul className="sf-articles__list">
          {articles.map((article) => (
            <li key={article.href} className="sf-articles__item">
              {article.thumbnail && <img src={article.thumbnail} alt="" loading="lazy" width={96} height={96} />}
              <div>
                <h3 className="sf-articles__headline">
                  <a href={article.href}>{article.title}</a>
                </h3>
                <p className="sf-articles__author">
                  {intl.formatMessage({ id: "content.article.by" }, { author: article.author })}
                </p>
                {article.excerpt && <p>{article.excerpt}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {allHref && (
        <p className="sf-articles__all">
          <a href={allHref}>{intl.formatMessage({ id: "content.articles.all" })}</a>
        </p>
      )}
    </section>
  );
}
