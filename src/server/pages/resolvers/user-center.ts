// The account overview: the shopper's figures, newest orders and claimed coupons, read from
// the database and rendered by the server (the route answers 401 before this runs for a visitor).

import type { RouteName } from "../../../shared/route-names";
import { userById, userInfo } from "../../auth/users";
import { accountRefusal, claimedCoupons } from "../../coupons";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

const RECENT_ORDERS = 5;

interface OrderRow {
  order_no: string;
  status: "in_progress" | "completed" | "cancelled" | "pending_cancellation";
  pay_status: "unpaid" | "paid";
  pay_amount: number;
  currency: string;
  created_at: number;
}

export const resolvers = {
  "user-center": (ctx) => {
    const { userId } = viewerOf(ctx);
    const orders = ctx.db
      .prepare(
        "SELECT order_no, status, pay_status, pay_amount, currency, created_at FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
      )
      .all(userId, RECENT_ORDERS) as OrderRow[];
    const ordersHref = ctx.links.user("order");
    return {
      status: 200,
      template: "user-center",
      page: {
        title: ctx.t("page.user.center.title"),
        nav: accountNav(ctx),
        center: {
          user: userInfo(ctx.db, userById(ctx.db, userId)!),
          currency: ctx.store.config.currency,
          recentOrders: orders.map((o) => ({
            orderNo: o.order_no,
            href: `${ordersHref}/${o.order_no}`,
            createdAt: new Date(o.created_at).toISOString(),
            status: o.status,
            payStatus: o.pay_status,
            payAmount: o.pay_amount,
            currency: o.currency,
          })),
          ordersHref,
          profileHref: ctx.links.user("info"),
          verifyHref: ctx.links.to("/auth/verify-prompt"),
        },
        coupons: {
          coupons: claimedCoupons(ctx.db, ctx.store, userId).map(({ coupon }) => {
            const reason = accountRefusal(ctx.db, userId, coupon, ctx.now);
            return {
              code: coupon.code,
              title: coupon.title,
              href: ctx.links.to(`/coupon/${coupon.slug}`),
              expiresAt: coupon.expiresAt,
              ...(reason ? { reason } : {}),
            };
          }),
          browseHref: ctx.links.to("/coupon"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
