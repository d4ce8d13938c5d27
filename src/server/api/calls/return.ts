// After-sales returns of paid orders, and the one place where a return changes state, each
// change checked against the current row in one transaction, written to the order's
// timeline, mailed and pushed live:
//
//   apply --> pending + audit pending
//   pending + audit pending --merchant approves--> pending + approved
//                           --merchant refuses (reason)--> ended + refused
//   pending (no parcel sent yet) --customer withdraws--> cancelled
//   pending + approved (return or exchange) --customer sends the parcel--> parcel details kept
//   pending + approved, parcel sent or refund only --merchant receives and refunds--> completed
import { randomBytes } from "node:crypto";
import type * as T from "../../../../generated/types";
import type { Db } from "../../db/open";
import { saveUpload } from "../../uploads";
import { fail, MalformedRequest } from "../envelope";
import { checkFormFields, type Photo, readPhotoForm } from "../photo-form";
import { refuse } from "../reasons";
import { type ApiDeps, type CallContext, defineCall } from "../register";
import {
  addEvent,
  changeOrderFrame,
  mailCustomer,
  orderRow,
  paidPriceOf,
  recordRefund,
  refundableOf,
  returnedUnits,
} from "./order";
import { count, iso, paging, round2, serialNumber } from "./shared";

const MERCHANT_ADDRESS = {
  consignee: "Demo Store Returns",
  phone: "+85221234567",
  address: "2 Harbour Road, Wan Chai, Hong Kong",
};

export const MAX_PHOTOS = 3;
const FIELDS_SCHEMA = "api/return/apply-fields.schema.json";
const FIELDS = ["orderNo", "applyType", "applyDesc", "lines", "refundAmount"];

interface ReturnRow {
  id: number;
  return_no: string;
  order_id: number;
  user_id: number;
  order_no: string;
  currency: string;
  order_status: string;
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

const SELECT = "SELECT r.*, o.order_no, o.currency, o.status AS order_status FROM returns r JOIN orders o ON o.id = r.order_id";

function toReturn(db: Db, row: ReturnRow): T.ReturnRequest {
  const lines = db
    .prepare(
      `SELECT i.sku, i.title, i.variant_title, i.image, i.price, ri.quantity FROM return_items ri
         JOIN order_items i ON i.id = ri.order_item_id WHERE ri.return_id = ? ORDER BY i.id`,
    )
    .all(row.id) as { sku: string; title: string; variant_title: string; image: string; price: number; quantity: number }[];
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
    currency: row.currency,
    lines: lines.map((l) => ({
      sku: l.sku,
      title: l.title,
      variantTitle: l.variant_title,
      image: l.image,
      price: l.price,
      quantity: l.quantity,
    })),
    photos: (db.prepare("SELECT COUNT(*) AS n FROM return_photos WHERE return_id = ?").get(row.id) as { n: number }).n,
  };
}

function findReturn(db: Db, returnNo: string, userId?: number): ReturnRow {
  const row = (
    userId === undefined
      ? db.prepare(`${SELECT} WHERE r.return_no = ?`).get(returnNo)
      : db.prepare(`${SELECT} WHERE r.return_no = ? AND r.user_id = ?`).get(returnNo, userId)
  ) as ReturnRow | undefined;
  if (!row) fail("refusal.return.notFound");
  return row;
}

/** One page of a customer's returns, newest first. */
export function listReturns(db: Db, userId: number, query: { pageSize: number; offset: number }): T.ReturnListResponse {
  const rows = db
    .prepare(`${SELECT} WHERE r.user_id = ? ORDER BY r.id DESC LIMIT ? OFFSET ?`)
    .all(userId, query.pageSize, query.offset) as ReturnRow[];
  return {
    items: rows.map((r) => toReturn(db, r)),
    total: count(db, "SELECT COUNT(*) AS n FROM returns WHERE user_id = ?", userId),
  };
}

/** A customer's return, null when it is not theirs or does not exist. */
export function returnOf(db: Db, userId: number, returnNo: string): T.ReturnRequest | null {
  const row = db.prepare(`${SELECT} WHERE r.return_no = ? AND r.user_id = ?`).get(returnNo, userId) as ReturnRow | undefined;
  return row ? toReturn(db, row) : null;
}

type Change = "cancel" | "ship" | "approve" | "refuse" | "complete";

export interface ReturnChangeRequest {
  returnNo: string;
  /** The customer asking; undefined for the merchant. */
  userId?: number;
  note?: string;
  logisticsCompany?: string;
  logisticsNo?: string;
  deliveredAt?: number;
}

const MAIL: Record<Change, { subject: string; body: string }> = {
  cancel: { subject: "Return withdrawn", body: "Your return request has been withdrawn." },
  ship: { subject: "Return parcel noted", body: "We have your parcel's tracking details and will let you know when it arrives." },
  approve: {
    subject: "Return approved",
    body: "Your return request was approved. Your return page shows where to send the goods, if any.",
  },
  refuse: { subject: "Return refused", body: "Your return request was refused. Your return page says why." },
  complete: { subject: "Return completed", body: "Your return is complete; any refund is on its way to your payment method." },
};

const EVENT: Record<Change, T.OrderEvent["kind"]> = {
  cancel: "return_cancelled",
  ship: "return_shipped",
  approve: "return_approved",
  refuse: "return_refused",
  complete: "return_completed",
};

function pushReturn(deps: ApiDeps, userId: number, r: T.ReturnRequest): void {
  deps.live.toUser(userId, {
    code: 0,
    msg: "",
    type: "return.status",
    data: { returnNo: r.returnNo, orderNo: r.orderNo, status: r.status, auditStatus: r.auditStatus },
  });
}

export function changeReturn(deps: ApiDeps, change: Change, request: ReturnChangeRequest): T.ReturnRequest {
  const { db } = deps;
  const now = deps.clock();
  const { row, result } = db.transaction(() => {
    const row = findReturn(db, request.returnNo, request.userId);
    const set = (sql: string, ...params: unknown[]) =>
      db.prepare(`UPDATE returns SET ${sql} WHERE id = ?`).run(...params, row.id);
    if (row.status === "cancelled") fail("refusal.return.withdrawn");
    if (row.status === "completed") fail("refusal.return.completed");
    if (row.status === "ended") fail("refusal.return.ended");
    const sendsGoods = row.apply_type !== "refund_only";
    // The cancellation refunds the order: a return of it may only be withdrawn or refused.
    if (
      (change === "approve" || change === "ship" || change === "complete") &&
      row.order_status !== "in_progress" &&
      row.order_status !== "completed"
    )
      refuse({ id: "return.reason.orderCancelled" });
    switch (change) {
      case "cancel":
        if (row.logistics_no) fail("refusal.return.onItsWay");
        set("status = 'cancelled'");
        break;
      case "ship":
        if (row.audit_status !== "approved") fail("refusal.return.notApprovedYet");
        if (!sendsGoods) fail("refusal.return.noParcel");
        if (row.logistics_no) fail("refusal.return.parcelSent");
        set(
          "logistics_company = ?, logistics_no = ?, delivered_at = ?",
          request.logisticsCompany,
          request.logisticsNo,
          request.deliveredAt,
        );
        break;
      case "approve":
      case "refuse":
        if (row.audit_status !== "pending") fail("refusal.return.reviewed");
        if (change === "approve") set("audit_status = 'approved'");
        else set("status = 'ended', audit_status = 'refused', refuse_desc = ?", request.note ?? "");
        break;
      case "complete":
        if (row.audit_status !== "approved") fail("refusal.return.notApproved");
        if (sendsGoods && !row.logistics_no) fail("refusal.return.parcelNotSent");
        recordRefund(db, row.order_id, row.refund_amount);
        set("status = 'completed'");
        break;
    }
    addEvent(
      db,
      row.order_id,
      EVENT[change],
      change === "refuse" ? `${row.return_no}: ${request.note ?? ""}` : row.return_no,
      now,
    );
    return { row, result: toReturn(db, findReturn(db, row.return_no)) };
  })();
  const mail = MAIL[change];
  mailCustomer(deps, row.user_id, "return", `${mail.subject}: ${row.return_no}`, mail.body, `/user/return/${row.return_no}`);
  pushReturn(deps, row.user_id, result);
  changeOrderFrame(deps, row.user_id, row.order_id);
  return result;
}

/** Reads return/apply's multipart body: its fields checked against the schema, its photos checked as images. */
async function readApply(ctx: CallContext<unknown>): Promise<{ fields: T.ReturnApplyFields; photos: Photo[] }> {
  const { raw, photos } = await readPhotoForm(ctx.request, {
    fields: FIELDS,
    maxPhotos: MAX_PHOTOS,
    refuse: {
      tooMany: () => fail("refusal.photo.tooMany", { max: MAX_PHOTOS }),
      tooLarge: () => fail("refusal.photo.tooLarge"),
      notImage: () => fail("refusal.photo.type"),
    },
  });
  let lines: unknown;
  try {
    lines = JSON.parse(raw.lines ?? "");
  } catch {
    throw new MalformedRequest("lines must be JSON", 400);
  }
  const fields: Record<string, unknown> = {
    orderNo: raw.orderNo,
    applyType: raw.applyType,
    applyDesc: raw.applyDesc?.trim(),
    lines,
    ...(raw.refundAmount !== undefined && raw.refundAmount !== "" ? { refundAmount: Number(raw.refundAmount) } : {}),
  };
  return { fields: checkFormFields<T.ReturnApplyFields>(ctx.deps.schemas, FIELDS_SCHEMA, fields), photos };
}

export const returnCalls = [
  defineCall("return/apply", "required", async (ctx) => {
    const { db, clock } = ctx.deps;
    const { fields, photos } = await readApply(ctx);
    const now = clock();
    const userId = ctx.user!.id;
    const saved = db.transaction(() => {
      const order = orderRow(db, userId, fields.orderNo);
      if (!order) fail("refusal.order.notFound");
      if (order.pay_status !== "paid") fail("refusal.return.orderNotPaid");
      if (order.status === "cancelled" || order.status === "pending_cancellation") refuse({ id: "return.reason.orderCancelled" });
      const items = db.prepare("SELECT id, sku, price, quantity FROM order_items WHERE order_id = ?").all(order.id) as {
        id: number;
        sku: string;
        price: number;
        quantity: number;
      }[];
      const returned = returnedUnits(db, order.id);
      const seen = new Set<string>();
      let linesValue = 0;
      const chosen = fields.lines.map((line) => {
        if (seen.has(line.sku)) fail("refusal.return.listedTwice", { sku: line.sku });
        seen.add(line.sku);
        const item = items.find((i) => i.sku === line.sku);
        if (!item) fail("refusal.return.notInOrder", { sku: line.sku });
        const left = item.quantity - (returned.get(item.id) ?? 0);
        if (line.quantity > left) fail("refusal.return.tooManyUnits", { left, sku: line.sku });
        linesValue += paidPriceOf(order, item.price) * line.quantity;
        return { id: item.id, quantity: line.quantity };
      });
      // At most what was paid for these lines (the coupon's share taken off), and never more than what is left to refund.
      const cap = Math.min(round2(linesValue), refundableOf(db, order));
      const amount = fields.applyType === "exchange" ? 0 : (fields.refundAmount ?? cap);
      if (amount > cap) fail("refusal.return.refundCap", { amount: cap.toFixed(2), currency: order.currency });
      const returnNo = serialNumber("RT", now);
      const id = Number(
        db
          .prepare(
            `INSERT INTO returns (return_no, order_id, user_id, apply_type, apply_desc, refund_amount, status, audit_status, created_at)
             VALUES (?, ?, ?, ?, ?, ?, 'pending', 'pending', ?)`,
          )
          .run(returnNo, order.id, userId, fields.applyType, fields.applyDesc, round2(amount), now).lastInsertRowid,
      );
      const insertLine = db.prepare("INSERT INTO return_items (return_id, order_item_id, quantity) VALUES (?, ?, ?)");
      for (const line of chosen) insertLine.run(id, line.id, line.quantity);
      const insertPhoto = db.prepare("INSERT INTO return_photos (return_id, file) VALUES (?, ?)");
      const files = photos.map((p) => ({ ...p, name: `${id}-${randomBytes(8).toString("hex")}.${p.ext}` }));
      // Kept with the return, for the staff who judge it; never served publicly.
      for (const file of files) {
        saveUpload(db, "returns", file.name, file.data, now);
        insertPhoto.run(id, file.name);
      }
      addEvent(db, order.id, "return_requested", returnNo, now);
      return { id, returnNo, orderId: order.id };
    })();
    const result = toReturn(db, findReturn(db, saved.returnNo));
    mailCustomer(
      ctx.deps,
      userId,
      "return",
      `Return requested: ${saved.returnNo}`,
      "We have your return request and will review it shortly.",
      `/user/return/${saved.returnNo}`,
    );
    pushReturn(ctx.deps, userId, result);
    changeOrderFrame(ctx.deps, userId, saved.orderId);
    return result;
  }),

  defineCall("return/list", "required", (ctx) => listReturns(ctx.deps.db, ctx.user!.id, paging(ctx.body))),

  defineCall("return/detail", "required", (ctx) =>
    toReturn(ctx.deps.db, findReturn(ctx.deps.db, ctx.body.returnNo, ctx.user!.id)),
  ),

  defineCall("return/cancel", "required", (ctx) => changeReturn(ctx.deps, "cancel", { ...ctx.body, userId: ctx.user!.id })),

  defineCall("return/ship", "required", (ctx) => {
    const delivered = Date.parse(`${ctx.body.deliveredAt}T00:00:00Z`);
    if (Number.isNaN(delivered)) fail("refusal.return.sentDay");
    // Handed over today at the latest, in any time zone of the world.
    if (delivered > ctx.deps.clock() + 14 * 3600_000) fail("refusal.return.sentFuture");
    return changeReturn(ctx.deps, "ship", {
      returnNo: ctx.body.returnNo,
      userId: ctx.user!.id,
      logisticsCompany: ctx.body.logisticsCompany.trim(),
      logisticsNo: ctx.body.logisticsNo.trim(),
      deliveredAt: delivered,
    });
  }),
];
