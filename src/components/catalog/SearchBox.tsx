import { useIntl } from "react-intl";
import type { SearchBoxProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";

// A plain GET form: searching works before (and without) JavaScript.
export default function SearchBox({ query, action = "/search" }: SearchBoxProps) {
  const intl = useIntl();
  const inputId = useIslandId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (ARIA form role=search); a <search> element would add a wrapper box around the styled form.
    <form className="sf-search" role="search" method="get" action={action}>
      <label className="sf-search__label" htmlFor={inputId}>
        {intl.formatMessage({ id: "catalog.search.label" })}
      </label>
      <input className="sf-search__input" id={inputId} type="search" name="q" defaultValue={query} maxLength={200} />
      <button className="sf-button" type="submit">
        {intl.formatMessage({ id: "catalog.search.submit" })}
      </button>
    </form>
  );
}
