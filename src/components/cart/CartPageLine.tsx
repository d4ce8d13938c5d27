// One line of the cart page: image, title, variant, unit price, quantity stepper, remove,
// and the line total.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { CartItem } from "../../../generated/types";
import { formatPrice } from "../common/format-price";

const MAX_QUANTITY = 99;

interface Props {
  item: CartItem;
  currency: string;
  busy: boolean;
  error: string | null;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

export default function CartPageLine({ item, currency, busy, error, onQuantity, onRemove }: Props) {
  const intl = useIntl();
  const max = Math.max(1, Math.min(MAX_QUANTITY, item.stock));
  const [draft, setDraft] = useState(String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);
  const inputId = `sf-qty-${item.sku}`;
  const errorId = `sf-qty-error-${item.sku}`;

  function commit() {
    const value = Number.parseInt(draft, 10);
    if (!Number.isFinite(value) || value < 1) {
      setDraft(String(item.quantity));
      return;
    }
    const next = Math.min(max, value);
    if (next !== item.quantity) onQuantity(next);
    else setDraft(String(item.quantity));
  }

  return (
    <li className="sf-cart-line" aria-busy={busy || undefined}>
      {/* biome-ignore lint/a11y/useAnchorContent: a decorative duplicate of the title link beside it, hidden from assistive technology and out of the tab order so each product is one link for them. */}
      <a className="sf-cart-line__media" href={item.href} tabIndex={-1} aria-hidden="true">
        {item.image && <img src={item.image} alt="" width={96} height={96} loading="lazy" />}
      </a>
      <div className="sf-cart-line__info">
        <a className="sf-cart-line__title" href={item.href}>
          {item.title}
        </a>
        {item.variantTitle && <p className="sf-cart-line__variant">{item.variantTitle}</p>}
        <p className="sf-cart-line__price">
          {intl.formatMessage({ id: "cart.page.unitPrice" }, { price: formatPrice(intl, item.price, currency) })}
        </p>
      </div>
      <div className="sf-cart-line__controls">
        <div className="sf-stepper">
          <button
            type="button"
            className="sf-stepper__button"
            aria-label={intl.formatMessage({ id: "cart.page.decrease" }, { title: item.title })}
            disabled={busy || item.quantity <= 1}
            onClick={() => onQuantity(item.quantity - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <label className="sf-visually-hidden" htmlFor={inputId}>
            {intl.formatMessage({ id: "cart.page.quantity" }, { title: item.title })}
          </label>
          <input
            id={inputId}
            className="sf-stepper__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={draft}
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
            onKeyDown={(event) => {
              if (event.key === "Enter") commit();
            }}
          />
          <button
            type="button"
            className="sf-stepper__button"
            aria-label={intl.formatMessage({ id: "cart.page.increase" }, { title: item.title })}
            disabled={busy || item.quantity >= max}
            onClick={() => onQuantity(item.quantity + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        <button type="button" className="sf-link-button" disabled={busy} onClick={onRemove}>
          {intl.formatMessage({ id: "cart.page.remove" })}
          <span className="sf-visually-hidden"> {item.title}</span>
        </button>
      </div>
      <p className="sf-cart-line__total">
        <span className="sf-visually-hidden">{intl.formatMessage({ id: "cart.page.lineTotal" })} </span>
        {formatPrice(intl, item.price * item.quantity, currency)}
      </p>
      {error && (
        <p id={errorId} role="alert" className="sf-form-error sf-cart-line__error">
          {error}
        </p>
      )}
    </li>
  );
}
