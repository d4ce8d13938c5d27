// The shop's side of payments: the provider's webhook. It alone marks an order paid (the
// browser coming back proves nothing). The signature is checked over the raw body before the
// body is parsed; each event id is handled once, in the same transaction as the order's
// change, so a replay or a retry pays nothing twice.
import type { FastifyInstance } from "fastify";
import type { PaymentWebhookEvent } from "../../../generated/types";
import { changeOrder } from "../api/calls/order";
import { ApiFail } from "../api/envelope";
import type { ApiDeps } from "../api/register";
import { WEBHOOK_PATH } from "./provider";
import { checkSignature, SIGNATURE_HEADER } from "./signature";

const EVENT_SCHEMA = "api/payment/webhook-event.schema.json";

export function registerPaymentWebhook(app: FastifyInstance, deps: ApiDeps, secret: string): void {
  const { db } = deps;
  app.register(async (scope) => {
    // The raw bytes, exactly as signed: parsing first and signing JSON.stringify again would
    // not give the same text.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 16 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const raw = request.body as Buffer;
      const header = request.headers[SIGNATURE_HEADER];
      const check = checkSignature(secret, raw, typeof header === "string" ? header : undefined, deps.clock());
      if (check !== "ok") {
        return reply.code(400).send({ received: false, error: check === "stale" ? "timestamp too old" : "bad signature" });
      }
      let event: PaymentWebhookEvent;
      try {
        event = JSON.parse(raw.toString("utf8")) as PaymentWebhookEvent;
      } catch {
        return reply.code(400).send({ received: false, error: "body is not JSON" });
      }
      if (!deps.schemas.get(EVENT_SCHEMA)(event)) return reply.code(400).send({ received: false, error: "unknown event shape" });
      const session = db
        .prepare(
          "SELECT s.amount, s.currency, o.order_no FROM payment_sessions s JOIN orders o ON o.id = s.order_id WHERE s.id = ?",
        )
        .get(event.data.session) as { amount: number; currency: string; order_no: string } | undefined;
      if (
        !session ||
        session.order_no !== event.data.orderNo ||
        session.amount !== event.data.amount ||
        session.currency !== event.data.currency
      ) {
        return reply.code(400).send({ received: false, error: "unknown session" });
      }
      const outcome = db.transaction(() => {
        const fresh = db
          .prepare(
            "INSERT INTO payment_events (event_id, session_id, type, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .run(event.id, event.data.session, event.type, deps.clock()).changes;
        if (fresh === 0) return "duplicate";
        const change = event.type === "payment.succeeded" ? "pay" : "payment_failed";
        const note = event.type === "payment.succeeded" ? `•••• ${event.data.last4}` : (event.data.reason ?? "");
        try {
          changeOrder(deps, change, { orderNo: event.data.orderNo, note });
          return "applied";
        } catch (err) {
          // Paid already, or cancelled meanwhile: the event is recorded and answered, so the
          // provider stops retrying; the order keeps its state.
          if (err instanceof ApiFail) return "ignored";
          throw err;
        }
      })();
      return reply.send({ received: true, outcome });
    });
  });
}
