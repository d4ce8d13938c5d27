// The footer's newsletter sign-up as a plain post: newsletter/subscribe (limited per visitor
// and address like the island's call), then back to the page, which thanks the shopper.
import { checkNewsletter, subscribeBody } from "../../components/layout/newsletter-check";
import { errorIds, failureId } from "./messages";
import { defineForm, type FormOutcome } from "./register";

const newsletter = defineForm("newsletter", async (ctx): Promise<FormOutcome> => {
  const values = { email: ctx.fields.get("email") ?? "" };
  const kept = { email: values.email.slice(0, 300) };
  const errors = errorIds(checkNewsletter(values));
  if (Object.keys(errors).length > 0) return { back: ctx.back, state: { values: kept, errors } };
  const outcome = await ctx.run("newsletter/subscribe", subscribeBody(values));
  if (outcome.ok) return { redirect: ctx.back, notice: "newsletter.done" };
  return { back: ctx.back, state: { values: kept, errors: {}, failure: failureId(outcome.failure) } };
});

export const newsletterForms = [newsletter];
