// Coupons: when one can be used, by which account, on which lines, and what it takes off.
// The checkout quote, the order's transaction, the claim, checkout's offers and the pages all
// ask here, so one set of rules answers them.
//
// - Dates are UTC calendar days: usable from the start of `startsAt` to the end of `expiresAt`.
// - Once per account: an order of the account that used the coupon counts unless it was
//   cancelled (a cancelled order gives the coupon back; one pending cancellation still holds it).
// - First order only: the account has no order yet, again not counting cancelled ones.
// - Products: the discount and the minimum spend count only the lines of those products.
import type { ApiReason, CartItem, CouponOffer } from "../../generated/types";
import { round2, utcDay } from "./api/calls/shared";
import type { Db } from "./db/open";
import type { Store } from "./store/load";

export type Coupon = Store["coupons"][number];

/** Where today falls in the coupon's dates. */
export type CouponWindow = "upcoming" | "valid" | "expired";

export type CouponCheck = { ok: true; discount: number; freeShipping: boolean } | { ok: false; reason: ApiReason };

export function couponWindow(coupon: Coupon, now: number): CouponWindow {
  const today = utcDay(now);
  if (coupon.expiresAt < today) return "expired";
  if (coupon.startsAt !== undefined && today < coupon.startsAt) return "upcoming";
  return "valid";
}

/** The coupon of a code as a shopper types it (any case). */
export function couponByCode(store: Store, code: string): Coupon | undefined {
  const upper = code.toUpperCase();
  return store.coupons.find((c) => c.code === upper);
}

export const isRestricted = (coupon: Coupon): boolean => (coupon.products?.length ?? 0) > 0;

const refusal = (id: ApiReason["id"], values?: ApiReason["values"]): { ok: false; reason: ApiReason } => ({
  ok: false,
  reason: { id, ...(values ? { values } : {}) },
});

/** Orders of the account that count against a coupon (all but cancelled ones), of one coupon or of any. */
function countedOrders(db: Db, userId: number, code?: string): number {
  const row = (
    code === undefined
      ? db.prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status != 'cancelled'").get(userId)
      : db
          .prepare("SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND coupon_code = ? AND status != 'cancelled'")
          .get(userId, code)
  ) as { n: number };
  return row.n;
}

/** Why the account cannot use the coupon whatever it buys (dates, once per account, first order), or null. */
export function accountRefusal(db: Db, userId: number, coupon: Coupon, now: number): ApiReason | null {
  const window = couponWindow(coupon, now);
  if (window === "expired") return { id: "coupon.reason.expired" };
  if (window === "upcoming") return { id: "coupon.reason.notStarted" };
  if (coupon.oncePerAccount && countedOrders(db, userId, coupon.code) > 0) return { id: "coupon.reason.used" };
  if (coupon.firstOrderOnly && countedOrders(db, userId) > 0) return { id: "coupon.reason.firstOrder" };
  return null;
}

/** Whether the account can use the coupon on these lines, and what it takes off. */
export function checkCoupon(db: Db, store: Store, userId: number, coupon: Coupon, items: CartItem[], now: number): CouponCheck {
  const refused = accountRefusal(db, userId, coupon, now);
  if (refused) return { ok: false, reason: refused };
  const restricted = isRestricted(coupon);
  const lines = restricted ? items.filter((i) => coupon.products!.includes(i.slug)) : items;
  if (restricted && lines.length === 0) return refusal("coupon.reason.notApplicable");
  const base = round2(lines.reduce((sum, i) => sum + i.price * i.quantity, 0));
  const minimum = coupon.minAmount ?? 0;
  if (base < minimum) {
    return refusal(restricted ? "coupon.reason.minimumProducts" : "coupon.reason.minimum", {
      amount: minimum,
      currency: store.config.currency,
    });
  }
  if (coupon.type === "shipping") return { ok: true, discount: 0, freeShipping: true };
  const discount = coupon.type === "percent" ? round2((base * coupon.value) / 100) : Math.min(coupon.value, base);
  return { ok: true, discount, freeShipping: false };
}

export interface Claim {
  code: string;
  claimedAt: number;
}

/** Saves the coupon into the account; claiming it again keeps the first claim. */
export function claimCoupon(db: Db, userId: number, coupon: Coupon, now: number): Claim {
  db.prepare("INSERT INTO coupon_claims (user_id, coupon_code, claimed_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(
    userId,
    coupon.code,
    now,
  );
  const row = db
    .prepare("SELECT claimed_at FROM coupon_claims WHERE user_id = ? AND coupon_code = ?")
    .get(userId, coupon.code) as { claimed_at: number };
  return { code: coupon.code, claimedAt: row.claimed_at };
}

/** The account's claimed coupons still in the store, newest claim first. */
export function claimedCoupons(db: Db, store: Store, userId: number): { coupon: Coupon; claimedAt: number }[] {
  const rows = db
    .prepare("SELECT coupon_code, claimed_at FROM coupon_claims WHERE user_id = ? ORDER BY claimed_at DESC, coupon_code")
    .all(userId) as { coupon_code: string; claimed_at: number }[];
  return rows.flatMap((row) => {
    const coupon = couponByCode(store, row.coupon_code);
    return coupon ? [{ coupon, claimedAt: row.claimed_at }] : [];
  });
}

/** Refusals that no cart can change: checkout does not offer a claimed coupon refused for one of these. */
const FINAL: ReadonlySet<ApiReason["id"]> = new Set(["coupon.reason.expired", "coupon.reason.used", "coupon.reason.firstOrder"]);

/** Checkout's offers: the claimed coupons that may still be used, each saying whether it can be on these lines. */
export function couponOffers(db: Db, store: Store, userId: number, items: CartItem[], now: number): CouponOffer[] {
  return claimedCoupons(db, store, userId).flatMap(({ coupon }): CouponOffer[] => {
    const check = checkCoupon(db, store, userId, coupon, items, now);
    if (check.ok) return [{ code: coupon.code, title: coupon.title, usable: true }];
    return FINAL.has(check.reason.id) ? [] : [{ code: coupon.code, title: coupon.title, usable: false, reason: check.reason }];
  });
}
