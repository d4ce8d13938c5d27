// The header's search box: a plain GET form to the search page (it works before and without
// JavaScript) whose field is, once hydrated, a WAI-ARIA 1.2 combobox with a listbox popup of
// suggestions (products with image and price, categories, articles) from search/suggest.
// Typing asks after a pause (SUGGEST_DELAY_MS); a newer question aborts the older one and an
// answer that comes back for a query no longer typed is dropped. Arrow keys move through the
// options (the focus stays in the field: aria-activedescendant), Enter opens the active
// option or, with none, submits the search, Escape closes the list and then clears the field.
// A polite live region says how many suggestions there are.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { SearchSuggestResponse } from "../../../generated/types";
import { useApiPost } from "../../runtime/hooks/useApi";
import { useNavigate, useRouteInfo } from "../../runtime/router/hooks";
import { useIslandId } from "../../shared/island-id";
import { formatPrice } from "../common/format-price";
import { Icon } from "../common/Icon";

export const SUGGEST_DELAY_MS = 150;
const MAX_QUERY = 100;

interface Option {
  id: string;
  href: string;
  group: "products" | "categories" | "articles";
  title: string;
  image?: string;
  price?: number;
}

/** Whether a query is worth suggesting for: two characters, or one Chinese, Japanese or Korean one. */
export function suggestible(query: string): boolean {
  const q = query.trim();
  return [...q].length >= 2 || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(q);
}

function optionsOf(answer: SearchSuggestResponse, idBase: string): Option[] {
  return [
    ...answer.products.map((p) => ({ group: "products" as const, href: p.href, title: p.title, image: p.image, price: p.price })),
    ...answer.categories.map((c) => ({ group: "categories" as const, href: c.href, title: c.title })),
    ...answer.articles.map((a) => ({ group: "articles" as const, href: a.href, title: a.title })),
  ].map((o, i) => ({ ...o, id: `${idBase}-${i}` }));
}

export interface SearchComboboxProps {
  action: string;
  query: string;
}

export default function SearchCombobox({ action, query }: SearchComboboxProps) {
  const intl = useIntl();
  const post = useApiPost();
  const navigate = useNavigate();
  const route = useRouteInfo();
  const baseId = useIslandId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-list`;
  const [value, setValue] = useState(query);
  const [answer, setAnswer] = useState<{ query: string; data: SearchSuggestResponse } | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const pending = useRef<AbortController | null>(null);
  const latest = useRef(value);

  // The field follows the page's query when the router brings another search page.
  useEffect(() => {
    setValue(query);
    latest.current = query;
    setOpen(false);
  }, [query]);

  useEffect(() => () => pending.current?.abort(), []);

  // The header hydrates when the shopper reaches for it, often by focusing this field and typing
  // at once: what they typed before hydration is kept by the browser, and asked about now.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = field.current;
    if (!el || el.value === latest.current) return;
    setValue(el.value);
    if (el.ownerDocument.activeElement === el) setOpen(true);
  }, []);

  const wanted = value.trim().slice(0, MAX_QUERY);
  useEffect(() => {
    latest.current = wanted;
    pending.current?.abort();
    pending.current = null;
    if (!suggestible(wanted)) {
      setAnswer(null);
      return;
    }
    const timer = setTimeout(() => {
      const controller = new AbortController();
      pending.current = controller;
      post(
        "search/suggest",
        { q: wanted, ...(route.prefix ? { prefix: route.prefix } : {}) },
        { toast: false, signal: controller.signal },
      )
        .then((data) => {
          // Only the answer for what the field holds now counts.
          if (latest.current !== wanted) return;
          setAnswer({ query: wanted, data });
          setActive(-1);
        })
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, post, route.prefix]);

  const options = answer && answer.query === wanted ? optionsOf(answer.data, `${baseId}-opt`) : [];
  const expanded = open && answer !== null && answer.query === wanted;
  const activeOption = expanded ? options[active] : undefined;

  function go(option: Option) {
    setOpen(false);
    setActive(-1);
    navigate(`~${option.href}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!answer || options.length === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          if (!event.altKey) setActive(event.key === "ArrowDown" ? 0 : options.length - 1);
          return;
        }
        const step = event.key === "ArrowDown" ? 1 : -1;
        // From the last option down (or the first up) back to the field, then round again.
        setActive((current) => {
          const next = current + step;
          if (current === -1) return step === 1 ? 0 : options.length - 1;
          return next < 0 || next >= options.length ? -1 : next;
        });
        return;
      }
      case "Enter":
        if (activeOption) {
          event.preventDefault();
          go(activeOption);
        }
        return;
      case "Escape":
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          setValue("");
        }
        return;
      default:
    }
  }

  const groups = (["products", "categories", "articles"] as const)
    .map((group) => ({ group, items: options.filter((o) => o.group === group) }))
    .filter((g) => g.items.length > 0);
  const count = options.length;
  const currency = answer?.data.currency ?? "USD";

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (ARIA form role=search); a <search> element would add a wrapper box inside the header's flex layout.
    <form
      className="sf-header__search sf-combobox"
      role="search"
      method="get"
      action={action}
      aria-label={intl.formatMessage({ id: "header.search.region" })}
      onSubmit={() => setOpen(false)}
    >
      <label className="sf-visually-hidden" htmlFor={inputId}>
        {intl.formatMessage({ id: "header.search.label" })}
      </label>
      <input
        className="sf-header__search-input"
        ref={field}
        id={inputId}
        // Not type="search": HTML allows the combobox role on a text field only.
        type="text"
        enterKeyHint="search"
        name="q"
        maxLength={200}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded && count > 0}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        value={value}
        placeholder={intl.formatMessage({ id: "header.search.placeholder" })}
        onChange={(event) => {
          setValue(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <button type="submit" className="sf-header__search-button">
        <Icon className="sf-header__search-icon" stroke={2.2}>
          <circle cx="10.5" cy="10.5" r="6.5" />
          <path d="m15.5 15.5 5 5" />
        </Icon>
        <span className="sf-header__search-text">{intl.formatMessage({ id: "content.header.search" })}</span>
      </button>
      <div
        className="sf-combobox__list"
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: "search.suggest.label" })}
        hidden={!(expanded && count > 0)}
        // Keeps the focus in the field while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {groups.map(({ group, items }) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA), not a fieldset of form controls.
          <div key={group} role="group" aria-labelledby={`${listId}-${group}`} className="sf-combobox__group">
            <div id={`${listId}-${group}`} className="sf-combobox__heading" role="presentation">
              {intl.formatMessage({ id: `search.suggest.${group}` })}
            </div>
            {items.map((option) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options from the field (aria-activedescendant).
              <div
                key={option.id}
                id={option.id}
                role="option"
                tabIndex={-1}
                aria-selected={option.id === activeOption?.id}
                className="sf-combobox__option"
                onClick={() => go(option)}
              >
                {option.image && <img className="sf-combobox__image" src={option.image} alt="" width={40} height={40} />}
                <span className="sf-combobox__title">{option.title}</span>
                {option.price !== undefined && (
                  <span className="sf-combobox__price">{formatPrice(intl, option.price, currency)}</span>
                )}
              </div>
            ))}
          </div>
        ))}
      </div>
      <p className="sf-visually-hidden" role="status">
        {expanded && answer ? intl.formatMessage({ id: "search.suggest.count" }, { count }) : ""}
      </p>
    </form>
  );
}
