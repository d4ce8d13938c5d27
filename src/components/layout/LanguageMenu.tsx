// The header's compact language choice on wide screens: a globe toggle naming the current
// language, as a disclosure (<details>, keyboard and screen-reader ready without script) that opens
// the locale switch. Escape closes it and gives focus back to its toggle (use-dropdown.ts).
import { useIntl } from "react-intl";
import { useRouteInfo } from "../../runtime/router/hooks";
import { DEFAULT_PREFIX, languageOf } from "../../shared/languages";
import { Icon } from "../common/Icon";
import { useDropdown } from "../common/use-dropdown";
import LocaleSwitch from "./LocaleSwitch";

export function LanguageMenu() {
  const intl = useIntl();
  const route = useRouteInfo();
  const { ref, onKeyDown } = useDropdown();
  const current = languageOf(route.prefix ?? DEFAULT_PREFIX);
  return (
    <details className="sf-langmenu" ref={ref} onKeyDown={onKeyDown}>
      {/* A globe keeps the header on one row in every language; its name says which language is current. */}
      <summary className="sf-langmenu__toggle">
        <Icon>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </Icon>
        <span className="sf-visually-hidden">
          {intl.formatMessage(
            { id: "locale.menu.label" },
            {
              language: (
                <span lang={current.locale} key="language">
                  {current.name}
                </span>
              ),
            },
          )}
        </span>
      </summary>
      <div className="sf-langmenu__panel">
        <LocaleSwitch />
      </div>
    </details>
  );
}
