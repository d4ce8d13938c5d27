// The "email or mobile" field that sign-in and sign-up share: one place for its
// autocomplete, keyboard and length (254, the longest address email allows).
import { useIntl } from "react-intl";
import { TextField } from "./TextField";

export interface AccountFieldProps {
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  hint?: string;
}

export function AccountField({ value, onValueChange, error, hint }: AccountFieldProps) {
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
      maxLength={254}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
