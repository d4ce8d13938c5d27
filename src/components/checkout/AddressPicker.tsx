// The saved addresses to choose from (radios named addressId, as the checkout form posts
// them). Once the island runs, buttons add a new address or edit one in a dialog; before (or
// without) script, a "new address" choice with the address fields inline takes their place,
// posted with the order.
import { useIntl } from "react-intl";
import type { Address } from "../../../generated/types";
import { countryName } from "../../shared/countries";
import { AddressFields } from "./AddressForm";
import type { AddressField, AddressValues } from "./address-rules";

/** The addressId value of the plain form's "new address" choice. */
export const NEW_ADDRESS = "new";

/** The new address typed into the plain form, its messages, and how it changes. */
export interface NewAddress {
  values: AddressValues;
  errors: Partial<Record<AddressField, string>>;
  onChange(field: AddressField, value: string): void;
}

interface Props {
  addresses: readonly Address[];
  /** A saved address's id, NEW_ADDRESS, or null. */
  value: number | typeof NEW_ADDRESS | null;
  error: string | null;
  onChange(id: number | typeof NEW_ADDRESS): void;
  /** Present while the island has not run: the inline new address replaces the dialog's buttons. */
  plain: NewAddress | null;
  onAdd(): void;
  onEdit(address: Address): void;
}

/** An address as lines (name, street, place, phone), its country named in `locale`. */
export function addressLines(address: Address, locale: string): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    [address.address, address.apartment].filter(Boolean).join(", "),
    [address.area, address.city, address.province, address.postalCode, countryName(locale, address.country)]
      .filter(Boolean)
      .join(", "),
    `${address.countryCode} ${address.phone}`,
  ];
}

export default function AddressPicker({ addresses, value, error, onChange, plain, onAdd, onEdit }: Props) {
  const intl = useIntl();
  return (
    <fieldset
      className="sf-addresses"
      aria-describedby={error ? "sf-address-error" : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="sf-checkout__subtitle">{intl.formatMessage({ id: "checkout.address" })}</legend>
      {addresses.length === 0 && !plain && (
        <p className="sf-addresses__none">{intl.formatMessage({ id: "checkout.address.none" })}</p>
      )}
      {addresses.map((address) => {
        const [name, ...rest] = addressLines(address, intl.locale);
        return (
          <div key={address.id} className="sf-addresses__option">
            <label className="sf-addresses__label">
              <input
                type="radio"
                name="addressId"
                value={address.id}
                checked={value === address.id}
                onChange={() => onChange(address.id)}
              />
              <span>
                <strong>{name}</strong>
                {rest.map(
                  (line, i) =>
                    line && (
                      // The country's name comes from Intl.DisplayNames, which the server's and the browser's ICU may word differently.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the fixed lines of one address (street, city, phone): a static list in a fixed order, and two may be equal.
                      <span key={i} className="sf-addresses__line" suppressHydrationWarning>
                        {line}
                      </span>
                    ),
                )}
              </span>
            </label>
            {!plain && (
              <button type="button" className="sf-link-button" onClick={() => onEdit(address)}>
                {intl.formatMessage({ id: "checkout.address.edit" })}
                <span className="sf-visually-hidden"> {name}</span>
              </button>
            )}
          </div>
        );
      })}
      {plain &&
        (addresses.length > 0 ? (
          <div className="sf-addresses__option sf-addresses__new">
            <label className="sf-addresses__label">
              <input
                type="radio"
                name="addressId"
                value={NEW_ADDRESS}
                checked={value === NEW_ADDRESS}
                onChange={() => onChange(NEW_ADDRESS)}
              />
              <span>{intl.formatMessage({ id: "checkout.address.new" })}</span>
            </label>
          </div>
        ) : (
          <input type="hidden" name="addressId" value={NEW_ADDRESS} />
        ))}
      {plain && <AddressFields idPrefix="sf-checkout-address" {...plain} />}
      {error && (
        <p id="sf-address-error" className="sf-field__error" role="alert">
          {error}
        </p>
      )}
      {!plain && (
        <button type="button" className="sf-button sf-button--secondary" onClick={onAdd}>
          {intl.formatMessage({ id: "checkout.address.add" })}
        </button>
      )}
    </fieldset>
  );
}
