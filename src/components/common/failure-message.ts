// What a failed call tells the shopper inline, in their language: the server's own words
// when it sent any (SPEC.md §8), else the message the api client chose, else a fallback.
import type { IntlShape } from "react-intl";
import { ApiError } from "../../runtime/api/client";

/**
 * `fallbackId`: the message for a failure that is not an api error (a bug, a throw in the
 * code); the checkout, cart and order pages ask for "checkout.error.generic".
 */
export function failureMessage(intl: IntlShape, error: unknown, fallbackId = "api.unknown"): string {
  if (error instanceof ApiError) {
    return "text" in error.text ? error.text.text : intl.formatMessage({ id: error.text.id }, error.text.values);
  }
  return intl.formatMessage({ id: fallbackId });
}
