// Claiming coupons into the account (checkout then offers them) and the list of claims.
import { claimCoupon, claimedCoupons, couponByCode, couponWindow } from "../../coupons";
import { refuse } from "../reasons";
import { defineCall } from "../register";
import { iso } from "./shared";

export const couponCalls = [
  defineCall("coupon/claim", "required", (ctx) => {
    const { db, store, clock } = ctx.deps;
    const now = clock();
    const coupon = couponByCode(store, ctx.body.code);
    if (!coupon) refuse({ id: "coupon.reason.unknown" });
    // A coupon not started yet may be claimed ahead; one that has ended may not.
    if (couponWindow(coupon, now) === "expired") refuse({ id: "coupon.reason.expired" });
    const claim = claimCoupon(db, ctx.user!.id, coupon, now);
    return { code: claim.code, claimedAt: iso(claim.claimedAt) };
  }),

  defineCall("coupon/mine", "required", (ctx) => ({
    items: claimedCoupons(ctx.deps.db, ctx.deps.store, ctx.user!.id).map((c) => ({
      code: c.coupon.code,
      claimedAt: iso(c.claimedAt),
    })),
  })),
];
