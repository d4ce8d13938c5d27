// Previous and next page links of a list, with "page N of M"; plain links, so they work
// before the island runs and through the router.
import { useIntl } from "react-intl";

export default function Pager({
  page,
  pages,
  href,
  labelId,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  labelId: string;
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav className="sf-pager" aria-label={intl.formatMessage({ id: labelId })}>
      {page > 1 && (
        <a className="sf-pager__link" href={href(page - 1)} rel="prev">
          {intl.formatMessage({ id: "pager.previous" })}
        </a>
      )}
      <span className="sf-pager__position">{intl.formatMessage({ id: "pager.position" }, { page, pages })}</span>
      {page < pages && (
        <a className="sf-pager__link" href={href(page + 1)} rel="next">
          {intl.formatMessage({ id: "pager.next" })}
        </a>
      )}
    </nav>
  );
}
