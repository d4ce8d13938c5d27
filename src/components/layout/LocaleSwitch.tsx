import type { MouseEvent } from "react";
import { useIntl } from "react-intl";
import type { LocaleSwitchProps } from "../../../generated/types";
import { addressInLanguage } from "../../runtime/i18n/language-path";
import { useRouteInfo } from "../../runtime/router/hooks";
import { DEFAULT_PREFIX, languageOf, type Prefix } from "../../shared/languages";

const DEFAULT_LANGUAGES: readonly Prefix[] = ["en", "zh", "zh-HK"];

function plainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export default function LocaleSwitch({ languages }: LocaleSwitchProps) {
  const intl = useIntl();
  const route = useRouteInfo();
  // The server renders with the page's address too, so these links work before hydration.
  const address = { pathname: route.path, search: route.search ? `?${route.search}` : "", hash: "" };
  const current = route.prefix ?? DEFAULT_PREFIX;
  const offered = [...new Set<Prefix>(languages ?? DEFAULT_LANGUAGES)];
  return (
    // data-reload: a new language needs a full page load (messages, <html lang>), so the router leaves these links alone.
    <nav className="sf-locale" aria-label={intl.formatMessage({ id: "locale.switch.label" })} data-reload="">
      <ul className="sf-locale__list">
        {offered.map((prefix) => {
          const language = languageOf(prefix);
          return (
            <li key={prefix} className="sf-locale__item">
              <a
                className="sf-locale__link"
                href={addressInLanguage(address, prefix)}
                hrefLang={language.locale}
                lang={language.locale}
                aria-current={prefix === current ? "true" : undefined}
                onClick={(event) => {
                  if (!plainClick(event)) return;
                  // The address as it is now, fragment included.
                  event.preventDefault();
                  window.location.assign(addressInLanguage(window.location, prefix));
                }}
              >
                {language.name}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
