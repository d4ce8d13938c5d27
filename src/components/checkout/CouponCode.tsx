// Coupon code: apply one (the quote checks it and says why it cannot be used), or remove it.
import { type FormEvent, useState } from "react";
import { useIntl } from "react-intl";
import type { AppliedCoupon } from "../../../generated/types";

interface Props {
  applied?: AppliedCoupon;
  /** Applies the code; resolves to the reason it was refused, or null. */
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
}

const CODE_PATTERN = /^[A-Za-z0-9]{3,32}$/;

export default function CouponCode({ applied, onApply, onRemove }: Props) {
  const intl = useIntl();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setError(intl.formatMessage({ id: value ? "checkout.coupon.format" : "checkout.coupon.required" }));
      return;
    }
    setBusy(true);
    setError(await onApply(value));
    setBusy(false);
  }

  if (applied) {
    return (
      <div className="sf-coupon">
        <p className="sf-coupon__applied" role="status">
          {intl.formatMessage({ id: "checkout.coupon.applied" }, { code: applied.code, title: applied.title })}
        </p>
        <button
          type="button"
          className="sf-link-button"
          onClick={() => {
            setCode("");
            onRemove();
          }}
        >
          {intl.formatMessage({ id: "checkout.coupon.remove" })}
        </button>
      </div>
    );
  }
  return (
    <form className="sf-coupon" noValidate onSubmit={(event) => void apply(event)}>
      <label htmlFor="sf-coupon-code" className="sf-field__label">
        {intl.formatMessage({ id: "checkout.coupon.label" })}
      </label>
      <div className="sf-coupon__row">
        <input
          id="sf-coupon-code"
          className="sf-input"
          autoComplete="off"
          maxLength={32}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "sf-coupon-error" : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <button type="submit" className="sf-button sf-button--secondary" disabled={busy}>
          {intl.formatMessage({ id: "checkout.coupon.apply" })}
        </button>
      </div>
      {error && (
        <p id="sf-coupon-error" className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
