// One line of the cart page: image, title, variant, unit price, quantity stepper, remove,
// and the line total. Before (or without) the island's script the stepper and Remove are
// plain forms (`plain`): the quantity field with an Update button, − and + posting the next
// quantity, Remove posting the SKU; once hydrated they change the cart through the API.
import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { CartItem } from "../../../generated/types";
import { formatPrice } from "../common/format-price";
import { MinusIcon, PlusIcon } from "../common/Icon";

export const MAX_QUANTITY = 99;

/** Where the line's plain forms post, and the page they come back to. */
export interface PlainLineForms {
  update: string;
  remove: string;
  back: string;
}

interface Props {
  item: CartItem;
  currency: string;
  busy: boolean;
  error: string | null;
  /** The quantity a refused post asked for, shown again in the field. */
  typed?: string | undefined;
  /** The plain forms while the island has not run; null once it has. */
  plain: PlainLineForms | null;
  onQuantity(quantity: number): void;
  onRemove(): void;
}

export default function CartPageLine({ item, currency, busy, error, typed, plain, onQuantity, onRemove }: Props) {
  const intl = useIntl();
  const max = Math.max(1, Math.min(MAX_QUANTITY, item.stock));
  const [draft, setDraft] = useState(typed ?? String(item.quantity));
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);
  const inputId = `sf-qty-${item.sku}`;
  const errorId = `sf-qty-error-${item.sku}`;
  const stepFormId = `sf-qty-step-${item.sku}`;

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

  /** − and +: without script each posts the quantity it leads to through the line's step form. */
  const step = (quantity: number) =>
    plain
      ? { type: "submit" as const, form: stepFormId, name: "quantity", value: String(quantity) }
      : { type: "button" as const, onClick: () => onQuantity(quantity) };
  const hidden = plain && (
    <>
      <input type="hidden" name="sku" value={item.sku} />
      <input type="hidden" name="back" value={plain.back} />
    </>
  );

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
        <form
          className="sf-stepper"
          method="post"
          action={plain?.update}
          // The server says why a quantity is refused, beside the line, in the page's language.
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            commit();
          }}
        >
          {hidden}
          <button
            {...step(item.quantity - 1)}
            className="sf-stepper__button"
            aria-label={intl.formatMessage({ id: "cart.page.decrease" }, { title: item.title })}
            disabled={busy || item.quantity <= 1}
          >
            <MinusIcon />
          </button>
          <label className="sf-visually-hidden" htmlFor={inputId}>
            {intl.formatMessage({ id: "cart.page.quantity" }, { title: item.title })}
          </label>
          <input
            id={inputId}
            className="sf-stepper__input"
            type="number"
            inputMode="numeric"
            name="quantity"
            min={1}
            max={max}
            value={draft}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commit}
          />
          <button
            {...step(item.quantity + 1)}
            className="sf-stepper__button"
            aria-label={intl.formatMessage({ id: "cart.page.increase" }, { title: item.title })}
            disabled={busy || item.quantity >= max}
          >
            <PlusIcon />
          </button>
          {plain && (
            <button type="submit" className="sf-link-button sf-stepper__update">
              {intl.formatMessage({ id: "cart.page.update" })}
              <span className="sf-visually-hidden"> {item.title}</span>
            </button>
          )}
        </form>
        <form
          method="post"
          action={plain?.remove}
          onSubmit={(event) => {
            event.preventDefault();
            onRemove();
          }}
        >
          {hidden}
          <button
            type={plain ? "submit" : "button"}
            className="sf-link-button"
            disabled={busy}
            onClick={plain ? undefined : onRemove}
          >
            {intl.formatMessage({ id: "cart.page.remove" })}
            <span className="sf-visually-hidden"> {item.title}</span>
          </button>
        </form>
      </div>
      {plain && (
        <form id={stepFormId} method="post" action={plain.update}>
          {hidden}
        </form>
      )}
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
