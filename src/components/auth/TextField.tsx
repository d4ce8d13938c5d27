// A labelled input with its error and hints tied to it by aria-describedby. The error
// line is always in the page and polite-live, so a message that appears is announced.
import type { InputHTMLAttributes, ReactNode } from "react";
import { useIntl } from "react-intl";
import { formatValidation } from "../../runtime/validation/format";
import { limit } from "../../runtime/validation/rules";
import { useIslandId } from "../../shared/island-id";

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange" | "children" | "className"> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string | null;
  /** Shown under the input while it is valid (formats, what the field is for). */
  hint?: string;
  /** Beside the input, inside its box (the password's show/hide button). */
  addon?: ReactNode;
}

export function TextField({ label, value, onValueChange, error, hint, addon, maxLength, ...input }: TextFieldProps) {
  const intl = useIntl();
  const id = useIslandId();
  const limitReached = maxLength !== undefined ? limit(maxLength)(value) : null;
  const notes = [hint, limitReached && formatValidation(intl, limitReached)].filter((note): note is string => Boolean(note));
  const describedBy = [error ? `${id}-error` : null, notes.length > 0 ? `${id}-note` : null].filter(Boolean).join(" ");
  return (
    <div className="sf-field">
      <label className="sf-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="sf-field__box">
        <input
          {...input}
          id={id}
          className="sf-field__input"
          value={value}
          maxLength={maxLength}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {addon}
      </div>
      {notes.length > 0 && (
        <p id={`${id}-note`} className="sf-field__note">
          {notes.join(" ")}
        </p>
      )}
      <p id={`${id}-error`} className="sf-field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}
