// Checkout: methods, totals with a coupon and a shipping method, and placing the order
// (one transaction: the order, its lines, and the lines leaving the cart). The coupon's rules
// (src/server/coupons.ts) are checked in that transaction, against the account's orders.
import type * as T from "../../../../generated/types";
import type { Prefix } from "../../../shared/languages";
import { checkCoupon, couponByCode, couponOffers } from "../../coupons";
import type { Db } from "../../db/open";
import { stockSnapshot } from "../../stock";
import type { Store } from "../../store/load";
import { MalformedRequest } from "../envelope";
import { linkPrefix } from "../language";
import { refuse } from "../reasons";
import { type CallContext, defineCall } from "../register";
import { cartItem, cartLines } from "./cart";
import { orderOf, pushOrder } from "./order";
import { round2, serialNumber } from "./shared";

export interface Totals extends T.CheckoutQuoteResponse {
  shippingMethodId: string;
}

export function quote(
  db: Db,
  store: Store,
  userId: number,
  body: { couponCode?: string; shippingMethod?: string },
  now: number,
  prefix: Prefix | null = null,
): Totals {
  const stockOf = stockSnapshot(db, store);
  const items = cartLines(db, `u:${userId}`)
    .filter((l) => l.selected === 1)
    .map((l) => cartItem(store, stockOf, l, prefix))
    .filter((i): i is T.CartItem => i !== null);
  const goods = round2(items.reduce((sum, i) => sum + i.price * i.quantity, 0));
  const method = store.checkout.shippingMethods.find(
    (m) => m.id === (body.shippingMethod ?? store.checkout.shippingMethods[0]!.id),
  );
  if (!method) refuse({ id: "checkout.reason.noShipping" });
  let shipping = method.freeOver !== undefined && goods >= method.freeOver ? 0 : method.fee;
  let discount = 0;
  let coupon: T.AppliedCoupon | undefined;
  if (body.couponCode) {
    const found = couponByCode(store, body.couponCode);
    if (!found) refuse({ id: "coupon.reason.unknown" });
    const check = checkCoupon(db, store, userId, found, items, now);
    if (!check.ok) refuse(check.reason);
    discount = check.discount;
    if (check.freeShipping) shipping = 0;
    coupon = { code: found.code, title: found.title };
  }
  return {
    items,
    goodsAmount: goods,
    discountAmount: discount,
    shippingFee: shipping,
    payAmount: round2(goods - discount + shipping),
    currency: store.config.currency,
    ...(coupon ? { coupon } : {}),
    shippingMethodId: method.id,
  };
}

/** The quote the checkout shows: its totals without the method's id, and the claimed coupons on offer. */
export function checkoutQuote(
  db: Db,
  store: Store,
  userId: number,
  body: { couponCode?: string; shippingMethod?: string },
  now: number,
  prefix: Prefix | null = null,
): T.CheckoutQuoteResponse {
  const { shippingMethodId: _, ...totals } = quote(db, store, userId, body, now, prefix);
  return { ...totals, offers: couponOffers(db, store, userId, totals.items, now) };
}

function addressFor(ctx: CallContext<T.CheckoutSubmitRequest>): T.OrderAddress {
  if (ctx.body.addressId !== undefined) {
    const row = ctx.deps.db
      .prepare("SELECT data_json FROM addresses WHERE id = ? AND user_id = ?")
      .get(ctx.body.addressId, ctx.user!.id) as { data_json: string } | undefined;
    if (!row) refuse({ id: "checkout.reason.noAddress" });
    return JSON.parse(row.data_json) as T.OrderAddress;
  }
  if (!ctx.body.address) throw new MalformedRequest("addressId or address is required");
  return ctx.body.address;
}

export const checkoutCalls = [
  defineCall("checkout/options", "optional", (ctx) => ({
    shippingMethods: ctx.deps.store.checkout.shippingMethods,
    paymentMethods: ctx.deps.store.checkout.paymentMethods,
  })),

  defineCall("checkout/quote", "required", (ctx) =>
    checkoutQuote(ctx.deps.db, ctx.deps.store, ctx.user!.id, ctx.body, ctx.deps.clock(), linkPrefix(ctx.language)),
  ),

  defineCall("checkout/submit", "required", (ctx) => {
    const { db, store, clock } = ctx.deps;
    const now = clock();
    if (!store.checkout.paymentMethods.some((m) => m.id === ctx.body.paymentMethod)) refuse({ id: "checkout.reason.noPayment" });
    const address = addressFor(ctx);
    const orderNo = db.transaction(() => {
      const totals = quote(db, store, ctx.user!.id, ctx.body, now, linkPrefix(ctx.language));
      if (totals.items.length === 0) refuse({ id: "checkout.reason.empty" });
      for (const item of totals.items)
        if (item.quantity > item.stock)
          refuse({ id: "checkout.reason.notEnough", values: { left: item.stock, title: item.title } });
      const number = serialNumber("SO", now);
      const orderId = Number(
        db
          .prepare(
            `INSERT INTO orders (order_no, user_id, status, pay_status, goods_amount, discount_amount, shipping_fee, pay_amount, currency,
               coupon_code, shipping_method, payment_method, remarks, address_json, created_at, updated_at)
             VALUES (?, ?, 'in_progress', 'unpaid', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            number,
            ctx.user!.id,
            totals.goodsAmount,
            totals.discountAmount,
            totals.shippingFee,
            totals.payAmount,
            totals.currency,
            totals.coupon?.code ?? "",
            totals.shippingMethodId,
            ctx.body.paymentMethod,
            ctx.body.remarks ?? "",
            JSON.stringify(address),
            now,
            now,
          ).lastInsertRowid,
      );
      const insertItem = db.prepare(
        "INSERT INTO order_items (order_id, product_slug, sku, title, variant_title, image, price, quantity) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      );
      const removeLine = db.prepare("DELETE FROM cart_items WHERE sku = ? AND cart_id = (SELECT id FROM carts WHERE owner = ?)");
      for (const item of totals.items) {
        insertItem.run(orderId, item.slug, item.sku, item.title, item.variantTitle, item.image, item.price, item.quantity);
        removeLine.run(item.sku, `u:${ctx.user!.id}`);
      }
      return number;
    })();
    const order = orderOf(db, ctx.user!.id, orderNo)!;
    pushOrder(ctx.deps, ctx.user!.id, order);
    return order;
  }),
];
