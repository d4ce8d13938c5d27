import { useIntl } from "react-intl";
import type { ListingSorting, ListingSortKey } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";

const KEYS: readonly ListingSortKey[] = ["featured", "price-asc", "price-desc", "newest", "rating"];

/** A plain GET form: it works before (and without) JavaScript, and the router turns it into
 *  a page-route fetch. It waits for the button rather than submitting on change, so moving
 *  through the options with the keyboard does not reload the list (WCAG 3.2.2). */
export default function ListingSort({ action, selected }: ListingSorting) {
  const intl = useIntl();
  const id = useIslandId();
  return (
    <form className="sf-sort" method="get" action={action}>
      <label className="sf-sort__label" htmlFor={id}>
        {intl.formatMessage({ id: "catalog.sort.label" })}
      </label>
      <select className="sf-sort__select" id={id} name="sort" defaultValue={selected}>
        {KEYS.map((key) => (
          <option key={key} value={key}>
            {intl.formatMessage({ id: `catalog.sort.${key}` })}
          </option>
        ))}
      </select>
      <button className="sf-button sf-button--quiet" type="submit">
        {intl.formatMessage({ id: "catalog.sort.submit" })}
      </button>
    </form>
  );
}
