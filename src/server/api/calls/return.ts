// After-sales returns of paid orders: apply, list, detail, send the goods back, withdraw.
import type * as T from "../../../../generated/types";
import type { Db } from "../../db/open";
import { fail } from "../envelope";
import { defineCall } from "../register";
import { orderRow } from "./order";
import { count, iso, paging, round2, serialNumber } from "./shared";

const MERCHANT_ADDRESS = {
  consignee: "Demo Store Returns",
  phone: "+85221234567",
  address: "2 Harbour Road, Wan Chai, Hong Kong",
};

interface ReturnRow {
  return_no: string;
  order_no: string;
  apply_type: T.ReturnRequest["applyType"];
  apply_desc: string;
  refund_amount: number;
  status: T.ReturnRequest["status"];
  audit_status: T.ReturnRequest["auditStatus"];
  refuse_desc: string;
  logistics_company: string;
  logistics_no: string;
  delivered_at: number | null;
  created_at: number;
}

const SELECT = "SELECT r.*, o.order_no FROM returns r JOIN orders o ON o.id = r.order_id";

function toReturn(row: ReturnRow): T.ReturnRequest {
  return {
    returnNo: row.return_no,
    orderNo: row.order_no,
    applyType: row.apply_type,
    applyDesc: row.apply_desc,
    refundAmount: row.refund_amount,
    status: row.status,
    auditStatus: row.audit_status,
    refuseDesc: row.refuse_desc,
    logisticsCompany: row.logistics_company,
    logisticsNo: row.logistics_no,
    deliveredAt: row.delivered_at === null ? null : iso(row.delivered_at),
    merchantAddress: MERCHANT_ADDRESS,
    createdAt: iso(row.created_at),
  };
}

function returnRow(db: Db, userId: number, returnNo: string): ReturnRow {
  const row = db.prepare(`${SELECT} WHERE r.return_no = ? AND r.user_id = ?`).get(returnNo, userId) as ReturnRow | undefined;
  if (!row) fail("The return was not found.");
  return row;
}

export const returnCalls = [
  defineCall("return/apply", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const now = clock();
    const returnNo = db.transaction(() => {
      const order = orderRow(db, ctx.user!.id, ctx.body.orderNo);
      if (!order) fail("The order was not found.");
      if (order.pay_status !== "paid" || order.status === "cancelled") fail("Only a paid order can be returned.");
      if (db.prepare("SELECT 1 FROM returns WHERE order_id = ? AND status = 'pending'").get(order.id))
        fail("This order already has a return in progress.");
      const refunded = (
        db
          .prepare("SELECT COALESCE(SUM(refund_amount), 0) AS s FROM returns WHERE order_id = ? AND status != 'cancelled'")
          .get(order.id) as { s: number }
      ).s;
      const left = round2(order.pay_amount - refunded);
      const amount = ctx.body.applyType === "exchange" ? 0 : (ctx.body.refundAmount ?? left);
      if (amount > left) fail(`At most ${left} ${order.currency} can be refunded.`);
      const number = serialNumber("RT", now);
      db.prepare(
        `INSERT INTO returns (return_no, order_id, user_id, apply_type, apply_desc, refund_amount, status, audit_status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'pending', 'pending', ?)`,
      ).run(number, order.id, ctx.user!.id, ctx.body.applyType, ctx.body.applyDesc, amount, now);
      return number;
    })();
    return toReturn(returnRow(db, ctx.user!.id, returnNo));
  }),

  defineCall("return/list", "required", (ctx) => {
    const { db } = ctx.deps;
    const { pageSize, offset } = paging(ctx.body);
    const rows = db
      .prepare(`${SELECT} WHERE r.user_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`)
      .all(ctx.user!.id, pageSize, offset) as ReturnRow[];
    return { items: rows.map(toReturn), total: count(db, "SELECT COUNT(*) AS n FROM returns WHERE user_id = ?", ctx.user!.id) };
  }),

  defineCall("return/detail", "required", (ctx) => toReturn(returnRow(ctx.deps.db, ctx.user!.id, ctx.body.returnNo))),

  defineCall("return/cancel", "required", (ctx) => {
    const { db } = ctx.deps;
    const row = returnRow(db, ctx.user!.id, ctx.body.returnNo);
    if (row.status !== "pending") fail("Only a pending return can be withdrawn.");
    db.prepare("UPDATE returns SET status = 'cancelled' WHERE return_no = ?").run(row.return_no);
    return toReturn(returnRow(db, ctx.user!.id, ctx.body.returnNo));
  }),

  defineCall("return/ship", "required", (ctx) => {
    const { db, clock } = ctx.deps;
    const row = returnRow(db, ctx.user!.id, ctx.body.returnNo);
    if (row.status !== "pending" || row.apply_type === "refund_only") fail("This return needs no parcel.");
    db.prepare("UPDATE returns SET logistics_company = ?, logistics_no = ?, delivered_at = ? WHERE return_no = ?").run(
      ctx.body.logisticsCompany,
      ctx.body.logisticsNo,
      clock(),
      row.return_no,
    );
    return toReturn(returnRow(db, ctx.user!.id, ctx.body.returnNo));
  }),
];
