// The checkout page: the links it needs (sign in or up and come back here, back to the cart)
// and, for a signed-in shopper, what the order offers, read as the checkout calls read it:
// saved addresses, methods and the quote with the coupon of ?coupon= (or of a coupon form
// post that was refused, to say why with its values).
import type { ApiReason, CheckoutOrderData } from "../../../../generated/types";
import type { RouteName } from "../../../shared/route-names";
import { addressBook } from "../../api/calls/address";
import { checkoutQuote } from "../../api/calls/checkout";
import { ApiFail } from "../../api/envelope";
import { type ResolveContext, type Resolver, withRedirect } from "./context";

/** The query parameter that carries the applied coupon between plain form posts. */
export const COUPON_QUERY = "coupon";

const COUPON_CODE = /^[A-Za-z0-9]{3,32}$/;

function orderData(ctx: ResolveContext, userId: number): CheckoutOrderData {
  const { db, store, now } = ctx;
  const prefix = ctx.match.prefix;
  const applied = ctx.query.get(COUPON_QUERY) ?? "";
  const refusedForm = ctx.form?.name === "coupon" ? (ctx.form.values.code ?? "") : "";
  let couponRefusal: ApiReason | undefined;
  // A refused coupon form: its reason again, with the values the flash cannot carry.
  if (COUPON_CODE.test(refusedForm)) {
    try {
      checkoutQuote(db, store, userId, { couponCode: refusedForm }, now, prefix);
    } catch (err) {
      if (!(err instanceof ApiFail)) throw err;
      couponRefusal = err.envelopeReason;
    }
  }
  let quote = checkoutQuote(db, store, userId, {}, now, prefix);
  if (COUPON_CODE.test(applied)) {
    try {
      quote = checkoutQuote(db, store, userId, { couponCode: applied }, now, prefix);
    } catch (err) {
      if (!(err instanceof ApiFail)) throw err;
      couponRefusal ??= err.envelopeReason;
    }
  }
  return {
    addresses: addressBook(db, userId),
    shippingMethods: store.checkout.shippingMethods,
    paymentMethods: store.checkout.paymentMethods,
    quote,
    ...(couponRefusal ? { couponRefusal } : {}),
  };
}

export const resolvers = {
  checkout: (ctx) => {
    const here = ctx.links.to(`/checkout/${encodeURIComponent(ctx.match.params.slug ?? "cart")}`);
    return {
      status: 200,
      template: "checkout",
      page: {
        title: ctx.t("page.checkout.title"),
        signInHref: withRedirect(ctx, "signin", here),
        signUpHref: withRedirect(ctx, "signup", here),
        cartHref: ctx.links.to("/cart"),
        signedIn: ctx.viewer !== null,
        ...(ctx.viewer ? { order: orderData(ctx, ctx.viewer.userId) } : {}),
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
