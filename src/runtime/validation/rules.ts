// The shop's shared input rules (SPEC.md §5, DESIGN.md "Decisions"). Each rule returns
// null when the value passes, or a message descriptor (a key of src/locales/*.json and its
// values) that the form shows in the visitor's language.

/** A message to show: its locale key and the values of its placeholders. */
export interface ValidationMessage {
  id: string;
  /** A value may itself be a message (a field's label), formatted first. */
  values?: Record<string, string | number | ValidationMessage>;
}

export type Rule<T = string> = (value: T) => ValidationMessage | null;

/** Password length: the same in every language (DESIGN.md). */
export const PASSWORD_LENGTH = { min: 6, max: 128 } as const;
/** Optional +, first digit 1-9, 2 to 15 digits in all. */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;
/** Word-or-hyphen parts joined by dots, @, then a domain with at least one dot. */
export const EMAIL_PATTERN = /^[\w-]+(?:\.[\w-]+)*@[\w-]+(?:\.[\w-]+)+$/;
/** RFC 5321's limit on a whole address. */
const EMAIL_MAX = 254;

const message = (id: string, values?: ValidationMessage["values"]): ValidationMessage => (values ? { id, values } : { id });

function blank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === "";
}

/** Characters as the visitor counts them (an emoji is one), not UTF-16 units. */
export function lengthOf(value: string): number {
  return Array.from(value).length;
}

export function isEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed.length <= EMAIL_MAX && EMAIL_PATTERN.test(trimmed);
}

export function isPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.trim());
}

/** '{field} is required'. */
export const required = (field: string | ValidationMessage): Rule<string | null | undefined> => (value) =>
  blank(value) ? message("validation.required", { field }) : null;

/** 'Please select {field}', for choices. */
export const select = (field: string | ValidationMessage): Rule<string | null | undefined> => (value) =>
  blank(value) ? message("validation.select", { field }) : null;

/** 'Please enter {field}', for text inputs. */
export const enter = (field: string | ValidationMessage): Rule<string | null | undefined> => (value) =>
  blank(value) ? message("validation.enter", { field }) : null;

/** Sign-in account: an email address or a mobile number. */
export const account: Rule<string | null | undefined> = (value) => {
  if (blank(value)) return message("validation.account.required");
  return isEmail(value!) || isPhone(value!) ? null : message("validation.account.format");
};

export const email: Rule<string | null | undefined> = (value) => {
  if (blank(value)) return message("validation.email.required");
  return isEmail(value!) ? null : message("validation.email.format");
};

export const phone: Rule<string | null | undefined> = (value) => {
  if (blank(value)) return message("validation.phone.required");
  return isPhone(value!) ? null : message("validation.phone.format");
};

/** Spaces count: a password is taken exactly as typed. */
export const password: Rule<string | null | undefined> = (value) => {
  if (value === null || value === undefined || value === "") return message("validation.password.required");
  const length = lengthOf(value);
  return length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max
    ? message("validation.password.length", { ...PASSWORD_LENGTH })
    : null;
};

export const verificationCode: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.code.required") : null;

export const countryCode: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.countryCode.required") : null;

export const firstName: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.firstName.required") : null;

export const lastName: Rule<string | null | undefined> = (value) =>
  blank(value) ? message("validation.lastName.required") : null;

/** A birthday as an <input type=date> gives it (YYYY-MM-DD): a real date, not after today. */
export const birthday = (today: () => Date): Rule<string | null | undefined> => (value) => {
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
export const limit = (max: number): Rule<string | null | undefined> => (value) =>
  value && lengthOf(value) >= max ? message("validation.limit", { max }) : null;

/** The privacy policy and terms of service must be accepted first. */
export const agreeTerms: Rule<boolean | null | undefined> = (agreed) => (agreed === true ? null : message("validation.agreeTerms"));

/** A shipping method must be chosen among those offered. */
export const shippingMethod = (available: readonly string[]): Rule<string | null | undefined> => (value) =>
  !blank(value) && available.includes(value!) ? null : message("validation.shippingMethod");

/** The first failing rule's message, or null when every rule passes. */
export function check<T>(value: T, ...rules: ReadonlyArray<Rule<T>>): ValidationMessage | null {
  for (const rule of rules) {
    const result = rule(value);
    if (result) return result;
  }
  return null;
}
