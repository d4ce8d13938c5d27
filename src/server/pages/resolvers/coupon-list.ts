// The list of coupons: those valid now, then those not started yet (soonest first). Expired
// coupons are left out: there is nothing to do with one, and its page still says it expired.
import type { CouponSummary } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { type Coupon, couponWindow, isRestricted } from "../../coupons";
import type { ResolveContext, Resolver } from "./context";

export function couponSummary(ctx: ResolveContext, coupon: Coupon): CouponSummary {
  return {
    slug: coupon.slug,
    href: ctx.links.to(`/coupon/${coupon.slug}`),
    code: coupon.code,
    title: coupon.title,
    type: coupon.type,
    value: coupon.type === "shipping" ? 0 : coupon.value,
    minAmount: coupon.minAmount ?? 0,
    ...(coupon.startsAt ? { startsAt: coupon.startsAt } : {}),
    expiresAt: coupon.expiresAt,
    state: couponWindow(coupon, ctx.now),
    restricted: isRestricted(coupon),
  };
}

export const resolvers = {
  "coupon-list": (ctx) => {
    const coupons = ctx.store.coupons
      .map((c) => couponSummary(ctx, c))
      .filter((c) => c.state !== "expired")
      // Array.prototype.sort is stable: valid ones keep the store's order.
      .sort((a, b) => {
        if (a.state !== b.state) return a.state === "valid" ? -1 : 1;
        return a.state === "upcoming" ? (a.startsAt ?? "").localeCompare(b.startsAt ?? "") : 0;
      });
    return {
      status: 200,
      template: "coupon-list",
      page: { title: ctx.t("page.coupons.title"), description: ctx.t("page.coupons.description"), coupons },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
