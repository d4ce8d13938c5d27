// "Request a quote" on a product page: inquiry/{slug} under the page's language prefix.
import { useIntl } from "react-intl";
import type { QuoteLinkProps } from "../../../generated/types";
import { useRouteInfo } from "../../runtime/router/hooks";
import { withPrefix } from "../../shared/language-prefix";

export default function QuoteLink({ slug }: QuoteLinkProps) {
  const intl = useIntl();
  const route = useRouteInfo();
  return (
    <p className="sf-quote-link">
      <a href={withPrefix(route.prefix, `/inquiry/${encodeURIComponent(slug)}`)}>
        {intl.formatMessage({ id: "inquiry.link.quote" })}
      </a>{" "}
      <span>{intl.formatMessage({ id: "inquiry.link.quote.hint" })}</span>
    </p>
  );
}
