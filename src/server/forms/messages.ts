// The message ids a form post's flash carries (never the API's English words): a field's
// message as the island's own check words it, and the failure of a call that a handler has
// no words of its own for (the refusal's reason, being limited or busy, the refusal's own
// message when it needs no values, else "try again").
import type { ValidationMessage } from "../../runtime/validation/rules";
import type { CallFailure } from "./run-call";

export function failureId(failure: CallFailure): string {
  if (failure.reason) return failure.reason.id;
  if (failure.status === 429) return "form.limited";
  if (failure.status === 503) return "form.busy";
  // A flash carries ids only, and a malformed body is the form's fault, not the shopper's.
  if (failure.id && !failure.values && failure.id !== "refusal.malformed") return failure.id;
  return "form.failed";
}

/** Field -> message id of the messages a form's check found; the island fills in their values (bounds) itself. */
export function errorIds(errors: Partial<Record<string, ValidationMessage | null>>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, message]) => (message ? [[field, message.id]] : [])));
}
