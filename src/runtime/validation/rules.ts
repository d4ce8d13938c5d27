// The shop's input rules that no request schema can state (SPEC.md §5): a blank field (after
// trimming) that a form asks for, an account that is an email address OR a mobile number, a
// birthday not after today, the input-limit note, a shipping method among those offered.
// Patterns, lengths and what a request requires are the schemas' own, checked through their
// generated validators by request-check.ts. Each rule returns null when the value passes, or
// a message descriptor (a key of src/locales/*.json and its values) that the form shows in
// the visitor's language.

/** A message to show: its locale key and the values of its placeholders. */
export interface ValidationMessage {
  id: string;
  /** A value may itself be a message (a field's label), formatted first. */
  values?: Record<string, string | number | ValidationMessage>;
}

export type Rule<T = string> = (value: T) => ValidationMessage | null;

const message = (id: string, values?: ValidationMessage["values"]): ValidationMessage => (values ? { id, values } : { id });

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** Characters as the visitor counts them (an emoji is one), not UTF-16 units. */
export function lengthOf(value: string): number {
  return Array.from(value).length;
}

/** '{field} is required'. */
export const required =
  (field: string | ValidationMessage): Rule<string | null | undefined> =>
  (value) =>
    blank(value) ? message("validation.required", { field }) : null;

/** 'Please select {field}', for choices. */
export const select =
  (field: string | ValidationMessage): Rule<string | null | undefined> =>
  (value) =>
    blank(value) ? message("validation.select", { field }) : null;

/** 'Please enter {field}', for text inputs. */
export const enter =
  (field: string | ValidationMessage): Rule<string | null | undefined> =>
  (value) =>
    blank(value) ? message("validation.enter", { field }) : null;

/**
 * Sign-in account: blank is "required"; otherwise one of the shapes an account may have
 * (an email address, a mobile number) must take it. No request schema can say "either": the
 * shapes themselves come from the schemas (src/runtime/validation/account.ts).
 */
export const account =
  (...shapes: ReadonlyArray<(value: string) => boolean>): Rule<string | null | undefined> =>
  (value) => {
    if (blank(value)) return message("validation.account.required");
    const trimmed = value!.trim();
    return shapes.some((shape) => shape(trimmed)) ? null : message("validation.account.format");
  };

/** A sign-up account left blank: which shape it has is the request schema's to check. */
export const accountGiven: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.account.required") : null;

export const verificationCode: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.code.required") : null;

export const countryCode: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.countryCode.required") : null;

export const firstName: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.firstName.required") : null;

export const lastName: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.lastName.required") : null;

/** A birthday as an <input type=date> gives it (YYYY-MM-DD): a real date, not after today. */
export const birthday =
  (today: () => Date): Rule<string | null | undefined> =>
  (value) => {
    if (blank(value)) return message("validation.birthday.required");
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value!.trim());
    if (!match) return message("validation.birthday.invalid");
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
    const now = today();
    const todayUtc = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    return real && year >= 1900 && date.getTime() <= todayUtc ? null : message("validation.birthday.invalid");
  };

/** Shown once an input holds as many characters as it may. */
export const limit =
  (max: number): Rule<string | null | undefined> =>
  (value) =>
    value && lengthOf(value) >= max ? message("validation.limit", { max }) : null;

/** A shipping method must be chosen among those offered. */
export const shippingMethod =
  (available: readonly string[]): Rule<string | null | undefined> =>
  (value) =>
    !blank(value) && available.includes(value!) ? null : message("validation.shippingMethod");

/** The first failing rule's message, or null when every rule passes. */
export function check<T>(value: T, ...rules: ReadonlyArray<Rule<T>>): ValidationMessage | null {
  for (const rule of rules) {
    const result = rule(value);
    if (result) return result;
  }
  return null;
}
