// The saved addresses to choose from, with buttons to add a new one or edit one.
import { useIntl } from "react-intl";
import type { Address } from "../../../generated/types";
import { countryName } from "../../shared/countries";

interface Props {
  addresses: readonly Address[];
  value: number | null;
  error: string | null;
  onChange(id: number): void;
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

export default function AddressPicker({ addresses, value, error, onChange, onAdd, onEdit }: Props) {
  const intl = useIntl();
  return (
    <fieldset className="sf-addresses" aria-describedby={error ? "sf-address-error" : undefined}>
      <legend className="sf-checkout__subtitle">{intl.formatMessage({ id: "checkout.address" })}</legend>
      {addresses.length === 0 && <p className="sf-addresses__none">{intl.formatMessage({ id: "checkout.address.none" })}</p>}
      {addresses.map((address) => {
        const [name, ...rest] = addressLines(address, intl.locale);
        return (
          <div key={address.id} className="sf-addresses__option">
            <label className="sf-addresses__label">
              <input type="radio" name="address" checked={value === address.id} onChange={() => onChange(address.id)} />
              <span>
                <strong>{name}</strong>
                {rest.map(
                  (line, i) =>
                    line && (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the fixed lines of one address (street, city, phone): a static list in a fixed order, and two may be equal.
                      <span key={i} className="sf-addresses__line">
                        {line}
                      </span>
                    ),
                )}
              </span>
            </label>
            <button type="button" className="sf-link-button" onClick={() => onEdit(address)}>
              {intl.formatMessage({ id: "checkout.address.edit" })}
              <span className="sf-visually-hidden"> {name}</span>
            </button>
          </div>
        );
      })}
      {error && (
        <p id="sf-address-error" className="sf-field__error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="sf-button sf-button--secondary" onClick={onAdd}>
        {intl.formatMessage({ id: "checkout.address.add" })}
      </button>
    </fieldset>
  );
}
