// Outside production: /dev/orders, the merchant's back office for testers. Ship an order,
// mark a shipped one delivered (as the courier's proof of delivery would: it is completed,
// as when the shopper confirms receipt, and its lines can be reviewed), approve or refuse a
// cancellation or a return, mark a return received and refunded. Each
// action goes through the same checked transitions as the shop (changeOrder, changeReturn),
// so it mails the outbox and pushes the live frame; plain forms, no script.
import type { FastifyInstance, FastifyReply } from "fastify";
import { changeOrder } from "./api/calls/order";
import { changeReturn } from "./api/calls/return";
import { ApiFail, fail } from "./api/envelope";
import { type ApiDeps, isCrossSite } from "./api/register";
import { acceptPlainForms, type DevNotice, sendDevPage } from "./dev-page";
import { escapeHtml } from "./html";

const NUMBER = /^[A-Z0-9]{6,32}$/;
const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

interface OrderLine {
  order_no: string;
  status: string;
  pay_status: string;
  payment_method: string;
  pay_amount: number;
  currency: string;
  customer: string;
  shipped: number;
}

interface ReturnLine {
  return_no: string;
  order_no: string;
  apply_type: string;
  status: string;
  audit_status: string;
  refund_amount: number;
  logistics_company: string;
  logistics_no: string;
}

export function registerDevOrders(app: FastifyInstance, deps: ApiDeps): void {
  const { db } = deps;

  const render = (reply: FastifyReply, message: DevNotice | null, status = 200) => {
    const orders = db
      .prepare(
        `SELECT o.order_no, o.status, o.pay_status, o.payment_method, o.pay_amount, o.currency,
                COALESCE(u.email, u.mobile, '') AS customer, EXISTS (SELECT 1 FROM shipments s WHERE s.order_id = o.id) AS shipped
           FROM orders o JOIN users u ON u.id = o.user_id ORDER BY o.id DESC LIMIT 50`,
      )
      .all() as OrderLine[];
    const returns = db
      .prepare(
        `SELECT r.return_no, o.order_no, r.apply_type, r.status, r.audit_status, r.refund_amount, r.logistics_company, r.logistics_no
           FROM returns r JOIN orders o ON o.id = r.order_id ORDER BY r.id DESC LIMIT 50`,
      )
      .all() as ReturnLine[];
    const e = escapeHtml;
    const reason = (id: string) => `<label for="${id}">Refuse reason</label> <input id="${id}" name="reason" maxlength="500">`;
    const orderRows = orders
      .map((o) => {
        const actions: string[] = [];
        const payable = o.pay_status === "paid" || o.payment_method === "cod";
        if (o.status === "in_progress" && payable && !o.shipped) {
          actions.push(`<form method="post" action="/dev/orders/${e(o.order_no)}/ship">
<label for="ship-name-${e(o.order_no)}">Express name</label> <input id="ship-name-${e(o.order_no)}" name="expressName" value="Demo Express" required maxlength="100">
<label for="ship-no-${e(o.order_no)}">Express number</label> <input id="ship-no-${e(o.order_no)}" name="expressNo" required maxlength="100">
<button type="submit">Ship ${e(o.order_no)}</button></form>`);
        }
        if (o.status === "in_progress" && o.shipped) {
          actions.push(`<form method="post" action="/dev/orders/${e(o.order_no)}/deliver">
<button type="submit">Mark ${e(o.order_no)} delivered</button></form>`);
        }
        if (o.status === "pending_cancellation") {
          actions.push(`<form method="post" action="/dev/orders/${e(o.order_no)}/cancellation">
<button type="submit" name="decision" value="approve">Approve cancellation of ${e(o.order_no)}</button>
${reason(`cancel-reason-${e(o.order_no)}`)}
<button type="submit" name="decision" value="refuse">Refuse cancellation of ${e(o.order_no)}</button></form>`);
        }
        return `<tr><th scope="row">${e(o.order_no)}</th><td>${e(o.customer)}</td><td>${e(o.status)}</td><td>${e(o.pay_status)} (${e(o.payment_method)})</td><td>${o.pay_amount} ${e(o.currency)}</td><td>${o.shipped ? "shipped" : "not shipped"}</td><td>${actions.join("") || "—"}</td></tr>`;
      })
      .join("");
    const returnRows = returns
      .map((r) => {
        const actions: string[] = [];
        if (r.status === "pending" && r.audit_status === "pending") {
          actions.push(`<form method="post" action="/dev/returns/${e(r.return_no)}/review">
<button type="submit" name="decision" value="approve">Approve return ${e(r.return_no)}</button>
${reason(`return-reason-${e(r.return_no)}`)}
<button type="submit" name="decision" value="refuse">Refuse return ${e(r.return_no)}</button></form>`);
        }
        if (r.status === "pending" && r.audit_status === "approved" && (r.apply_type === "refund_only" || r.logistics_no)) {
          actions.push(`<form method="post" action="/dev/returns/${e(r.return_no)}/complete">
<button type="submit">Mark return ${e(r.return_no)} received and refunded</button></form>`);
        }
        const parcel = r.logistics_no ? `${e(r.logistics_company)} ${e(r.logistics_no)}` : "—";
        return `<tr><th scope="row">${e(r.return_no)}</th><td>${e(r.order_no)}</td><td>${e(r.apply_type)}</td><td>${e(r.status)} / ${e(r.audit_status)}</td><td>${r.refund_amount}</td><td>${parcel}</td><td>${actions.join("") || "—"}</td></tr>`;
      })
      .join("");
    return sendDevPage(reply, {
      title: "Orders (merchant, test only)",
      notice: message,
      status,
      body: `<p><a href="/dev/outbox">Outbox</a></p>
<h2>Orders</h2><table><thead><tr><th scope="col">Order</th><th scope="col">Customer</th><th scope="col">Status</th><th scope="col">Payment</th><th scope="col">Amount</th><th scope="col">Shipping</th><th scope="col">Actions</th></tr></thead><tbody>${orderRows}</tbody></table>
<h2>Returns</h2><table><thead><tr><th scope="col">Return</th><th scope="col">Order</th><th scope="col">Type</th><th scope="col">Status / audit</th><th scope="col">Refund</th><th scope="col">Parcel</th><th scope="col">Actions</th></tr></thead><tbody>${returnRows}</tbody></table>`,
    });
  };

  app.register(async (scope) => {
    acceptPlainForms(scope, 4096);
    scope.get("/dev/orders", async (request, reply) => {
      const done = (request.query as { done?: string }).done;
      return render(reply, done ? { ok: true, text: `Done: ${text(done, 100)}.` } : null);
    });

    /** Runs one action and shows the page again: after a redirect on success, at once with the reason on failure. */
    const act = (path: string, run: (params: { no: string }, body: Record<string, unknown>) => string) =>
      scope.post(path, async (request, reply) => {
        if (isCrossSite(request)) return reply.code(403).send("Requests from other sites are not accepted.");
        const params = request.params as { no: string };
        if (!NUMBER.test(params.no)) return render(reply, { ok: false, text: "Unknown number." }, 404);
        try {
          const done = run(params, (request.body ?? {}) as Record<string, unknown>);
          return reply.redirect(`/dev/orders?done=${encodeURIComponent(done)}`, 303);
        } catch (err) {
          if (err instanceof ApiFail) return render(reply, { ok: false, text: err.message }, 409);
          throw err;
        }
      });

    act("/dev/orders/:no/ship", ({ no }, body) => {
      const expressName = text(body.expressName, 100) || "Demo Express";
      const expressNo = text(body.expressNo, 100);
      if (!expressNo) fail("refusal.order.expressNo");
      changeOrder(deps, "ship", { orderNo: no, expressName, expressNo });
      return `${no} shipped`;
    });
    act("/dev/orders/:no/deliver", ({ no }) => {
      changeOrder(deps, "confirm", { orderNo: no });
      return `${no} delivered`;
    });
    act("/dev/orders/:no/cancellation", ({ no }, body) => {
      const approve = body.decision === "approve";
      const reason = text(body.reason, 500);
      if (!approve && !reason) fail("refusal.order.refuseReason");
      changeOrder(deps, approve ? "approve_cancel" : "refuse_cancel", { orderNo: no, note: reason });
      return `cancellation of ${no} ${approve ? "approved" : "refused"}`;
    });
    act("/dev/returns/:no/review", ({ no }, body) => {
      const approve = body.decision === "approve";
      const reason = text(body.reason, 500);
      if (!approve && !reason) fail("refusal.order.refuseReason");
      changeReturn(deps, approve ? "approve" : "refuse", { returnNo: no, note: reason });
      return `return ${no} ${approve ? "approved" : "refused"}`;
    });
    act("/dev/returns/:no/complete", ({ no }) => {
      changeReturn(deps, "complete", { returnNo: no });
      return `return ${no} received and refunded`;
    });
  });
}
