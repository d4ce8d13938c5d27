// The address form, shared by the checkout's address modal and the address book: every field
// labelled, errors shown under their field and announced, the first wrong field focused; what
// was typed is kept whatever fails. Its fields (AddressFields) also stand in the checkout's
// plain form, for a new address posted with the order. Country and calling code are chosen from the table the
// server checks (src/shared/countries.ts), countries named in the page's language; choosing a
// country picks its calling code, which the shopper may still change.
import { type FormEvent, useMemo, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatValidation } from "../../runtime/validation/format";
import { CALLING_CODES, callingCodeOf, countryOptions, DISTINCT_CALLING_CODES } from "../../shared/countries";
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
  country: "country",
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

/** Each calling code with the countries that dial it (the first two), in the page's language. */
function callingCodeOptions(countries: [string, string][]): [string, string][] {
  const names = new Map(countries);
  return DISTINCT_CALLING_CODES.map((code) => {
    const users = Object.keys(CALLING_CODES)
      .filter((country) => CALLING_CODES[country] === code)
      .map((country) => names.get(country) ?? country)
      .sort();
    return [code, `${code} ${users.slice(0, 2).join(", ")}${users.length > 2 ? ", …" : ""}`];
  });
}

interface FieldsProps {
  idPrefix: string;
  values: AddressValues;
  /** Each field's message, in words. */
  errors: Partial<Record<AddressField, string>>;
  onChange(field: AddressField, value: string): void;
}

/** The address's labelled fields, named as the save request names them. */
export function AddressFields({ idPrefix, values, errors, onChange }: FieldsProps) {
  const intl = useIntl();
  const countries = useMemo(() => countryOptions(intl.locale), [intl.locale]);
  const callingCodes = useMemo(() => callingCodeOptions(countries), [countries]);
  return (
    <div className="sf-address-form__grid">
      {ADDRESS_FIELDS.map((field) => {
        const id = `${idPrefix}-${field}`;
        const problem = errors[field];
        const common = {
          id,
          name: field,
          autoComplete: AUTOCOMPLETE[field],
          required: !OPTIONAL.has(field),
          "aria-invalid": problem ? true : undefined,
          "aria-describedby": problem ? `${id}-error` : undefined,
          value: values[field],
        };
        const options = field === "country" ? countries : field === "countryCode" ? callingCodes : null;
        return (
          <div key={field} className={`sf-field sf-field--${field}`}>
            <label htmlFor={id} className="sf-field__label">
              {intl.formatMessage({ id: `address.${field}` })}
              {OPTIONAL.has(field) && (
                <span className="sf-field__optional"> {intl.formatMessage({ id: "address.optional" })}</span>
              )}
            </label>
            {options ? (
              <select {...common} className="sf-input sf-select" onChange={(event) => onChange(field, event.target.value)}>
                <option value="">{intl.formatMessage({ id: "address.form.choose" })}</option>
                {options.map(([value, text]) => (
                  // Country names come from Intl.DisplayNames, whose data the server's and the browser's ICU may word differently.
                  <option key={value} value={value} suppressHydrationWarning>
                    {text}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                className="sf-input"
                // A text field: HTML allows tel-national's autofill only there; the keypad still shows digits.
                type="text"
                inputMode={field === "phone" ? "tel" : undefined}
                maxLength={ADDRESS_MAX[field]}
                onChange={(event) => onChange(field, event.target.value)}
              />
            )}
            {problem && (
              <p id={`${id}-error`} className="sf-field__error">
                {problem}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Choosing a country picks its calling code: the values after `field` changed to `value`. */
export function changedAddress(values: AddressValues, field: AddressField, value: string): AddressValues {
  const picksCode = field === "country" && callingCodeOf(value) !== "";
  return { ...values, [field]: value, ...(picksCode ? { countryCode: callingCodeOf(value) } : {}) };
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
      form.current?.querySelector<HTMLElement>(`#${idPrefix}-${first}`)?.focus();
      return;
    }
    onSubmit(values);
  }

  function change(field: AddressField, value: string) {
    const picksCode = field === "country" && callingCodeOf(value) !== "";
    setValues((current) => changedAddress(current, field, value));
    // A message about what was just changed is out of date; the next submit checks again.
    const stale = (key: string) => key === field || (picksCode && key === "countryCode");
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !stale(key))) as AddressErrors);
  }

  const texts = Object.fromEntries(
    Object.entries(errors).map(([field, problem]) => [field, formatValidation(intl, problem)]),
  ) as Partial<Record<AddressField, string>>;
  return (
    <form ref={form} className="sf-address-form" method="post" noValidate onSubmit={submit}>
      <AddressFields idPrefix={idPrefix} values={values} errors={texts} onChange={change} />
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
