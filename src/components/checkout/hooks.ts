// Small hooks the checkout, cart page and order pages share.
import { useEffect, useState } from "react";
import type { IntlShape } from "react-intl";
import { ApiError } from "../../runtime/api/client";

/**
 * False on the server and in the first (hydrating) render, true after: pages that depend
 * on the stored token show their skeleton until then, so hydration matches the server.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** What a failed call tells the shopper, in their language. */
export function failureMessage(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    return "text" in error.text ? error.text.text : intl.formatMessage({ id: error.text.id }, error.text.values);
  }
  return intl.formatMessage({ id: "checkout.error.generic" });
}

/** Amounts in the store currency, in the page's locale. */
export function formatPrice(intl: IntlShape, amount: number, currency: string): string {
  return intl.formatNumber(amount, { style: "currency", currency });
}
