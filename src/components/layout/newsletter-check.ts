// The newsletter form's rules, shared by the island and the plain form post
// (src/server/forms/newsletter-form.ts): the subscribe request's schema, with the form's words.
import validateSubscribe from "../../../generated/validators/api/newsletter/subscribe.request.js";
import { examples } from "../../../schemas/api/newsletter/subscribe.request.schema.json";
import { requestCheck } from "../../runtime/validation/request-check";
import type { Errors } from "../auth/use-form";

export interface NewsletterValues {
  email: string;
}

/** The subscribe request (schemas/api/newsletter/subscribe.request.schema.json). */
export const subscribeCheck = requestCheck(validateSubscribe, examples[0]);
const EMAIL_MESSAGES = { required: { id: "validation.email.required" }, invalid: { id: "validation.email.format" } };

/** What the form sends: the address trimmed, left out when blank (so the schema says "required"). */
export const subscribeBody = (values: NewsletterValues) => (values.email.trim() ? { email: values.email.trim() } : {});

export const checkNewsletter = (values: NewsletterValues): Errors<NewsletterValues> =>
  subscribeCheck.messages(subscribeBody(values), { email: EMAIL_MESSAGES });
