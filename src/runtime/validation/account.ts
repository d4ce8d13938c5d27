// What a shop account is, as the sign-up request's schema states it: the shape of an email
// address and of a mobile number, and the password policy (its length, the same in every
// language). Sign-in and sign-up both ask through here, so neither restates a pattern or a
// length. When the schemas move these rules to a common schema, this stays as it is: it
// reads them through the generated validator, never through the schema's text.
import validateSignUp from "../../../generated/validators/api/auth/signup.request.js";
import { examples } from "../../../schemas/api/auth/signup.request.schema.json";
import { type FieldMessages, type LengthBounds, requestCheck } from "./request-check";
import type { ValidationMessage } from "./rules";

/** The sign-up request (schemas/api/auth/signup.request.schema.json). */
export const signUpCheck = requestCheck(validateSignUp, examples[0]);

/** An email address the shop takes (trimmed first, as the forms send it). */
export const isEmail = (value: string): boolean => signUpCheck.accepts("email", value.trim());

/** A mobile number the shop takes (trimmed first, as the forms send it). */
export const isMobile = (value: string): boolean => signUpCheck.accepts("mobile", value.trim());

/** The lengths a password may have. */
export const passwordBounds = (): LengthBounds => signUpCheck.bounds("password");

/** "Password must be {min} to {max} characters", the policy's own bounds whatever the request. */
export function passwordLength(): ValidationMessage {
  const { min = 0, max } = passwordBounds();
  return { id: "validation.password.length", values: max === undefined ? { min } : { min, max } };
}

/** What a form says of a password: required, or the policy's length. */
export const PASSWORD_MESSAGES: FieldMessages<never> = {
  required: { id: "validation.password.required" },
  length: passwordLength,
  get invalid() {
    return passwordLength();
  },
};

/** What a form says of the account field (an email address or a mobile number). */
export const ACCOUNT_MESSAGES = {
  required: { id: "validation.account.required" },
  invalid: { id: "validation.account.format" },
} as const satisfies Omit<FieldMessages, "field">;

/**
 * The message for a password as typed (spaces count; "" is left out, so "required"), or
 * null when the policy takes it.
 */
export function passwordMessage(value: string): ValidationMessage | null {
  return signUpCheck.message("password", value === "" ? undefined : value, PASSWORD_MESSAGES);
}
