// Form state for the auth and newsletter forms: values, one message per field, checked
// all at once on submit (focus then moves to the first field with a message) and again
// on every change of a field that already shows one, so the message leaves as soon as
// the input is right. Values are never cleared by a failed check.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { formatValidation } from "../../runtime/validation/format";
import type { ValidationMessage } from "../../runtime/validation/rules";

export type Errors<V> = Partial<Record<keyof V, ValidationMessage>>;

export interface FormState<V> {
  values: V;
  errors: Errors<V>;
  set<K extends keyof V>(field: K, value: V[K]): void;
  /** Checks every field; true when all pass. */
  validate(): boolean;
  formRef: RefObject<HTMLFormElement | null>;
  /** What ties an input to one field: `<TextField {...form.field("email")} />`. */
  field<K extends keyof V>(field: K): FieldBinding<V[K]>;
  /** The field's message in the page's language, or null. */
  message(field: keyof V): string | null;
}

export interface FieldBinding<T> {
  value: T;
  onValueChange(value: T): void;
  error: string | null;
}

/**
 * `initialErrors`: what the server said of a plain form post (no JavaScript) that came back,
 * shown until the field is changed, which checks it again as any message is.
 */
export function useForm<V extends object>(
  initial: V,
  check: (values: V) => Errors<V>,
  initialErrors: Errors<V> = {},
): FormState<V> {
  const intl = useIntl();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<V>>(initialErrors);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // The values of the first render: what the server rendered, and what the DOM is compared with.
  const initialRef = useRef(initial);

  // What a shopper typed before the form hydrated lives only in the DOM: take it over, so nothing is lost.
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const initial = initialRef.current;
    const typed: Partial<V> = {};
    for (const key of Object.keys(initial) as (keyof V & string)[]) {
      const field = form.elements.namedItem(key);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement))
        continue;
      const value = field instanceof HTMLInputElement && field.type === "checkbox" ? field.checked : field.value;
      if (value !== initial[key]) typed[key] = value as V[typeof key];
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(next)[field] }));
  };
  const message = (field: keyof V) => {
    const error = errors[field];
    return error ? formatValidation(intl, error) : null;
  };
  return {
    values,
    errors,
    formRef,
    set,
    message,
    field: (field) => ({ value: values[field], onValueChange: (value) => set(field, value), error: message(field) }),
    validate() {
      const found = check(values);
      setErrors(found);
      const ok = Object.values(found).every((message) => !message);
      if (!ok) setAttempt((n) => n + 1);
      return ok;
    },
  };
}
