// QR sign-in: the desktop's sign-in page asks for a ticket and shows its confirm address as
// a QR code; a signed-in phone opens the address, sees which device and address asked, and
// confirms or declines. The session goes only to the page that holds the ticket's secret,
// once: the ticket id travels in the QR code and the visitor id in addresses, the secret in
// nothing but qrCreate's answer.
import type * as T from "../../../../generated/types";
import { deviceOf } from "../../auth/device";
import { digest, randomToken } from "../../auth/tokens";
import { userById } from "../../auth/users";
import { fail } from "../envelope";
import { type ApiDeps, type CallDef, defineCall } from "../register";
import { recordAttempt, startSession } from "./auth";
import { clientIp, iso, limitAnonymousWrite } from "./shared";

export const QR_TTL_MS = 2 * 60_000;

interface TicketRow {
  id: string;
  visitor_id: string;
  status: "pending" | "scanned" | "confirmed" | "declined" | "expired";
  user_id: number | null;
  device: string;
  ip: string;
  expires_at: number;
}

const ticketOf = (deps: ApiDeps, id: string) =>
  deps.db.prepare("SELECT * FROM qr_tickets WHERE id = ?").get(id) as TicketRow | undefined;

/** The ticket a phone may still act on: pending or scanned, and not expired. */
function liveTicket(deps: ApiDeps, id: string): TicketRow {
  const ticket = ticketOf(deps, id);
  if (!ticket || ticket.expires_at <= deps.clock() || (ticket.status !== "pending" && ticket.status !== "scanned")) {
    fail("refusal.qr.expired");
  }
  return ticket!;
}

/** News for the desktop page: any socket of its visitor hears the status, never the session. */
function tell(deps: ApiDeps, ticket: TicketRow, status: T.AuthQrStatusResponse["status"]) {
  deps.live.toVisitor(ticket.visitor_id, { code: 0, msg: "", type: "auth.qr", data: { ticket: ticket.id, status } });
}

/** Moves a live ticket from one of `from` to `to` in one statement, so two phones cannot both win. */
function move(deps: ApiDeps, id: string, from: TicketRow["status"][], to: TicketRow["status"], userId: number | null): boolean {
  const placeholders = from.map(() => "?").join(", ");
  const changed = deps.db
    .prepare(
      `UPDATE qr_tickets SET status = ?, user_id = COALESCE(?, user_id) WHERE id = ? AND expires_at > ? AND status IN (${placeholders})`,
    )
    .run(to, userId, id, deps.clock(), ...from).changes;
  return changed === 1;
}

export const qrCalls: CallDef[] = [
  defineCall("auth/qrCreate", "optional", (ctx) => {
    if (!ctx.visitorId) fail("refusal.reload");
    limitAnonymousWrite(ctx);
    const ticket = randomToken();
    const secret = randomToken();
    const now = ctx.deps.clock();
    ctx.deps.db
      .prepare(
        "INSERT INTO qr_tickets (id, visitor_id, secret_hash, status, device, ip, created_at, expires_at) VALUES (?, ?, ?, 'pending', ?, ?, ?, ?)",
      )
      .run(
        ticket,
        ctx.visitorId,
        digest(secret),
        deviceOf(ctx.request.headers["user-agent"]),
        clientIp(ctx.request),
        now,
        now + QR_TTL_MS,
      );
    return { ticket, secret, url: `/auth/qr?ticket=${ticket}`, expiresAt: iso(now + QR_TTL_MS) };
  }),

  defineCall("auth/qrScan", "required", (ctx) => {
    const ticket = liveTicket(ctx.deps, ctx.body.ticket);
    if (ticket.status === "pending" && move(ctx.deps, ticket.id, ["pending"], "scanned", null)) tell(ctx.deps, ticket, "scanned");
    return { device: ticket.device, ip: ticket.ip, expiresAt: iso(ticket.expires_at) };
  }),

  defineCall("auth/qrConfirm", "required", (ctx) => {
    const ticket = liveTicket(ctx.deps, ctx.body.ticket);
    if (!move(ctx.deps, ticket.id, ["pending", "scanned"], "confirmed", ctx.user!.id)) {
      fail("refusal.qr.expired");
    }
    tell(ctx.deps, ticket, "confirmed");
    return {};
  }),

  defineCall("auth/qrDecline", "required", (ctx) => {
    const ticket = liveTicket(ctx.deps, ctx.body.ticket);
    if (move(ctx.deps, ticket.id, ["pending", "scanned"], "declined", null)) tell(ctx.deps, ticket, "declined");
    return {};
  }),

  defineCall("auth/qrStatus", "optional", (ctx) => {
    const { db, clock } = ctx.deps;
    const ticket = db
      .prepare("SELECT * FROM qr_tickets WHERE id = ? AND visitor_id = ? AND secret_hash = ?")
      .get(ctx.body.ticket, ctx.visitorId, digest(ctx.body.secret)) as TicketRow | undefined;
    if (!ticket) fail("refusal.qr.unknown");
    if (ticket!.status === "confirmed" && ticket!.user_id !== null) {
      // The session is handed over once: the ticket is spent by the same statement that checks it.
      const spent = db.prepare("UPDATE qr_tickets SET status = 'expired' WHERE id = ? AND status = 'confirmed'").run(ticket!.id);
      if (spent.changes !== 1) return { status: "expired" as const };
      const user = userById(db, ticket!.user_id)!;
      recordAttempt(ctx, user.email ?? user.mobile ?? "", user.id, "qr", true);
      return { status: "confirmed" as const, session: startSession(ctx, user, "qr") };
    }
    const live = ticket!.expires_at > clock() && (ticket!.status === "pending" || ticket!.status === "scanned");
    return { status: live ? ticket!.status : ticket!.status === "declined" ? "declined" : "expired" };
  }),
];
