// The checkout's forms as plain posts. `coupon` applies a claimed coupon or a typed code
// (checked by checkout/quote) or removes it; the checkout page carries the applied one in its
// address (?coupon=) and its form posts it with the order. `checkout` is the whole checkout in
// one post: a saved address or a new one (checked by the address form's own rules, then saved
// with address/save as the island's dialog does), shipping, payment, remarks and the coupon,
// placed with checkout/submit (one transaction: stock, coupon, the lines leaving the cart),
// then on to the payment provider's page (order/pay), or the thank-you page for cash on
// delivery. Every refusal goes back to the checkout with its message next to its field.
import { ADDRESS_FIELDS, type AddressValues, toSaveRequest, validateAddress } from "../../components/checkout/address-rules";
import { CODE } from "../api/envelope";
import { COUPON_QUERY } from "../pages/resolvers/checkout";
import { errorIds, failureId } from "./messages";
import { defineForm, type FormContext, type FormOutcome } from "./register";
import { type CallFailure, sessionOf } from "./run-call";

const CODE_PATTERN = /^[A-Za-z0-9]{3,32}$/;
const REMARKS_MAX = 500;
/** The payment method paid to the courier (the store's checkout.json); every other one is paid online. */
const CASH_ON_DELIVERY = "cod";
/** The addressId value of the form's "new address" choice (AddressPicker). */
const NEW_ADDRESS = "new";

/** The page `back` with its coupon parameter set to `code`, or taken off. */
function withCoupon(back: string, code: string | null): string {
  const url = new URL(back, "http://form.invalid");
  if (code) url.searchParams.set(COUPON_QUERY, code);
  else url.searchParams.delete(COUPON_QUERY);
  // The URL parser resolves dot segments ("/.//x" -> "//x"): one leading slash keeps it a path of this site.
  return url.pathname.replace(/^\/+/, "/") + url.search;
}

/** A visitor (or an ended session) signs in first and comes back to the checkout. */
const signIn = (ctx: FormContext): FormOutcome => ({
  redirect: `${ctx.links.to("/auth/signin")}?redirect=${encodeURIComponent(ctx.back)}`,
});

const text = (fields: URLSearchParams, name: string, max: number) => (fields.get(name) ?? "").slice(0, max);

const coupon = defineForm("coupon", async (ctx): Promise<FormOutcome> => {
  if (ctx.fields.get("action") === "remove") return { redirect: withCoupon(ctx.back, null) };
  if (!sessionOf(ctx)) return signIn(ctx);
  const code = text(ctx.fields, "code", 40).trim() || text(ctx.fields, "sf-coupon-offer", 40).trim();
  const values = { code };
  if (!CODE_PATTERN.test(code)) {
    const id = code ? "checkout.coupon.format" : "checkout.coupon.required";
    return { back: ctx.back, state: { values, errors: { code: id } } };
  }
  const outcome = await ctx.run("checkout/quote", { couponCode: code });
  if (outcome.ok) return { redirect: withCoupon(ctx.back, outcome.data.coupon?.code ?? code.toUpperCase()) };
  // The checkout page says why again with the reason's values (amounts), which a flash cannot carry.
  return { back: ctx.back, state: { values, errors: { code: failureId(outcome.failure) } } };
});

/** checkout/submit's refusals, by their reason: on a field, or above the button. */
function submitFailure(failure: CallFailure): { errors: Record<string, string>; failure: string } {
  const reason = failure.reason?.id;
  if (reason?.startsWith("coupon.")) return { errors: {}, failure: "checkout.failure.coupon" };
  if (reason === "checkout.reason.notEnough") return { errors: {}, failure: "checkout.failure.stock" };
  if (reason === "checkout.reason.empty") return { errors: {}, failure: "checkout.empty" };
  if (reason === "checkout.reason.noAddress")
    return { errors: { addressId: "checkout.failure.address" }, failure: "checkout.fixErrors" };
  if (reason === "checkout.reason.noShipping")
    return { errors: { shippingMethod: "validation.shippingMethod" }, failure: "checkout.fixErrors" };
  if (reason === "checkout.reason.noPayment")
    return { errors: { paymentMethod: "validation.select" }, failure: "checkout.fixErrors" };
  return { errors: {}, failure: failureId(failure) };
}

const checkout = defineForm("checkout", async (ctx): Promise<FormOutcome> => {
  const { fields, deps } = ctx;
  if (!sessionOf(ctx)) return signIn(ctx);
  const address = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, text(fields, f, 300)])) as AddressValues;
  const chosen = text(fields, "addressId", 20);
  const shippingMethod = text(fields, "shippingMethod", 40);
  const paymentMethod = text(fields, "paymentMethod", 40);
  const remarks = text(fields, "remarks", REMARKS_MAX + 1).trim();
  const couponCode = text(fields, "couponCode", 40);
  const values: Record<string, string> = {
    ...(chosen === NEW_ADDRESS ? address : {}),
    addressId: chosen,
    shippingMethod,
    paymentMethod,
    remarks: remarks.slice(0, REMARKS_MAX),
  };
  const back = withCoupon(ctx.back, CODE_PATTERN.test(couponCode) ? couponCode : null);
  const refused = (errors: Record<string, string>, failure = "checkout.fixErrors"): FormOutcome => ({
    back,
    state: { values, errors, failure },
  });

  // The island's own checks, so that the page says the same words next to the same fields.
  const errors: Record<string, string> = {};
  if (chosen === NEW_ADDRESS) Object.assign(errors, errorIds(validateAddress(address)));
  else if (!/^[1-9]\d{0,9}$/.test(chosen)) errors.addressId = "checkout.address.required";
  if (!deps.store.checkout.shippingMethods.some((m) => m.id === shippingMethod))
    errors.shippingMethod = "validation.shippingMethod";
  if (!deps.store.checkout.paymentMethods.some((m) => m.id === paymentMethod)) errors.paymentMethod = "validation.select";
  if (remarks.length > REMARKS_MAX) return refused(errors, "checkout.failure.remarks");
  if (Object.keys(errors).length > 0) return refused(errors);

  let addressId = Number(chosen);
  if (chosen === NEW_ADDRESS) {
    const saved = await ctx.run("address/save", { ...toSaveRequest(address) });
    if (!saved.ok) {
      const id = saved.failure.id;
      if (id === "refusal.address.callingCode") return refused({ countryCode: "address.invalid" });
      if (id === "refusal.address.country") return refused({ country: "address.invalid" });
      return refused({}, failureId(saved.failure));
    }
    addressId = saved.data.id;
    // Saved now: should the order be refused, the page offers it among the saved addresses.
    for (const field of ADDRESS_FIELDS) delete values[field];
    values.addressId = String(addressId);
  }

  const placed = await ctx.run("checkout/submit", {
    addressId,
    shippingMethod,
    paymentMethod,
    ...(CODE_PATTERN.test(couponCode) ? { couponCode } : {}),
    ...(remarks ? { remarks } : {}),
  });
  if (!placed.ok) {
    if (placed.failure.code === CODE.authInvalid) return signIn(ctx);
    const known = submitFailure(placed.failure);
    return refused(known.errors, known.failure);
  }
  const order = placed.data;
  const orderPath = `${ctx.links.user("order")}/${order.orderNo}`;
  const thankYou = `${ctx.links.to("/checkout/thankyou")}?orderNo=${encodeURIComponent(order.orderNo)}`;
  if (order.paymentMethod === CASH_ON_DELIVERY) return { redirect: thankYou };
  const payment = await ctx.run("order/pay", { orderNo: order.orderNo, returnPath: orderPath, language: ctx.language.messages });
  // Should the payment not open, the order is placed all the same: its page offers to pay.
  return { redirect: payment.ok ? payment.data.payUrl : orderPath };
});

export const checkoutForms = [coupon, checkout];
