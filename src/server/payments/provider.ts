// The demo payment provider: what a hosted payment page (Stripe Checkout, Adyen, …) does,
// in-process, so the shop's side (order/pay opening a session, the webhook marking the order
// paid) is the code a merchant keeps when swapping in a real provider.
//
// A session is `open` when order/pay creates it (30 minutes; a new one for the same order
// ends the last). Its page, /pay/{id}, is a plain server-rendered form posted without
// script. A card that pays makes it `succeeded`; one that needs 3-D Secure makes it
// `requires_action` until the shopper approves (succeeded) or declines (open again) on
// /pay/{id}/3ds; a declined card leaves it open. Each outcome is sent to the shop's webhook,
// signed, after the browser has been sent back, as a real provider does. Ten card attempts,
// an order that can no longer be paid, or the time running out make it `expired`.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { MessageLanguage } from "../../shared/languages";
import { loadMessages } from "../../shared/messages";
import type { ApiDeps } from "../api/register";
import type { Db } from "../db/open";
import { escapeHtml } from "../html";
import { createNonce } from "../security";
import { SIGNATURE_HEADER, signPayload } from "./signature";

export const SESSION_TTL_MS = 30 * 60_000;
export const MAX_ATTEMPTS = 10;
export const WEBHOOK_PATH = "/payments/webhook";
const SESSION_ID = /^ps_[A-Za-z0-9_-]{20,60}$/;
/** Later deliveries when the shop's webhook does not answer 2xx. */
const RETRY_DELAYS_MS = [2_000, 10_000, 60_000];

/** The test cards of docs/shop-features.md "Payments and orders"; any other valid number is declined. */
export const TEST_CARDS = { pays: "4242424242424242", declined: "4000000000000002", threeDSecure: "4000002760003184" } as const;

type SessionStatus = "open" | "requires_action" | "succeeded" | "expired";
/** What a card post came to (tryCard): over when the session could take no card. */
type CardOutcome =
  | { kind: "over"; s: SessionRow | undefined }
  | { kind: "tooMany" | "problems" | "threeDSecure" | "declined" | "paid"; s: SessionRow };

interface SessionRow {
  id: string;
  order_id: number;
  order_no: string;
  order_status: string;
  pay_status: string;
  amount: number;
  currency: string;
  language: MessageLanguage;
  return_url: string;
  status: SessionStatus;
  attempts: number;
  card_last4: string;
  expires_at: number;
}

export interface NewSession {
  orderId: number;
  amount: number;
  currency: string;
  language: MessageLanguage;
  returnUrl: string;
}

/** Opens a session (in the caller's transaction); the order's earlier ones end. */
export function openSession(db: Db, session: NewSession, now: number): { payUrl: string; expiresAt: string } {
  db.prepare("UPDATE payment_sessions SET status = 'expired' WHERE order_id = ? AND status IN ('open', 'requires_action')").run(
    session.orderId,
  );
  const id = `ps_${randomBytes(18).toString("base64url")}`;
  const expiresAt = now + SESSION_TTL_MS;
  db.prepare(
    `INSERT INTO payment_sessions (id, order_id, amount, currency, language, return_url, status, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
  ).run(id, session.orderId, session.amount, session.currency, session.language, session.returnUrl, now, expiresAt);
  return { payUrl: `/pay/${id}`, expiresAt: new Date(expiresAt).toISOString() };
}

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY (or MM/YYYY) whose month has not ended. */
export function expiryValid(value: string, now: number): boolean {
  const m = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return Date.UTC(year, month, 1) > now;
}

interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

type Field = keyof CardForm;

function checkCard(form: CardForm, now: number): Field[] {
  const problems: Field[] = [];
  if (!luhnValid(form.number.replace(/[\s-]/g, ""))) problems.push("number");
  if (!expiryValid(form.expiry, now)) problems.push("expiry");
  if (!/^\d{3,4}$/.test(form.cvc.trim())) problems.push("cvc");
  const name = form.name.trim();
  if (name.length === 0 || name.length > 100) problems.push("name");
  return problems;
}

const LOCALES: Record<MessageLanguage, string> = { en: "en", zh: "zh-CN", "zh-HK": "zh-HK" };

type Say = (id: string, values?: Record<string, string>) => string;

async function sayer(language: MessageLanguage): Promise<Say> {
  const messages = { ...(await loadMessages("en")), ...(await loadMessages(language)) };
  return (id, values = {}) => (messages[id] ?? id).replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);
}

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1f2937;background:#f3f4f6}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
.brand{font-weight:700;color:#3730a3;margin:0 0 1rem}
h1{font-size:1.35rem;margin:0 0 .25rem}
.amount{font-size:1.6rem;font-weight:700;margin:.25rem 0 1rem}
label{display:block;font-weight:600;margin:.9rem 0 .25rem}
input{box-sizing:border-box;width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #6b7280;border-radius:.4rem}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:.75rem}.row>div{flex:1}
.error{color:#b91c1c;margin:.25rem 0 0;font-size:.95rem}
.alert{border:1px solid #b91c1c;background:#fef2f2;color:#7f1d1d;padding:.75rem;border-radius:.4rem}
.note{font-size:.9rem;color:#374151;background:#eef2ff;padding:.75rem;border-radius:.4rem}
button{margin-top:1.25rem;width:100%;padding:.75rem;font:inherit;font-weight:700;color:#fff;background:#3730a3;border:0;border-radius:.4rem;cursor:pointer}
button.secondary{background:#fff;color:#3730a3;border:2px solid #3730a3}
a{color:#3730a3}
`;

function page(reply: FastifyReply, language: MessageLanguage, title: string, body: string, status = 200) {
  const nonce = createNonce();
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header(
      "content-security-policy",
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .send(
      `<!doctype html><html lang="${LOCALES[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${STYLE}</style></head><body><main>${body}</main></body></html>`,
    );
}

export interface ProviderOptions {
  /** Shared with the shop's webhook: HMAC-SHA256 key of every delivery. */
  secret: string;
}

export function registerPaymentProvider(app: FastifyInstance, deps: ApiDeps, options: ProviderOptions): void {
  const { db, clock, store } = deps;
  const merchant = store.config.storeName;

  const load = (id: string): SessionRow | undefined => {
    if (!SESSION_ID.test(id)) return undefined;
    const row = db
      .prepare(
        `SELECT s.*, o.order_no, o.status AS order_status, o.pay_status FROM payment_sessions s JOIN orders o ON o.id = s.order_id
          WHERE s.id = ?`,
      )
      .get(id) as SessionRow | undefined;
    if (!row) return undefined;
    // Time out, or an order that was cancelled or paid elsewhere: the page can take nothing more.
    const payable = row.order_status === "in_progress" && row.pay_status === "unpaid";
    if ((row.status === "open" || row.status === "requires_action") && (row.expires_at <= clock() || !payable)) {
      // Only a session still waiting: one paid on another worker meanwhile stays paid, and is shown so.
      const expired = db
        .prepare("UPDATE payment_sessions SET status = 'expired' WHERE id = ? AND status IN ('open', 'requires_action')")
        .run(row.id).changes;
      if (expired === 0) return load(id);
      row.status = "expired";
    }
    return row;
  };

  /**
   * One card attempt, from reading the session to its new state, in one transaction: with
   * several workers, two posts of the same page queue for the write lock, so neither counts
   * from an attempt number the other has already spent, and one session is paid once.
   */
  const tryCard = (id: string, card: CardForm, problems: Field[]) =>
    db.transaction((): CardOutcome => {
      const s = load(id);
      if (s?.status !== "open") return { kind: "over", s };
      const attempts = s.attempts + 1;
      if (attempts > MAX_ATTEMPTS) {
        db.prepare("UPDATE payment_sessions SET status = 'expired' WHERE id = ?").run(s.id);
        s.status = "expired";
        return { kind: "tooMany", s };
      }
      db.prepare("UPDATE payment_sessions SET attempts = ? WHERE id = ?").run(attempts, s.id);
      s.attempts = attempts;
      if (problems.length) return { kind: "problems", s };
      const digits = card.number.replace(/[\s-]/g, "");
      s.card_last4 = digits.slice(-4);
      s.status = digits === TEST_CARDS.threeDSecure ? "requires_action" : digits === TEST_CARDS.pays ? "succeeded" : "open";
      db.prepare("UPDATE payment_sessions SET card_last4 = ?, status = ? WHERE id = ?").run(s.card_last4, s.status, s.id);
      return { kind: s.status === "requires_action" ? "threeDSecure" : s.status === "succeeded" ? "paid" : "declined", s };
    })();

  const price = (s: SessionRow) =>
    new Intl.NumberFormat(LOCALES[s.language], { style: "currency", currency: s.currency }).format(s.amount);

  /** A session that is over: why, and the way back. */
  const over = async (reply: FastifyReply, s: SessionRow | undefined, messageId?: string) => {
    const language = s?.language ?? "en";
    const say = await sayer(language);
    const id = messageId ?? (s?.status === "succeeded" ? "paypage.done" : "paypage.expired");
    const back = s ? `<p><a href="${escapeHtml(s.return_url)}">${escapeHtml(say("paypage.return"))}</a></p>` : "";
    return page(
      reply,
      language,
      say("paypage.brand"),
      `<p class="brand">${escapeHtml(say("paypage.brand"))}</p><h1>${escapeHtml(say(id))}</h1>${back}`,
      s ? 200 : 404,
    );
  };

  const form = async (
    reply: FastifyReply,
    s: SessionRow,
    state: { problems?: Field[]; alert?: string; kept?: Partial<CardForm> },
  ) => {
    const say = await sayer(s.language);
    const problems = state.problems ?? [];
    const field = (name: Field, label: string, error: string, attrs: string) => {
      const invalid = problems.includes(name);
      const value = name === "name" || name === "expiry" ? (state.kept?.[name] ?? "") : "";
      return `<div><label for="pay-${name}">${escapeHtml(say(label))}</label><input id="pay-${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${
        invalid ? ` aria-invalid="true" aria-describedby="pay-${name}-error"` : ""
      } required>${invalid ? `<p class="error" id="pay-${name}-error">${escapeHtml(say(error))}</p>` : ""}</div>`;
    };
    const alert = state.alert
      ? `<p class="alert" role="alert">${escapeHtml(say(state.alert))}</p>`
      : problems.length
        ? `<p class="alert" role="alert">${escapeHtml(say("paypage.error.summary"))}</p>`
        : "";
    const amount = price(s);
    return page(
      reply,
      s.language,
      `${say("paypage.title", { merchant })} · ${say("paypage.brand")}`,
      `<p class="brand">${escapeHtml(say("paypage.brand"))}</p>
<h1>${escapeHtml(say("paypage.title", { merchant }))}</h1>
<p>${escapeHtml(say("paypage.order", { orderNo: s.order_no }))}</p>
<p>${escapeHtml(say("paypage.amount"))}</p><p class="amount">${escapeHtml(amount)}</p>
${alert}
<form method="post" action="/pay/${escapeHtml(s.id)}" novalidate>
${field("number", "paypage.card", "paypage.error.card", 'inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">${field("expiry", "paypage.expiry", "paypage.error.expiry", 'autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"')}${field(
        "cvc",
        "paypage.cvc",
        "paypage.error.cvc",
        'inputmode="numeric" autocomplete="cc-csc" maxlength="4"',
      )}</div>
${field("name", "paypage.name", "paypage.error.name", 'autocomplete="cc-name" maxlength="100"')}
<button type="submit">${escapeHtml(say("paypage.submit", { amount }))}</button>
</form>
<p class="note">${escapeHtml(say("paypage.test"))}</p>
<p><a href="${escapeHtml(s.return_url)}">${escapeHtml(say("paypage.back"))}</a></p>`,
    );
  };

  /** Sends an outcome to the shop's webhook, signed; retried a few times while it fails. */
  const deliver = (type: "payment.succeeded" | "payment.failed", s: SessionRow, extra: { reason?: string }) => {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString("base64url")}`,
      type,
      created: Math.floor(clock() / 1000),
      data: { session: s.id, orderNo: s.order_no, amount: s.amount, currency: s.currency, last4: s.card_last4, ...extra },
    });
    const attempt = (n: number) => {
      // Signed at each attempt: a retry carries a fresh timestamp, as with real providers.
      const headers = {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signPayload(options.secret, body, Math.floor(clock() / 1000)),
      };
      app.inject({ method: "POST", url: WEBHOOK_PATH, headers, payload: body }).then(
        (answer) => {
          if (answer.statusCode >= 300 && n < RETRY_DELAYS_MS.length)
            setTimeout(() => attempt(n + 1), RETRY_DELAYS_MS[n]).unref();
        },
        // The server is closing: nobody is left to tell.
        () => undefined,
      );
    };
    // After the browser's answer has gone: the redirect may well arrive before the webhook.
    setImmediate(() => attempt(0));
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get("/pay/:id", async (request, reply) => {
      const s = load((request.params as { id: string }).id);
      if (!s || s.status === "expired" || s.status === "succeeded") return over(reply, s);
      if (s.status === "requires_action") return reply.redirect(`/pay/${s.id}/3ds`, 303);
      const error = (request.query as { error?: string }).error;
      return form(
        reply,
        s,
        error === "declined" ? { alert: "paypage.declined" } : error === "auth" ? { alert: "paypage.authFailed" } : {},
      );
    });

    scope.post("/pay/:id", async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const first = load(id);
      if (first?.status !== "open") return over(reply, first);
      // Card testing is what payment forms attract: few tries per address and per session.
      if (!deps.limits.take("anonymousWriteIp", request.ip))
        return reply.code(429).send("Too many requests. Try again in a minute.");
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const text = (key: Field) => (typeof raw[key] === "string" ? (raw[key] as string).slice(0, 200) : "");
      const card: CardForm = { number: text("number"), expiry: text("expiry"), cvc: text("cvc"), name: text("name") };
      const problems = checkCard(card, clock());
      const outcome = tryCard(id, card, problems);
      if (outcome.kind === "over") return over(reply, outcome.s);
      const { s } = outcome;
      switch (outcome.kind) {
        case "tooMany":
          return over(reply, s, "paypage.tooMany");
        case "problems":
          return form(reply, s, { problems, kept: card });
        case "threeDSecure":
          return reply.redirect(`/pay/${s.id}/3ds`, 303);
        case "declined":
          deliver("payment.failed", s, { reason: "declined" });
          return reply.redirect(`/pay/${s.id}?error=declined`, 303);
        case "paid":
          deliver("payment.succeeded", s, {});
          return reply.redirect(s.return_url, 303);
      }
    });

    scope.get("/pay/:id/3ds", async (request, reply) => {
      const s = load((request.params as { id: string }).id);
      if (s?.status !== "requires_action") return s?.status === "open" ? reply.redirect(`/pay/${s.id}`, 303) : over(reply, s);
      const say = await sayer(s.language);
      return page(
        reply,
        s.language,
        `${say("paypage.3ds.title")} · ${say("paypage.brand")}`,
        `<p class="brand">${escapeHtml(say("paypage.brand"))}</p>
<h1>${escapeHtml(say("paypage.3ds.title"))}</h1>
<p>${escapeHtml(say("paypage.3ds.text", { amount: price(s), merchant, last4: s.card_last4 }))}</p>
<form method="post" action="/pay/${escapeHtml(s.id)}/3ds">
<button type="submit" name="decision" value="approve">${escapeHtml(say("paypage.3ds.approve"))}</button>
<button type="submit" name="decision" value="decline" class="secondary">${escapeHtml(say("paypage.3ds.decline"))}</button>
</form>`,
      );
    });

    scope.post("/pay/:id/3ds", async (request, reply) => {
      const approved = (request.body as { decision?: unknown } | undefined)?.decision === "approve";
      // Read and changed in one transaction: a second answer on another worker finds it decided.
      const decided = db.transaction(() => {
        const row = load((request.params as { id: string }).id);
        if (row?.status !== "requires_action") return { row, waiting: false } as const;
        row.status = approved ? "succeeded" : "open";
        db.prepare("UPDATE payment_sessions SET status = ? WHERE id = ?").run(row.status, row.id);
        return { row, waiting: true } as const;
      })();
      if (!decided.waiting) return over(reply, decided.row);
      const { row } = decided;
      if (approved) {
        deliver("payment.succeeded", row, {});
        return reply.redirect(row.return_url, 303);
      }
      deliver("payment.failed", row, { reason: "authentication_failed" });
      return reply.redirect(`/pay/${row.id}?error=auth`, 303);
    });
  });
}
