// The address form: every field labelled, errors shown under their field and announced,
// the first wrong field focused; what was typed is kept whatever fails.
import { type FormEvent, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatValidation } from "../../runtime/validation/format";
import {
  ADDRESS_FIELDS,
  ADDRESS_MAX,
  type AddressErrors,
  type AddressField,
  type AddressValues,
  validateAddress,
} from "./address-rules";

const OPTIONAL: ReadonlySet<AddressField> = new Set(["province", "area", "postalCode", "apartment"]);
const AUTOCOMPLETE: Record<AddressField, string> = {
  country: "country-name",
  province: "address-level1",
  city: "address-level2",
  area: "address-level3",
  postalCode: "postal-code",
  firstName: "given-name",
  lastName: "family-name",
  address: "address-line1",
  apartment: "address-line2",
  countryCode: "tel-country-code",
  phone: "tel-national",
};

interface Props {
  idPrefix: string;
  initial: AddressValues;
  saving: boolean;
  /** A failure of the save call, shown above the buttons. */
  error: string | null;
  onSubmit(values: AddressValues): void;
  onCancel(): void;
}

export default function AddressForm({ idPrefix, initial, saving, error, onSubmit, onCancel }: Props) {
  const intl = useIntl();
  const [values, setValues] = useState<AddressValues>(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const form = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateAddress(values);
    setErrors(found);
    const first = ADDRESS_FIELDS.find((f) => found[f]);
    if (first) {
      form.current?.querySelector<HTMLInputElement>(`#${idPrefix}-${first}`)?.focus();
      return;
    }
    onSubmit(values);
  }

  return (
    <form ref={form} className="sf-address-form" noValidate onSubmit={submit}>
      <div className="sf-address-form__grid">
        {ADDRESS_FIELDS.map((field) => {
          const id = `${idPrefix}-${field}`;
          const problem = errors[field];
          return (
            <div key={field} className={`sf-field sf-field--${field}`}>
              <label htmlFor={id} className="sf-field__label">
                {intl.formatMessage({ id: `address.${field}` })}
                {OPTIONAL.has(field) && (
                  <span className="sf-field__optional"> {intl.formatMessage({ id: "address.optional" })}</span>
                )}
              </label>
              <input
                id={id}
                name={field}
                className="sf-input"
                type={field === "phone" || field === "countryCode" ? "tel" : "text"}
                autoComplete={AUTOCOMPLETE[field]}
                maxLength={ADDRESS_MAX[field]}
                required={!OPTIONAL.has(field)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
                value={values[field]}
                onChange={(event) => {
                  const value = event.target.value;
                  setValues((current) => ({ ...current, [field]: value }));
                }}
              />
              {problem && (
                <p id={`${id}-error`} className="sf-field__error">
                  {formatValidation(intl, problem)}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="sf-form-error">
          {error}
        </p>
      )}
      <div className="sf-address-form__actions">
        <button type="button" className="sf-button sf-button--secondary" onClick={onCancel}>
          {intl.formatMessage({ id: "address.cancel" })}
        </button>
        <button type="submit" className="sf-button" disabled={saving}>
          {intl.formatMessage({ id: saving ? "address.saving" : "address.save" })}
        </button>
      </div>
    </form>
  );
}
