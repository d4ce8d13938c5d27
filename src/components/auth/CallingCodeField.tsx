// The country calling code a mobile number needs (sign-up, forgotten password, code
// sign-in): one place for its label, hint, keyboard and autocomplete.
import { useIntl } from "react-intl";
import { TextField } from "./TextField";

export interface CallingCodeFieldProps {
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  /** The most characters the form's request takes (from its schema). */
  maxLength?: number | undefined;
}

export function CallingCodeField({ value, onValueChange, error, maxLength }: CallingCodeFieldProps) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: "auth.countryCode.label" })}
      hint={intl.formatMessage({ id: "auth.countryCode.hint" })}
      name="countryCode"
      type="text"
      inputMode="tel"
      autoComplete="tel-country-code"
      required
      maxLength={maxLength}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
