// Orders of the signed-in customer (list, detail, pay, cancel, confirm receipt) and the one
// place where an order changes state. Every change is checked against the order's current
// row inside one SQLite transaction, so of two concurrent requests one wins and the other is
// refused; it is written to the order's timeline, mailed to the outbox and pushed live.
//
//   in_progress + unpaid --webhook paid--> in_progress + paid
//   in_progress + unpaid, not shipped --cancel--> cancelled (its units are back in stock)
//   in_progress + paid, not shipped --cancel--> pending_cancellation
//   pending_cancellation --merchant approves--> cancelled   --merchant refuses--> in_progress
//   in_progress, paid or cash on delivery --merchant ships--> in_progress with a shipment
//   in_progress, shipped --confirm receipt--> completed (cash on delivery: paid now)
import type * as T from "../../../../generated/types";
import { userById } from "../../auth/users";
import type { Db } from "../../db/open";
import { openSession } from "../../payments/provider";
import { fail } from "../envelope";
import { refuse } from "../reasons";
import { type ApiDeps, defineCall } from "../register";
import { count, iso, paging, round2 } from "./shared";

/** The payment method paid to the courier; every other one goes through the payment page. */
export const CASH_ON_DELIVERY = "cod";

export interface OrderRow {
  id: number;
  order_no: string;
  user_id: number;
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
  refunded_amount: number;
  created_at: number;
}

type EventKind = T.OrderEvent["kind"];

export function addEvent(db: Db, orderId: number, kind: EventKind, note: string, at: number): void {
  db.prepare("INSERT INTO order_events (order_id, kind, note, created_at) VALUES (?, ?, ?, ?)").run(orderId, kind, note, at);
}

/** Units of each order line already in returns that are not cancelled or ended. */
export function returnedUnits(db: Db, orderId: number): Map<number, number> {
  const rows = db
    .prepare(
      `SELECT ri.order_item_id AS id, SUM(ri.quantity) AS n FROM return_items ri JOIN returns r ON r.id = ri.return_id
        WHERE r.order_id = ? AND r.status NOT IN ('cancelled', 'ended') GROUP BY ri.order_item_id`,
    )
    .all(orderId) as { id: number; n: number }[];
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** What returns may still refund: the amount paid less refunds of live returns. */
export function refundableOf(db: Db, row: OrderRow): number {
  if (row.pay_status !== "paid") return 0;
  const asked = (
    db
      .prepare(
        "SELECT COALESCE(SUM(refund_amount), 0) AS s FROM returns WHERE order_id = ? AND status NOT IN ('cancelled', 'ended')",
      )
      .get(row.id) as { s: number }
  ).s;
  return Math.max(0, round2(row.pay_amount - asked));
}

/** What was paid for one unit of a line: its price less its share of the order's discount (a coupon takes off goods only). */
export function paidPriceOf(row: Pick<OrderRow, "goods_amount" | "discount_amount">, price: number): number {
  if (row.goods_amount <= 0) return price;
  return round2((price * (row.goods_amount - row.discount_amount)) / row.goods_amount);
}

/** Whether a return of the order is live: asked for, and neither withdrawn, ended nor completed. */
function hasLiveReturn(db: Db, orderId: number): boolean {
  return db.prepare("SELECT 1 FROM returns WHERE order_id = ? AND status = 'pending'").get(orderId) !== undefined;
}

/**
 * Records a refund of the order, inside the transaction that decides it: a refund that would take
 * the order's refunds past what was paid is refused, whatever asked for it.
 */
export function recordRefund(db: Db, orderId: number, amount: number): void {
  const row = db.prepare("SELECT pay_amount, refunded_amount FROM orders WHERE id = ?").get(orderId) as Pick<
    OrderRow,
    "pay_amount" | "refunded_amount"
  >;
  const refunded = round2(row.refunded_amount + amount);
  if (refunded > row.pay_amount) fail("refusal.order.overRefund");
  db.prepare("UPDATE orders SET refunded_amount = ? WHERE id = ?").run(refunded, orderId);
}

export function isShipped(db: Db, orderId: number): boolean {
  return db.prepare("SELECT 1 FROM shipments WHERE order_id = ?").get(orderId) !== undefined;
}

/** Whether the payment provider has taken the order's money (a session succeeded), whether or not its webhook has arrived. */
function paymentTaken(db: Db, orderId: number): boolean {
  return db.prepare("SELECT 1 FROM payment_sessions WHERE order_id = ? AND status = 'succeeded'").get(orderId) !== undefined;
}

function toOrder(db: Db, row: OrderRow): T.Order {
  const items = db
    .prepare(
      "SELECT id, product_slug, sku, title, variant_title, image, price, quantity FROM order_items WHERE order_id = ? ORDER BY id",
    )
    .all(row.id) as {
    id: number;
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
  const events = db.prepare("SELECT kind, note, created_at FROM order_events WHERE order_id = ? ORDER BY id").all(row.id) as {
    kind: EventKind;
    note: string;
    created_at: number;
  }[];
  const returned = returnedUnits(db, row.id);
  const paid = row.pay_status === "paid" && (row.status === "in_progress" || row.status === "completed");
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
      returnable: paid ? Math.max(0, i.quantity - (returned.get(i.id) ?? 0)) : 0,
      paidPrice: paidPriceOf(row, i.price),
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
    refundable: paid ? refundableOf(db, row) : 0,
    refunded: row.refunded_amount,
    // Placing the order is its first step; checkout writes the order, the timeline starts from it.
    timeline: [
      { kind: "placed", note: "", at: iso(row.created_at) },
      ...events.map((e) => ({ kind: e.kind, note: e.note, at: iso(e.created_at) })),
    ],
  };
}

export function orderRow(db: Db, userId: number, orderNo: string): OrderRow | undefined {
  return db.prepare("SELECT * FROM orders WHERE order_no = ? AND user_id = ?").get(orderNo, userId) as OrderRow | undefined;
}

export function orderOf(db: Db, userId: number, orderNo: string): T.Order | null {
  const row = orderRow(db, userId, orderNo);
  return row ? toOrder(db, row) : null;
}

/** One page of a customer's orders, newest first, optionally of one status. */
export function listOrders(
  db: Db,
  userId: number,
  query: { pageSize: number; offset: number; status?: T.Order["status"] | undefined },
): T.OrderListResponse {
  const status = query.status ?? null;
  const rows = db
    .prepare(
      "SELECT * FROM orders WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?) ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
    )
    .all(userId, status, status, query.pageSize, query.offset) as OrderRow[];
  return {
    items: rows.map((r) => toOrder(db, r)),
    total: count(
      db,
      "SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND (CAST(? AS TEXT) IS NULL OR status = ?)",
      userId,
      status,
      status,
    ),
  };
}

export function pushOrder(deps: Pick<ApiDeps, "live">, userId: number, order: T.Order): void {
  deps.live.toUser(userId, {
    code: 0,
    msg: "",
    type: "order.status",
    data: { orderNo: order.orderNo, status: order.status, payStatus: order.payStatus },
  });
}

/** The order's frame again, when something about it changed elsewhere (a return). */
export function changeOrderFrame(deps: Pick<ApiDeps, "db" | "live">, userId: number, orderId: number): void {
  const row = deps.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow | undefined;
  if (row) pushOrder(deps, userId, toOrder(deps.db, row));
}

/** A mail to the customer's outbox: their email address, else their mobile number. */
export function mailCustomer(
  deps: Pick<ApiDeps, "db" | "mailer">,
  userId: number,
  kind: "order" | "return",
  subject: string,
  body: string,
  link: string,
) {
  const user = userById(deps.db, userId);
  const to = user?.email ?? (user?.mobile ? `${user.country_code ?? ""}${user.mobile}` : "");
  if (to) deps.mailer.send({ kind, to, subject, body, link });
}

/** What a change needs: who asks (a customer only reaches their own orders) and the details. */
export interface ChangeRequest {
  orderNo: string;
  /** The customer asking; undefined for the merchant and the payment webhook. */
  userId?: number;
  note?: string;
  expressName?: string;
  expressNo?: string;
}

type Change = "pay" | "payment_failed" | "cancel" | "confirm" | "ship" | "approve_cancel" | "refuse_cancel";

const MAIL: Record<Change, { subject: string; body: string } | null> = {
  pay: { subject: "Payment received", body: "We have received your payment. We will let you know when the order ships." },
  payment_failed: null,
  cancel: { subject: "Order update", body: "Your order has been cancelled, or its cancellation has been requested." },
  confirm: { subject: "Order completed", body: "Thank you for confirming that your order arrived." },
  ship: { subject: "Your order has shipped", body: "Your order is on its way." },
  approve_cancel: { subject: "Order cancelled", body: "Your order has been cancelled and your payment will be refunded." },
  refuse_cancel: { subject: "Cancellation refused", body: "Your order could not be cancelled and will be shipped." },
};

/**
 * One order change, checked against the current row in one transaction; afterwards the
 * customer gets the mail and the live frame. An illegal change fails with a message and
 * writes nothing.
 */
export function changeOrder(deps: ApiDeps, change: Change, request: ChangeRequest): T.Order {
  const { db } = deps;
  const now = deps.clock();
  const { row, order } = db.transaction(() => {
    const row = (
      request.userId === undefined
        ? db.prepare("SELECT * FROM orders WHERE order_no = ?").get(request.orderNo)
        : orderRow(db, request.userId, request.orderNo)
    ) as OrderRow | undefined;
    if (!row) fail("refusal.order.notFound");
    apply(db, row, change, request, now);
    return { row, order: toOrder(db, db.prepare("SELECT * FROM orders WHERE id = ?").get(row.id) as OrderRow) };
  })();
  const mail = MAIL[change];
  if (mail)
    mailCustomer(deps, row.user_id, "order", `${mail.subject}: ${row.order_no}`, mail.body, `/user/order/${row.order_no}`);
  pushOrder(deps, row.user_id, order);
  return order;
}

function apply(db: Db, row: OrderRow, change: Change, request: ChangeRequest, now: number): void {
  const set = (sql: string, ...params: unknown[]) =>
    db.prepare(`UPDATE orders SET ${sql ? `${sql}, ` : ""}updated_at = ? WHERE id = ?`).run(...params, now, row.id);
  const shipped = isShipped(db, row.id);
  const closed = () => {
    if (row.status === "cancelled") fail("refusal.order.cancelled");
    if (row.status === "completed") fail("refusal.order.completed");
    if (row.status === "pending_cancellation") fail("refusal.order.pendingCancellation");
  };
  switch (change) {
    case "pay":
      // A payment taken just before the shopper asked to cancel is reported after the request:
      // it is recorded, so that the cancellation's review refunds it.
      if (row.status !== "pending_cancellation") closed();
      if (row.pay_status === "paid") fail("refusal.order.paid");
      set("pay_status = 'paid', paid_at = ?", now);
      addEvent(db, row.id, "paid", request.note ?? "", now);
      return;
    case "payment_failed":
      addEvent(db, row.id, "payment_failed", request.note ?? "", now);
      return;
    case "cancel":
      closed();
      // A return's refund and the cancellation's would both pay the order back.
      if (hasLiveReturn(db, row.id)) refuse({ id: "order.reason.returnLive" });
      if (shipped) fail("refusal.order.shippedNoCancel");
      // Money the provider has taken counts as paid, though its webhook has not arrived yet.
      if (row.pay_status === "unpaid" && !paymentTaken(db, row.id)) {
        // Its lines no longer hold stock (stock.ts counts orders that are not cancelled), and
        // a payment page still open for it can no longer take money.
        set("status = 'cancelled'");
        db.prepare("UPDATE payment_sessions SET status = 'expired' WHERE order_id = ?").run(row.id);
        addEvent(db, row.id, "cancelled", "", now);
      } else {
        set("status = 'pending_cancellation'");
        addEvent(db, row.id, "cancel_requested", "", now);
      }
      return;
    case "confirm":
      closed();
      if (!shipped) fail("refusal.order.notShipped");
      if (row.pay_status === "unpaid" && row.payment_method !== CASH_ON_DELIVERY) fail("refusal.order.notPaid");
      if (row.pay_status === "unpaid") {
        // Cash on delivery: the courier took the money when the parcel arrived.
        set("pay_status = 'paid', paid_at = ?", now);
        addEvent(db, row.id, "paid", "", now);
      }
      set("status = 'completed'");
      addEvent(db, row.id, "received", "", now);
      return;
    case "ship":
      closed();
      if (row.pay_status === "unpaid" && row.payment_method !== CASH_ON_DELIVERY) fail("refusal.order.unpaidShip");
      if (shipped) fail("refusal.order.shipped");
      db.prepare("INSERT INTO shipments (order_id, express_name, express_no, created_at) VALUES (?, ?, ?, ?)").run(
        row.id,
        request.expressName,
        request.expressNo,
        now,
      );
      set("");
      addEvent(db, row.id, "shipped", `${request.expressName} ${request.expressNo}`, now);
      return;
    case "approve_cancel":
    case "refuse_cancel":
      if (row.status !== "pending_cancellation") fail("refusal.order.noCancellation");
      if (change === "approve_cancel") {
        if (hasLiveReturn(db, row.id)) refuse({ id: "order.reason.returnLive" });
        // The cancellation refunds what was paid and not yet refunded by a completed return.
        if (row.pay_status === "paid") recordRefund(db, row.id, round2(row.pay_amount - row.refunded_amount));
        set("status = 'cancelled'");
        addEvent(db, row.id, "cancelled", request.note ?? "", now);
      } else {
        set("status = 'in_progress'");
        addEvent(db, row.id, "cancel_refused", request.note ?? "", now);
      }
      return;
  }
}

export const orderCalls = [
  defineCall("order/list", "required", (ctx) =>
    listOrders(ctx.deps.db, ctx.user!.id, { ...paging(ctx.body), status: ctx.body.status }),
  ),

  defineCall("order/detail", "required", (ctx) => {
    const order = orderOf(ctx.deps.db, ctx.user!.id, ctx.body.orderNo);
    if (!order) fail("refusal.order.notFound");
    return order;
  }),

  // Opens a session on the payment provider's page; only its webhook marks the order paid.
  defineCall("order/pay", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    return db.transaction(() => {
      const row = orderRow(db, ctx.user!.id, ctx.body.orderNo);
      if (!row) fail("refusal.order.notFound");
      if (row.status !== "in_progress") fail("refusal.order.notPayable");
      if (row.pay_status === "paid") fail("refusal.order.paid");
      if (row.payment_method === CASH_ON_DELIVERY) fail("refusal.order.cashOnDelivery");
      return openSession(
        db,
        {
          orderId: row.id,
          amount: row.pay_amount,
          currency: row.currency,
          language: ctx.body.language,
          returnUrl: ctx.body.returnPath,
        },
        clock(),
      );
    })();
  }),

  defineCall("order/cancel", "required", (ctx) => changeOrder(ctx.deps, "cancel", { ...ctx.body, userId: ctx.user!.id })),

  defineCall("order/confirm", "required", (ctx) => changeOrder(ctx.deps, "confirm", { ...ctx.body, userId: ctx.user!.id })),
];
