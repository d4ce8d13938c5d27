// A radio group of shipping or payment methods, with its required message; the radios are
// named as the checkout form posts them.
import { useIntl } from "react-intl";
import type { CheckoutShippingMethod } from "../../../generated/types";
import { formatPrice } from "../common/format-price";

export interface MethodChoiceProps {
  name: string;
  legendId: string;
  methods: readonly CheckoutShippingMethod[];
  value: string;
  currency: string;
  /** The message shown under the group, when the choice is missing. */
  error: string | null;
  onChange(id: string): void;
}

export function MethodChoice({ name, legendId, methods, value, currency, error, onChange }: MethodChoiceProps) {
  const intl = useIntl();
  const errorId = `sf-${name}-error`;
  return (
    <fieldset className="sf-methods" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="sf-checkout__subtitle">{intl.formatMessage({ id: legendId })}</legend>
      {methods.map((method) => (
        <label key={method.id} className="sf-methods__option">
          <input type="radio" name={name} value={method.id} checked={value === method.id} onChange={() => onChange(method.id)} />
          <span className="sf-methods__name">{method.name}</span>
          {method.days && (
            <span className="sf-methods__days">{intl.formatMessage({ id: "checkout.days" }, { days: method.days })}</span>
          )}
          {method.fee !== undefined && (
            <span className="sf-methods__fee">
              {method.fee === 0 ? intl.formatMessage({ id: "checkout.free" }) : formatPrice(intl, method.fee, currency)}
            </span>
          )}
          {method.freeOver !== undefined && (
            <span className="sf-methods__note">
              {intl.formatMessage({ id: "checkout.freeOver" }, { amount: formatPrice(intl, method.freeOver, currency) })}
            </span>
          )}
        </label>
      ))}
      {error && (
        <p id={errorId} className="sf-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

type Props = Omit<MethodChoiceProps, "name" | "legendId">;

export default function ShippingMethods(props: Props) {
  return <MethodChoice {...props} name="shippingMethod" legendId="checkout.shipping" />;
}
