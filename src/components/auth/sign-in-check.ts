// The sign-in form's rules, shared by the island (checked as the shopper types) and the
// plain form post (src/server/forms/auth-forms.ts), so both refuse the same input with the
// same messages: the request schema's, and that the account is an email address or a mobile number.
import validateSignIn from "../../../generated/validators/api/auth/signin.request.js";
import { examples } from "../../../schemas/api/auth/signin.request.schema.json";
import { ACCOUNT_MESSAGES, isEmail, isMobile, PASSWORD_MESSAGES, passwordMessage } from "../../runtime/validation/account";
import { requestCheck } from "../../runtime/validation/request-check";
import { account, check } from "../../runtime/validation/rules";
import type { Errors } from "./use-form";

export interface SignInValues {
  account: string;
  password: string;
}

/** The sign-in request (schemas/api/auth/signin.request.schema.json). */
export const signInCheck = requestCheck(validateSignIn, examples[0]);
const accountShape = account(isEmail, isMobile);

/** What the form sends: the account trimmed, the password as typed; a blank field left out. */
export function signInBody(values: SignInValues): { account?: string; password?: string } {
  const who = values.account.trim();
  return { ...(who ? { account: who } : {}), ...(values.password ? { password: values.password } : {}) };
}

export function checkSignIn(values: SignInValues): Errors<SignInValues> {
  const body = signInBody(values);
  const schema = signInCheck.messages(body, { account: ACCOUNT_MESSAGES, password: PASSWORD_MESSAGES });
  return {
    // The schema takes any account of the right length; that it is an email address or a mobile number is the form's rule.
    account: schema.account ?? check(values.account, accountShape) ?? undefined,
    // The account's password policy first, so a short password says what the policy is.
    password: passwordMessage(values.password) ?? schema.password,
  };
}
