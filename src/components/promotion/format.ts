// What promotions and coupons write about themselves: their dates (UTC calendar days, the
// same on the server and in every browser, so hydration matches) and a coupon's value and
// minimum spend.
import type { IntlShape } from "react-intl";
import type { CouponSummary } from "../../../generated/types";
import { formatPrice } from "../common/format-price";

/** A store date (YYYY-MM-DD, a UTC day) in the page's language. */
export function formatDay(intl: IntlShape, day: string): string {
  return intl.formatDate(Date.parse(`${day}T00:00:00Z`), { dateStyle: "long", timeZone: "UTC" });
}

/** What the coupon takes off: "10% off", "$15.00 off", "Free shipping". */
export function couponValue(intl: IntlShape, coupon: Pick<CouponSummary, "type" | "value">, currency: string): string {
  if (coupon.type === "shipping") return intl.formatMessage({ id: "coupon.value.shipping" });
  if (coupon.type === "fixed") {
    return intl.formatMessage({ id: "coupon.value.fixed" }, { amount: formatPrice(intl, coupon.value, currency) });
  }
  return intl.formatMessage({ id: "coupon.value.percent" }, { value: coupon.value });
}

/** The minimum spend: none, of the whole order, or of the products it applies to. */
export function couponMinimum(
  intl: IntlShape,
  coupon: Pick<CouponSummary, "minAmount" | "restricted">,
  currency: string,
): string {
  if (coupon.minAmount <= 0) return intl.formatMessage({ id: "coupon.minimum.none" });
  return intl.formatMessage(
    { id: coupon.restricted ? "coupon.minimum.products" : "coupon.minimum.all" },
    { amount: formatPrice(intl, coupon.minAmount, currency) },
  );
}
