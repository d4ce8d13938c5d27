// A labelled quantity stepper between min and max. Typing keeps what was typed while it
// is out of range and says which range is allowed; leaving the field brings it back in.
// Controlled when onChange is given (the product page), its own state otherwise.
import { useState } from "react";
import { useIntl } from "react-intl";
import type { QuantityInputProps } from "../../../generated/types";
import { useIslandId } from "../../shared/island-id";
import { MinusIcon, PlusIcon } from "../common/Icon";

export interface QuantityInputHandlers {
  onChange?: (quantity: number) => void;
  /** What the server said of the quantity a plain form post sent (no JavaScript), shown until it is changed. */
  error?: string | null;
}

export function clampQuantity(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(Math.max(min, Math.trunc(value)), Math.max(min, max));
}

export default function QuantityInput({
  value,
  min = 1,
  max,
  name,
  disabled = false,
  onChange,
  error = null,
}: QuantityInputProps & QuantityInputHandlers) {
  const intl = useIntl();
  const id = useIslandId();
  const [own, setOwn] = useState(value ?? min);
  const quantity = onChange ? (value ?? min) : own;
  const [text, setText] = useState<string | null>(null);
  const top = Math.max(min, max);

  function commit(next: number) {
    const clamped = clampQuantity(next, min, top);
    setText(null);
    setServerError(null);
    if (onChange) onChange(clamped);
    else setOwn(clamped);
  }

  function onType(raw: string) {
    const parsed = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
    if (parsed >= min && parsed <= top) commit(parsed);
    else setText(raw);
  }

  const invalid = text !== null;
  // The server's word stands until the shopper changes the quantity.
  const [serverError, setServerError] = useState(error);
  const shownError = invalid ? null : serverError;
  return (
    <div className="sf-quantity">
      <label className="sf-quantity__label" htmlFor={id}>
        {intl.formatMessage({ id: "product.quantity.label" })}
      </label>
      <div className="sf-quantity__controls">
        <button
          type="button"
          className="sf-quantity__step"
          aria-label={intl.formatMessage({ id: "product.quantity.decrease" })}
          disabled={disabled || quantity <= min}
          onClick={() => commit(quantity - 1)}
        >
          <MinusIcon />
        </button>
        <input
          id={id}
          className="sf-quantity__input"
          type="text"
          inputMode="numeric"
          name={name}
          value={text ?? String(quantity)}
          disabled={disabled}
          aria-invalid={invalid || Boolean(shownError) || undefined}
          aria-describedby={invalid ? `${id}-hint` : shownError ? `${id}-error` : undefined}
          onChange={(event) => onType(event.target.value)}
          onBlur={() => invalid && commit(Number(text))}
        />
        <button
          type="button"
          className="sf-quantity__step"
          aria-label={intl.formatMessage({ id: "product.quantity.increase" })}
          disabled={disabled || quantity >= top}
          onClick={() => commit(quantity + 1)}
        >
          <PlusIcon />
        </button>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="sf-quantity__hint">
          {shownError}
        </p>
      )}
      {invalid && (
        <p id={`${id}-hint`} className="sf-quantity__hint" role="alert">
          {intl.formatMessage({ id: "product.quantity.range" }, { min, max: top })}
        </p>
      )}
    </div>
  );
}
