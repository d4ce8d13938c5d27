// The "email or mobile" field that sign-in and sign-up share: one place for its
// autocomplete and keyboard. Its length is the request schema's, given by the form.
import { useIntl } from "react-intl";
import { TextField } from "./TextField";

/** Anything without "@" that starts like a phone number is taken as a mobile number. */
export function isMobileAccount(value: string): boolean {
  return !value.includes("@") && /^\+?\d/.test(value.trim());
}

export interface AccountFieldProps {
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  hint?: string;
  /** The most characters the form's request takes (from its schema); no limit when absent. */
  maxLength?: number | undefined;
}

export function AccountField({ value, onValueChange, error, hint, maxLength }: AccountFieldProps) {
  const intl = useIntl();
  return (
    <TextField
      label={intl.formatMessage({ id: "auth.account.label" })}
      {...(hint ? { hint } : {})}
      name="account"
      type="text"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="off"
      spellCheck={false}
      required
      maxLength={maxLength}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
