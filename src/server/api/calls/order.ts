// Orders of the signed-in customer: list, detail, and the status changes the customer
// may make. Every change is pushed on the live channel.
import type * as T from "../../../../generated/types";
import type { Db } from "../../db/open";
import { fail } from "../envelope";
import { type ApiDeps, defineCall } from "../register";
import { count, iso, paging, serialNumber } from "./shared";

interface OrderRow {
  id: number;
  order_no: string;
  status: T.Order["status"];
  pay_status: T.Order["payStatus"];
  goods_amount: number;
  discount_amount: number;
  shipping_fee: number;
  pay_amount: number;
  currency: string;
  coupon_code: string;
  shipping_method: string;
  payment_method: string;
  remarks: string;
  address_json: string;
  created_at: number;
}

function toOrder(db: Db, row: OrderRow): T.Order {
  const items = db
    .prepare(
      "SELECT product_slug, sku, title, variant_title, image, price, quantity FROM order_items WHERE order_id = ? ORDER BY id",
    )
    .all(row.id) as {
    product_slug: string;
    sku: string;
    title: string;
    variant_title: string;
    image: string;
    price: number;
    quantity: number;
  }[];
  const shipments = db
    .prepare("SELECT express_name, express_no, created_at FROM shipments WHERE order_id = ? ORDER BY id")
    .all(row.id) as {
    express_name: string;
    express_no: string;
    created_at: number;
  }[];
  return {
    orderNo: row.order_no,
    status: row.status,
    payStatus: row.pay_status,
    items: items.map((i) => ({
      slug: i.product_slug,
      sku: i.sku,
      title: i.title,
      variantTitle: i.variant_title,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
    })),
    goodsAmount: row.goods_amount,
    discountAmount: row.discount_amount,
    shippingFee: row.shipping_fee,
    payAmount: row.pay_amount,
    currency: row.currency,
    couponCode: row.coupon_code,
    shippingMethod: row.shipping_method,
    paymentMethod: row.payment_method,
    remarks: row.remarks,
    address: JSON.parse(row.address_json) as T.OrderAddress,
    shipments: shipments.map((s) => ({ expressName: s.express_name, expressNo: s.express_no, createdAt: iso(s.created_at) })),
    createdAt: iso(row.created_at),
  };
}

export function orderRow(db: Db, userId: number, orderNo: string): OrderRow | undefined {
  return db.prepare("SELECT * FROM orders WHERE order_no = ? AND user_id = ?").get(orderNo, userId) as OrderRow | undefined;
}

export function orderOf(db: Db, userId: number, orderNo: string): T.Order | null {
  const row = orderRow(db, userId, orderNo);
  return row ? toOrder(db, row) : null;
}

export function pushOrder(deps: ApiDeps, userId: number, order: T.Order): void {
  deps.live.toUser(userId, {
    code: 0,
    msg: "",
    type: "order.status",
    data: { orderNo: order.orderNo, status: order.status, payStatus: order.payStatus },
  });
}

/** order/pay, order/cancel, order/confirm: the same body and answer, a different change. */
function change(path: "order/pay" | "order/cancel" | "order/confirm", apply: (db: Db, row: OrderRow, now: number) => void) {
  return defineCall(path, "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const order = db.transaction(() => {
      const row = orderRow(db, ctx.user!.id, ctx.body.orderNo);
      if (!row) fail("The order was not found.");
      apply(db, row, clock());
      return orderOf(db, ctx.user!.id, ctx.body.orderNo)!;
    })();
    pushOrder(ctx.deps, ctx.user!.id, order);
    return order;
  });
}

export const orderCalls = [
  defineCall("order/list", "required", (ctx) => {
    const { db } = ctx.deps;
    const { pageSize, offset } = paging(ctx.body);
    const status = ctx.body.status ?? null;
    const rows = db
      .prepare(
        "SELECT * FROM orders WHERE user_id = ? AND (? IS NULL OR status = ?) ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
      )
      .all(ctx.user!.id, status, status, pageSize, offset) as OrderRow[];
    return {
      items: rows.map((r) => toOrder(db, r)),
      total: count(
        db,
        "SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND (? IS NULL OR status = ?)",
        ctx.user!.id,
        status,
        status,
      ),
    } satisfies T.OrderListResponse;
  }),

  defineCall("order/detail", "required", (ctx) => {
    const order = orderOf(ctx.deps.db, ctx.user!.id, ctx.body.orderNo);
    if (!order) fail("The order was not found.");
    return order;
  }),

  change("order/pay", (db, row, now) => {
    if (row.status !== "in_progress" || row.pay_status !== "unpaid") fail("This order cannot be paid.");
    db.prepare("UPDATE orders SET pay_status = 'paid', updated_at = ? WHERE id = ?").run(now, row.id);
    // The demo warehouse ships at once, so the account pages have a shipment to show.
    db.prepare("INSERT INTO shipments (order_id, express_name, express_no, created_at) VALUES (?, 'Demo Express', ?, ?)").run(
      row.id,
      serialNumber("DE", now),
      now,
    );
  }),

  change("order/cancel", (db, row, now) => {
    if (row.status !== "in_progress") fail("This order cannot be cancelled.");
    const status = row.pay_status === "unpaid" ? "cancelled" : "pending_cancellation";
    db.prepare("UPDATE orders SET status = ?, updated_at = ? WHERE id = ?").run(status, now, row.id);
  }),

  change("order/confirm", (db, row, now) => {
    if (row.status !== "in_progress" || row.pay_status !== "paid") fail("Only a paid order in progress can be confirmed.");
    db.prepare("UPDATE orders SET status = 'completed', updated_at = ? WHERE id = ?").run(now, row.id);
  }),
];
