// The coupon of the order: one of the coupons the shopper claimed (a radio each; one that
// cannot be used on this order says why and cannot be picked), or a code typed in. Either way
// the quote checks it and says why it cannot be used, in the shopper's language; the server
// checks it again when the order is placed. Before (or without) script it is a plain form
// posting to /form/coupon (`plain`): a claimed coupon or a typed code with Apply, or Remove.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import type { AppliedCoupon, CouponOffer } from "../../../generated/types";

/** Where the plain form posts and the page it comes back to. */
export interface PlainCouponForm {
  action: string;
  back: string;
}

interface Props {
  applied?: AppliedCoupon;
  /** The shopper's claimed coupons that may still be used (the quote's `offers`). */
  offers: readonly CouponOffer[];
  /** A refused coupon post: the code typed and why it was refused, in words. */
  refused?: { code: string; message: string } | undefined;
  /** Present while the island has not run. */
  plain: PlainCouponForm | null;
  /** Applies the code; resolves to the reason it was refused, or null. */
  onApply(code: string): Promise<string | null>;
  onRemove(): void;
}

const CODE_PATTERN = /^[A-Za-z0-9]{3,32}$/;

export default function CouponCode({ applied, offers, refused, plain, onApply, onRemove }: Props) {
  const intl = useIntl();
  const [code, setCode] = useState(refused?.code ?? "");
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const [busy, setBusy] = useState(false);
  // The offer being applied: its radio stays checked while the quote answers.
  const [picking, setPicking] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // A coupon picked in the plain form before the island ran is read from the form as hydration
  // left it (React would uncheck it at its next render), and applied once the island takes over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the island first runs.
  useEffect(() => {
    const picked = form.current?.querySelector<HTMLInputElement>('input[name="sf-coupon-offer"]:checked')?.value;
    if (picked && picked !== applied?.code) setPicking(picked);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the island takes over.
  useEffect(() => {
    if (!plain && picking && picking !== applied?.code) void applyCode(picking);
  }, [plain]);

  async function applyCode(value: string) {
    setBusy(true);
    setError(await onApply(value));
    setBusy(false);
    setPicking(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (applied) return;
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setError(intl.formatMessage({ id: value ? "checkout.coupon.format" : "checkout.coupon.required" }));
      return;
    }
    void applyCode(value);
  }

  return (
    <div className="sf-coupon">
      <form ref={form} method="post" action={plain?.action} noValidate onSubmit={plain ? undefined : submit}>
        {plain && <input type="hidden" name="back" value={plain.back} />}
        {offers.length > 0 && (
          <fieldset className="sf-methods sf-coupon__mine">
            <legend className="sf-checkout__subtitle">{intl.formatMessage({ id: "checkout.coupon.mine" })}</legend>
            {offers.map((offer) => (
              <label key={offer.code} className={`sf-methods__option${offer.usable ? "" : " sf-methods__option--disabled"}`}>
                <input
                  type="radio"
                  name="sf-coupon-offer"
                  value={offer.code}
                  checked={(picking ?? applied?.code) === offer.code}
                  disabled={!offer.usable || busy}
                  onChange={() => {
                    setError(null);
                    setPicking(offer.code);
                    if (!plain) void applyCode(offer.code);
                  }}
                />
                <span className="sf-methods__name">{offer.code}</span>
                <span>{offer.title}</span>
                {offer.reason && (
                  <span className="sf-methods__note">{intl.formatMessage({ id: offer.reason.id }, offer.reason.values)}</span>
                )}
              </label>
            ))}
          </fieldset>
        )}
        {applied ? (
          <div className="sf-coupon__done">
            <p className="sf-coupon__applied" role="status">
              {intl.formatMessage({ id: "checkout.coupon.applied" }, { code: applied.code, title: applied.title })}
            </p>
            {plain ? (
              <button type="submit" name="action" value="remove" className="sf-link-button">
                {intl.formatMessage({ id: "checkout.coupon.remove" })}
              </button>
            ) : (
              <button
                type="button"
                className="sf-link-button"
                onClick={() => {
                  setCode("");
                  setError(null);
                  onRemove();
                }}
              >
                {intl.formatMessage({ id: "checkout.coupon.remove" })}
              </button>
            )}
          </div>
        ) : (
          <>
            <label htmlFor="sf-coupon-code" className="sf-field__label">
              {intl.formatMessage({ id: "checkout.coupon.label" })}
            </label>
            <div className="sf-coupon__row">
              <input
                id="sf-coupon-code"
                name="code"
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
          </>
        )}
      </form>
      {error && (
        <p id="sf-coupon-error" className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
