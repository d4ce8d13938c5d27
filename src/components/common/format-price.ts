import type { IntlShape } from "react-intl";

/** Amounts in the store currency, in the page's locale. */
export function formatPrice(intl: IntlShape, amount: number, currency: string): string {
  return intl.formatNumber(amount, { style: "currency", currency });
}
