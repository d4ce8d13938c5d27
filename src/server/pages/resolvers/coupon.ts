// A coupon's page: what it gives, its rules, the products it applies to and its terms, and the
// claim. The page is the same for every visitor (it may be kept for Back); whether the shopper
// is signed in and has claimed it is the CouponClaim island's business, in the browser.
import type { RouteName } from "../../../shared/route-names";
import { bySlugs, type Resolver, slugOf, withRedirect } from "./context";
import { couponSummary } from "./coupon-list";
import { notFound } from "./error";

export const resolvers = {
  "coupon-detail": (ctx) => {
    const coupon = ctx.store.coupons.find((c) => c.slug === slugOf(ctx));
    if (!coupon) return notFound(ctx);
    const summary = couponSummary(ctx, coupon);
    return {
      status: 200,
      template: "coupon",
      page: {
        title: coupon.title,
        description: `${coupon.code}: ${coupon.title}`,
        detail: {
          coupon: summary,
          currency: ctx.store.config.currency,
          products: bySlugs(ctx, coupon.products ?? []).map((p) => ({ title: p.title, href: ctx.links.product(p.slug) })),
          oncePerAccount: coupon.oncePerAccount ?? false,
          firstOrderOnly: coupon.firstOrderOnly ?? false,
          ...(coupon.terms ? { terms: coupon.terms } : {}),
        },
        claim: {
          code: coupon.code,
          expired: summary.state === "expired",
          signInHref: withRedirect(ctx, "signin", summary.href),
          accountHref: ctx.links.user("center"),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
