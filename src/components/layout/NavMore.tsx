// The header's "More" menu: the categories that do not fit its row, as a disclosure (<details>,
// so it opens without script too) dropping a list of links below its toggle.
import { useIntl } from "react-intl";
import type { SiteHeaderProps } from "../../../generated/types";
import { useDropdown } from "../common/use-dropdown";

export function NavMore({ links }: { links: SiteHeaderProps["links"] }) {
  const intl = useIntl();
  const { ref, onKeyDown } = useDropdown();
  return (
    <details className="sf-navmore" ref={ref} onKeyDown={onKeyDown}>
      <summary className="sf-navmore__toggle">{intl.formatMessage({ id: "header.nav.more" })}</summary>
      <ul className="sf-navmore__panel">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
    </details>
  );
}
