// A password field with a show/hide toggle. The toggle is one button whose name stays
// "Show password" while aria-pressed says whether the password is shown, so a screen
// reader hears a single control with a state rather than a label that changes under it;
// the eye icon is struck through while the password is readable.
import { useState } from "react";
import { useIntl } from "react-intl";
import { Icon } from "../common/Icon";
import { TextField, type TextFieldProps } from "./TextField";

export type PasswordInputProps = Omit<TextFieldProps, "type" | "addon" | "maxLength"> & {
  /** The most characters the form's request takes (from its schema). */
  maxLength: number | undefined;
};

export function PasswordInput(props: PasswordInputProps) {
  const intl = useIntl();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      autoCapitalize="off"
      spellCheck={false}
      addon={
        <button
          type="button"
          className="sf-field__toggle"
          aria-pressed={shown}
          aria-label={intl.formatMessage({ id: "auth.password.show" })}
          onClick={() => setShown((value) => !value)}
        >
          <Icon>
            <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M3 3l18 18" />}
          </Icon>
        </button>
      }
    />
  );
}
