// The sign-up form's rules, shared by the island (checked as the shopper types) and the
// plain form post (src/server/forms/auth-forms.ts), so both refuse the same input with the
// same messages: the request schema's, and what it cannot say (a mobile number's calling
// code, names that are not blank).
import { ACCOUNT_MESSAGES, PASSWORD_MESSAGES, signUpCheck } from "../../runtime/validation/account";
import type { FieldMessages } from "../../runtime/validation/request-check";
import { accountGiven, check, countryCode, firstName, lastName, type ValidationMessage } from "../../runtime/validation/rules";
import { isMobileAccount } from "./AccountField";
import type { Errors } from "./use-form";

export interface SignUpValues {
  account: string;
  countryCode: string;
  password: string;
  firstName: string;
  lastName: string;
  agree: boolean;
}

/**
 * A name: blank is the form's "required" (the schema takes an empty name); longer than the
 * schema allows says the limit (the input stops there, so only a value typed before the
 * form hydrated gets this).
 */
const name = (required: ValidationMessage): FieldMessages<never> => ({
  required,
  length: ({ max }, rule) => (rule === "maxLength" && max !== undefined ? { id: "validation.limit", values: { max } } : required),
  invalid: required,
});
const agreeTerms: ValidationMessage = { id: "validation.agreeTerms" };

/** Each field of the request and what the form says when the schema refuses it. */
const FIELDS: Record<string, FieldMessages<keyof SignUpValues & string>> = {
  email: { field: "account", ...ACCOUNT_MESSAGES },
  mobile: { field: "account", ...ACCOUNT_MESSAGES },
  countryCode: { required: { id: "validation.countryCode.required" }, invalid: { id: "auth.countryCode.format" } },
  password: PASSWORD_MESSAGES,
  firstName: name({ id: "validation.firstName.required" }),
  lastName: name({ id: "validation.lastName.required" }),
  agree: { required: agreeTerms, invalid: agreeTerms },
};

/**
 * The request the form sends: the account as an email address or, when it looks like a
 * phone number, a mobile number with its calling code; names trimmed; the password as
 * typed. A blank field is left out, so the schema says "required" where it requires it.
 */
export function signUpBody(values: SignUpValues): Record<string, unknown> {
  const who = values.account.trim();
  const text = (field: "countryCode" | "firstName" | "lastName") =>
    values[field].trim() ? { [field]: values[field].trim() } : {};
  return {
    ...(who ? (isMobileAccount(who) ? { mobile: who, ...text("countryCode") } : { email: who }) : {}),
    ...(values.password ? { password: values.password } : {}),
    ...text("firstName"),
    ...text("lastName"),
    agree: values.agree,
  };
}

export function checkSignUp(values: SignUpValues): Errors<SignUpValues> {
  const schema = signUpCheck.messages(signUpBody(values), FIELDS);
  // What the schema cannot say: an account is given, and a mobile number's calling code and the names are not blank.
  const mobile = isMobileAccount(values.account);
  return {
    account: check(values.account, accountGiven) ?? schema.account,
    countryCode: mobile ? (check(values.countryCode, countryCode) ?? schema.countryCode) : undefined,
    password: schema.password,
    firstName: check(values.firstName, firstName) ?? schema.firstName,
    lastName: check(values.lastName, lastName) ?? schema.lastName,
    agree: schema.agree,
  };
}
