// Orders after checkout, against the reference server: the demo provider's page and its
// signed webhook (bad signature, stale timestamp, replay), every illegal order and return
// transition refused with a clear message and nothing written, concurrent cancels, returns
// with photos, and the merchant's /dev/orders.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signPayload } from "../../../src/server/payments/signature";
import { stockSnapshot } from "../../../src/server/stock";
import { payOrder, placeOrder, startPayment, submitCard } from "./orders-support";
import { type Envelope, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

const SECRET = "test-webhook-secret";
let store: TestStore;
let token: string;
let email: string;

beforeAll(async () => {
  store = await startStore({ paymentSecret: SECRET });
  ({ token, email } = await signUp(store));
}, START_TIMEOUT_MS);

afterAll(() => store?.close());

const detail = async (orderNo: string, as = token) => (await store.post("order/detail", { orderNo }, { token: as })).data;

/** Everything an order or return change may write. */
function snapshot(): string {
  const db = store.server.db;
  return JSON.stringify(
    ["orders", "order_events", "shipments", "returns", "return_items", "return_photos", "payment_sessions", "payment_events"].map(
      (table) => db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all(),
    ),
  );
}

/** The call is refused with this message (code 41) and the database is as before. */
async function refused(call: string, body: unknown, msg: string | RegExp) {
  const before = snapshot();
  const answer = await store.post(call, body, { token });
  expect(answer.code).toBe(41);
  expect(answer.msg).toMatch(msg);
  expect(snapshot()).toBe(before);
}

/** The merchant's action is refused (409) with this message, and the database is as before. */
async function devRefused(path: string, fields: Record<string, string>, msg: string) {
  const before = snapshot();
  const answer = await devPost(path, fields);
  expect(answer.status).toBe(409);
  expect(await answer.text()).toContain(msg);
  expect(snapshot()).toBe(before);
}

async function devPost(path: string, fields: Record<string, string>) {
  return fetch(`${store.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

function webhook(body: string, signature: string) {
  return fetch(`${store.url}/payments/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-pay-signature": signature },
    body,
  });
}

const sessionOf = (payUrl: string) => payUrl.slice("/pay/".length);

function paidEvent(orderNo: string, session: string, amount: number, id = `evt_${Math.random().toString(36).slice(2, 14)}`) {
  return JSON.stringify({
    id,
    type: "payment.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { session, orderNo, amount, currency: "USD", last4: "4242" },
  });
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001",
  "hex",
);

function applyForm(fields: Record<string, string>, photos: Buffer[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [i, photo] of photos.entries())
    form.append("photos", new Blob([new Uint8Array(photo)], { type: "image/png" }), `photo-${i}.png`);
  return form;
}

async function apply(fields: Record<string, string>, photos: Buffer[] = []): Promise<Envelope> {
  const response = await fetch(`${store.url}/api/web/return/apply`, {
    method: "POST",
    headers: { "x-auth": token },
    body: applyForm(fields, photos),
  });
  return { status: response.status, ...((await response.json()) as Omit<Envelope, "status">) };
}

describe("paying on the provider's page", () => {
  it("refuses to open a payment for cash on delivery, a paid or a cancelled order", async () => {
    const cod = await placeOrder(store, token, { paymentMethod: "cod" });
    await refused("order/pay", { orderNo: cod, returnPath: "/", language: "en" }, "This order is paid in cash on delivery.");
    const cancelled = await placeOrder(store, token);
    await store.post("order/cancel", { orderNo: cancelled }, { token });
    await refused("order/pay", { orderNo: cancelled, returnPath: "/", language: "en" }, "This order can no longer be paid.");
    expect(
      (await store.post("order/pay", { orderNo: cod, returnPath: "//evil.example", language: "en" }, { token })).status,
    ).toBe(400);
  });

  it("refuses a return path that is not a plain path of this shop, before any payment opens (issue #48)", async () => {
    const orderNo = await placeOrder(store, token);
    for (const returnPath of [
      "/\t/evil.example/phish",
      "/\n",
      "/\r\nSet-Cookie: a=b",
      "/\u3000/",
      "/\\evil.example",
      "//evil.example",
      "/ /x",
    ]) {
      const answer = await store.post("order/pay", { orderNo, returnPath, language: "en" }, { token });
      expect([returnPath, answer.status]).toEqual([returnPath, 400]);
    }
    const sessions = store.server.db.prepare("SELECT COUNT(*) AS n FROM payment_sessions").get() as { n: number };
    expect(
      (await store.post("order/pay", { orderNo, returnPath: `/user/order/${orderNo}?a=%E3%80%80`, language: "en" }, { token }))
        .code,
    ).toBe(0);
    expect((store.server.db.prepare("SELECT COUNT(*) AS n FROM payment_sessions").get() as { n: number }).n).toBe(sessions.n + 1);
  });

  it("shows a labelled form, explains invalid fields, declines 4000 0000 0000 0002, and pays with 4242 on a second try", async () => {
    const orderNo = await placeOrder(store, token);
    const payUrl = await startPayment(store, token, orderNo);
    const page = await fetch(`${store.url}${payUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="pay-number">Card number</label>');
    expect(html).toContain(orderNo);
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");

    const invalid = await submitCard(store, payUrl, "4242 4242 4242 4241", { expiry: "01/20", cvc: "1", name: "" });
    expect(invalid.status).toBe(200);
    const text = await invalid.text();
    for (const message of [
      "Enter a valid card number.",
      "Enter an expiry date in the future, as MM/YY.",
      "Enter the 3 or 4 digit security code.",
      "Enter the name on the card.",
    ])
      expect(text).toContain(message);

    const declined = await submitCard(store, payUrl, "4000 0000 0000 0002");
    expect(declined.status).toBe(303);
    expect(declined.headers.get("location")).toBe(`${payUrl}?error=declined`);
    expect(await (await fetch(`${store.url}${payUrl}?error=declined`)).text()).toContain("Your card was declined.");
    await expect
      .poll(async () => (await detail(orderNo)).timeline.map((e: { kind: string }) => e.kind))
      .toContain("payment_failed");
    expect((await detail(orderNo)).payStatus).toBe("unpaid");

    const paid = await submitCard(store, payUrl, "4242424242424242");
    expect(paid.headers.get("location")).toBe(`/user/order/${orderNo}`);
    await expect.poll(async () => (await detail(orderNo)).payStatus).toBe("paid");
    const order = await detail(orderNo);
    expect(order.timeline.filter((e: { kind: string }) => e.kind === "paid")).toHaveLength(1);
    // The session is over: its page says so and takes no more cards.
    expect(await (await fetch(`${store.url}${payUrl}`)).text()).toContain("This payment is complete.");
    expect((await submitCard(store, payUrl, "4242424242424242")).status).toBe(200);
    const outbox = store.server.db.prepare("SELECT subject FROM outbox WHERE recipient = ?").all(email) as { subject: string }[];
    expect(outbox.map((m) => m.subject)).toContain(`Payment received: ${orderNo}`);
  });

  it("asks for 3-D Secure with 4000 0027 6000 3184: decline leaves the order unpaid, approve pays it", async () => {
    const orderNo = await placeOrder(store, token);
    const payUrl = await startPayment(store, token, orderNo);
    const challenge = await submitCard(store, payUrl, "4000 0027 6000 3184");
    expect(challenge.headers.get("location")).toBe(`${payUrl}/3ds`);
    const page = await (await fetch(`${store.url}${payUrl}/3ds`)).text();
    expect(page).toContain("card ending in 3184");
    const decide = (decision: string) =>
      fetch(`${store.url}${payUrl}/3ds`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `decision=${decision}`,
        redirect: "manual",
      });
    expect((await decide("decline")).headers.get("location")).toBe(`${payUrl}?error=auth`);
    await expect
      .poll(async () => (await detail(orderNo)).timeline.map((e: { kind: string }) => e.kind))
      .toContain("payment_failed");
    expect((await detail(orderNo)).payStatus).toBe("unpaid");
    await submitCard(store, payUrl, "4000002760003184");
    expect((await decide("approve")).headers.get("location")).toBe(`/user/order/${orderNo}`);
    await expect.poll(async () => (await detail(orderNo)).payStatus).toBe("paid");
  });

  it("expires an open payment page once its order is cancelled", async () => {
    const orderNo = await placeOrder(store, token);
    const payUrl = await startPayment(store, token, orderNo);
    await store.post("order/cancel", { orderNo }, { token });
    const answer = await submitCard(store, payUrl, "4242424242424242");
    expect(await answer.text()).toContain("This payment link has expired");
    expect((await detail(orderNo)).payStatus).toBe("unpaid");
  });

  it("holds the cancellation of an order whose payment was taken before its webhook came, for review, and records the payment", async () => {
    const orderNo = await placeOrder(store, token);
    const session = sessionOf(await startPayment(store, token, orderNo));
    // The provider has taken the money (the session succeeded); its webhook is still on its way.
    store.server.db.prepare("UPDATE payment_sessions SET status = 'succeeded' WHERE id = ?").run(session);
    expect((await store.post("order/cancel", { orderNo }, { token })).code).toBe(0);
    expect((await detail(orderNo)).status).toBe("pending_cancellation");
    const { payAmount } = await detail(orderNo);
    const body = paidEvent(orderNo, session, payAmount);
    const answer = await webhook(body, signPayload(SECRET, body, Math.floor(Date.now() / 1000)));
    expect(await answer.json()).toEqual({ received: true, outcome: "applied" });
    const order = await detail(orderNo);
    expect([order.status, order.payStatus]).toEqual(["pending_cancellation", "paid"]);
  });
});

describe("the payment webhook", () => {
  it("refuses a bad or missing signature and a stale timestamp, and handles a replay once", async () => {
    const orderNo = await placeOrder(store, token);
    const session = sessionOf(await startPayment(store, token, orderNo));
    const { payAmount } = await detail(orderNo);
    const body = paidEvent(orderNo, session, payAmount);
    const now = Math.floor(Date.now() / 1000);
    const before = snapshot();

    const forged = await webhook(body, signPayload("not-the-secret", body, now));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ received: false, error: "bad signature" });
    const tampered = await webhook(body.replace(`"amount":${payAmount}`, '"amount":0.01'), signPayload(SECRET, body, now));
    expect(tampered.status).toBe(400);
    const stale = await webhook(body, signPayload(SECRET, body, now - 600));
    expect(await stale.json()).toEqual({ received: false, error: "timestamp too old" });
    expect((await webhook(body, "")).status).toBe(400);
    expect(snapshot()).toBe(before);

    const first = await webhook(body, signPayload(SECRET, body, now));
    expect(await first.json()).toEqual({ received: true, outcome: "applied" });
    const replay = await webhook(body, signPayload(SECRET, body, now + 1));
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });
    // Another event for the same, already paid order changes nothing either.
    const again = paidEvent(orderNo, session, payAmount);
    expect(await (await webhook(again, signPayload(SECRET, again, now))).json()).toEqual({ received: true, outcome: "ignored" });
    const order = await detail(orderNo);
    expect(order.payStatus).toBe("paid");
    expect(order.timeline.filter((e: { kind: string }) => e.kind === "paid")).toHaveLength(1);
  });

  it("refuses an event whose amount or order does not match the session", async () => {
    const orderNo = await placeOrder(store, token);
    const session = sessionOf(await startPayment(store, token, orderNo));
    const body = paidEvent(orderNo, session, 0.01);
    const answer = await webhook(body, signPayload(SECRET, body, Math.floor(Date.now() / 1000)));
    expect(await answer.json()).toEqual({ received: false, error: "unknown session" });
    expect((await detail(orderNo)).payStatus).toBe("unpaid");
  });
});

describe("order life", () => {
  it("cancels an unpaid order and gives its units back to stock", async () => {
    const stock = () => stockSnapshot(store.server.db, store.server.store)("ENAMUG-WHI");
    const before = stock();
    const orderNo = await placeOrder(store, token, { sku: "ENAMUG-WHI", quantity: 2 });
    expect(stock()).toBe(before - 2);
    // A page of cards asks about its variants first, in one query: the same answers.
    const mug = { sku: "ENAMUG-WHI", stock: store.server.store.variantBySku.get("ENAMUG-WHI")!.variant.stock };
    const variants = [mug, ...store.server.store.products.slice(0, 6).flatMap((p) => p.variants)].map((v) => ({
      sku: v.sku,
      stock: v.stock,
    }));
    const one = stockSnapshot(store.server.db, store.server.store);
    const primed = stockSnapshot(store.server.db, store.server.store);
    primed.prime(variants);
    expect(variants.map((v) => primed(v.sku, v.stock))).toEqual(variants.map((v) => one(v.sku, v.stock)));
    expect(primed(mug.sku)).toBe(before - 2);
    const cancelled = await store.post("order/cancel", { orderNo }, { token });
    expect(cancelled.data.status).toBe("cancelled");
    expect(cancelled.data.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "cancelled"]);
    expect(stock()).toBe(before);
    await refused("order/cancel", { orderNo }, "This order has been cancelled.");
    await refused("order/confirm", { orderNo }, "This order has been cancelled.");
  });

  it("lets one of two concurrent cancels win and tells the other why", async () => {
    const orderNo = await placeOrder(store, token);
    const answers = await Promise.all([1, 2].map(() => store.post("order/cancel", { orderNo }, { token })));
    expect(answers.map((a) => a.code).sort()).toEqual([0, 41]);
    expect(answers.find((a) => a.code === 41)!.msg).toBe("This order has been cancelled.");
    expect((await detail(orderNo)).timeline.filter((e: { kind: string }) => e.kind === "cancelled")).toHaveLength(1);
  });

  it("refuses illegal changes with a clear message and writes nothing", async () => {
    const orderNo = await placeOrder(store, token);
    await refused("order/confirm", { orderNo }, "This order has not shipped yet.");
    await refused("order/detail", { orderNo: "SO00000000NOSUCH" }, "The order was not found.");
    await refused(
      "return/ship",
      { returnNo: "RT00000000NOSUCH", logisticsCompany: "SF", logisticsNo: "1", deliveredAt: "2026-01-01" },
      "The return was not found.",
    );
    await payOrder(store, token, orderNo);
    await refused("order/pay", { orderNo, returnPath: "/", language: "en" }, "This order is already paid.");
    await refused("order/confirm", { orderNo }, "This order has not shipped yet.");
    // Paid, not shipped: the cancellation waits for the merchant.
    expect((await store.post("order/cancel", { orderNo }, { token })).data.status).toBe("pending_cancellation");
    await refused("order/cancel", { orderNo }, "This order is waiting for its cancellation to be reviewed.");
    await refused("order/confirm", { orderNo }, "This order is waiting for its cancellation to be reviewed.");
    // The merchant refuses it (a reason is required), then ships; the customer confirms receipt.
    await devRefused(`/dev/orders/${orderNo}/cancellation`, { decision: "refuse" }, "Enter a refuse reason.");
    expect((await devPost(`/dev/orders/${orderNo}/cancellation`, { decision: "refuse", reason: "Already packed" })).status).toBe(
      303,
    );
    expect((await detail(orderNo)).status).toBe("in_progress");
    expect((await devPost(`/dev/orders/${orderNo}/ship`, { expressName: "SF Express", expressNo: "SF1234" })).status).toBe(303);
    await devRefused(
      `/dev/orders/${orderNo}/ship`,
      { expressName: "SF Express", expressNo: "SF9" },
      "This order has already shipped.",
    );
    await devRefused(`/dev/orders/${orderNo}/cancellation`, { decision: "approve" }, "This order has no cancellation to review.");
    await refused("order/cancel", { orderNo }, /has shipped and can no longer be cancelled/);
    const done = await store.post("order/confirm", { orderNo }, { token });
    expect(done.data.status).toBe("completed");
    expect(done.data.shipments).toMatchObject([{ expressName: "SF Express", expressNo: "SF1234" }]);
    expect(done.data.timeline.map((e: { kind: string }) => e.kind)).toEqual([
      "placed",
      "paid",
      "cancel_requested",
      "cancel_refused",
      "shipped",
      "received",
    ]);
    await refused("order/confirm", { orderNo }, "This order is already completed.");
    const subjects = (
      store.server.db.prepare("SELECT subject FROM outbox WHERE recipient = ?").all(email) as { subject: string }[]
    ).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Cancellation refused: ${orderNo}`,
        `Your order has shipped: ${orderNo}`,
        `Order completed: ${orderNo}`,
      ]),
    );
  });

  it("ships cash on delivery unpaid and marks it paid on receipt; an unpaid card order cannot ship", async () => {
    const cod = await placeOrder(store, token, { paymentMethod: "cod" });
    const card = await placeOrder(store, token);
    await devRefused(`/dev/orders/${card}/ship`, { expressNo: "X1" }, "An unpaid order cannot be shipped.");
    await devPost(`/dev/orders/${cod}/ship`, { expressName: "Demo Express", expressNo: "DE1" });
    const done = await store.post("order/confirm", { orderNo: cod }, { token });
    expect(done.data).toMatchObject({ status: "completed", payStatus: "paid" });
  });

  it("approves a requested cancellation: the order is cancelled", async () => {
    const orderNo = await placeOrder(store, token);
    await payOrder(store, token, orderNo);
    await store.post("order/cancel", { orderNo }, { token });
    await devPost(`/dev/orders/${orderNo}/cancellation`, { decision: "approve" });
    expect((await detail(orderNo)).status).toBe("cancelled");
    await refused("order/cancel", { orderNo }, "This order has been cancelled.");
  });

  it("keeps a customer to their own orders", async () => {
    const orderNo = await placeOrder(store, token);
    const other = await signUp(store);
    expect(await store.post("order/cancel", { orderNo }, { token: other.token })).toMatchObject({
      code: 41,
      msg: "The order was not found.",
    });
    expect((await detail(orderNo)).status).toBe("in_progress");
  });
});

describe("returns", () => {
  it("refuses a return of an unpaid order, of more than was bought, or for more than was paid", async () => {
    const orderNo = await placeOrder(store, token, { sku: "INSBOT-OLI", quantity: 2 });
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const base = { orderNo, applyType: "return_refund", applyDesc: "Chipped", lines };
    const before = snapshot();
    expect(await apply(base)).toMatchObject({ code: 41, msg: "Only a paid order can be returned." });
    await payOrder(store, token, orderNo);
    const { items, payAmount } = await detail(orderNo);
    const paidBefore = snapshot();
    expect(await apply({ ...base, lines: JSON.stringify([{ sku: "INSBOT-OLI", quantity: 3 }]) })).toMatchObject({
      code: 41,
      msg: "At most 2 of INSBOT-OLI can be returned.",
    });
    expect(await apply({ ...base, lines: JSON.stringify([{ sku: "NOPE-1", quantity: 1 }]) })).toMatchObject({
      code: 41,
      msg: "NOPE-1 is not in this order.",
    });
    expect(await apply({ ...base, refundAmount: String(items[0].price + 0.01) })).toMatchObject({
      code: 41,
      msg: `At most ${items[0].price.toFixed(2)} USD can be refunded for these items.`,
    });
    expect(await apply({ ...base, applyType: "swap" })).toMatchObject({ status: 400, code: 40 });
    expect(await apply({ ...base }, [Buffer.from("not an image")])).toMatchObject({
      code: 41,
      msg: "Photos must be PNG, JPEG or WebP images.",
    });
    expect(await apply({ ...base }, [PNG, PNG, PNG, PNG])).toMatchObject({ code: 41, msg: "At most 3 photos." });
    expect(await apply({ ...base }, [Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)])])).toMatchObject({
      code: 41,
      msg: "Each photo must be at most 2 MB.",
    });
    expect(snapshot()).toBe(paidBefore);
    expect(before).not.toBe(paidBefore);
    expect(payAmount).toBeGreaterThan(0);
  });

  it("walks a return from request to refund, with photos, refusing each step out of turn", async () => {
    const orderNo = await placeOrder(store, token, { sku: "INSBOT-OLI", quantity: 2 });
    await payOrder(store, token, orderNo);
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const created = await apply({ orderNo, applyType: "return_refund", applyDesc: "Chipped", lines, refundAmount: "5" }, [
      PNG,
      PNG,
    ]);
    expect(created.code).toBe(0);
    const returnNo = created.data.returnNo as string;
    expect(created.data).toMatchObject({ status: "pending", auditStatus: "pending", refundAmount: 5, photos: 2 });
    expect(created.data.lines).toMatchObject([{ sku: "INSBOT-OLI", quantity: 1 }]);
    expect((await detail(orderNo)).items[0].returnable).toBe(1);

    const ship = { returnNo, logisticsCompany: "SF Express", logisticsNo: "SF777", deliveredAt: "2026-01-02" };
    await refused("return/ship", ship, "The merchant has not approved this return yet.");
    await devRefused(`/dev/returns/${returnNo}/complete`, {}, "This return has not been approved.");
    expect((await devPost(`/dev/returns/${returnNo}/review`, { decision: "approve" })).status).toBe(303);
    await devRefused(`/dev/returns/${returnNo}/review`, { decision: "approve" }, "This return has already been reviewed.");
    await devRefused(`/dev/returns/${returnNo}/complete`, {}, "The returned parcel has not been sent yet.");
    await refused("return/ship", { ...ship, deliveredAt: "2999-01-01" }, "The parcel cannot have been sent in the future.");
    expect((await store.post("return/ship", ship, { token })).data).toMatchObject({ logisticsNo: "SF777" });
    await refused("return/ship", ship, "The parcel's details have already been sent.");
    await refused("return/cancel", { returnNo }, "The parcel is on its way, so this return can no longer be withdrawn.");
    expect((await devPost(`/dev/returns/${returnNo}/complete`, {})).status).toBe(303);
    const done = (await store.post("return/detail", { returnNo }, { token })).data;
    expect(done).toMatchObject({ status: "completed", auditStatus: "approved" });
    await refused("return/cancel", { returnNo }, "This return is already completed.");
    const kinds = (await detail(orderNo)).timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual(["placed", "paid", "return_requested", "return_approved", "return_shipped", "return_completed"]);
    expect(store.server.db.prepare("SELECT COUNT(*) AS n FROM return_photos").get()).toEqual({ n: 2 });
  });

  it("withdraws a pending return, and a refused one ends with its reason", async () => {
    const orderNo = await placeOrder(store, token, { sku: "INSBOT-OLI" });
    await payOrder(store, token, orderNo);
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const first = await apply({ orderNo, applyType: "refund_only", applyDesc: "Late", lines });
    expect((await store.post("return/cancel", { returnNo: first.data.returnNo }, { token })).data.status).toBe("cancelled");
    await refused("return/cancel", { returnNo: first.data.returnNo }, "This return has been withdrawn.");
    const second = await apply({ orderNo, applyType: "refund_only", applyDesc: "Late", lines });
    expect(second.code).toBe(0);
    await devRefused(`/dev/returns/${second.data.returnNo}/review`, { decision: "refuse" }, "Enter a refuse reason.");
    await devPost(`/dev/returns/${second.data.returnNo}/review`, { decision: "refuse", reason: "Outside the return window" });
    const ended = (await store.post("return/detail", { returnNo: second.data.returnNo }, { token })).data;
    expect(ended).toMatchObject({ status: "ended", auditStatus: "refused", refuseDesc: "Outside the return window" });
    const list = (await store.post("return/list", { page: 1, pageSize: 1 }, { token })).data;
    expect(list.items).toHaveLength(1);
    expect(list.total).toBeGreaterThanOrEqual(2);
  });
});

describe("/dev/orders", () => {
  it("lists orders and returns with labelled actions", async () => {
    const html = await (await fetch(`${store.url}/dev/orders`)).text();
    expect(html).toContain("<h1>Orders (merchant, test only)</h1>");
    expect(html).toMatch(/<label for="ship-no-SO[A-Z0-9]+">Express number<\/label>/);
  });

  it("is absent in production", async () => {
    const production = await startStore({ production: true });
    try {
      expect((await fetch(`${production.url}/dev/orders`)).status).not.toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe("what orders hold of each SKU", () => {
  const db = () => store.server.db;
  /** sku_held against the order lines it stands for (orders that are not cancelled). */
  function expectHeldAsSummed() {
    const kept = db().prepare("SELECT sku, held FROM sku_held WHERE held != 0 ORDER BY sku").all();
    const summed = db()
      .prepare(
        `SELECT i.sku, SUM(i.quantity) AS held FROM order_items i JOIN orders o ON o.id = i.order_id
         WHERE o.status != 'cancelled' GROUP BY i.sku ORDER BY i.sku`,
      )
      .all();
    expect(kept).toEqual(summed);
  }

  it("keeps each SKU's total through every order above: placed, paid, cancelled, waiting for review", () => {
    expect((db().prepare("SELECT COUNT(*) AS n FROM orders").get() as { n: number }).n).toBeGreaterThan(5);
    expectHeldAsSummed();
  });

  it("keeps it when a line is added, changed or removed, and when an order is cancelled, restored or deleted", () => {
    const userId = (db().prepare("SELECT id FROM users WHERE email = ?").get(email) as { id: number }).id;
    const orderNo = `HELD-${Date.now()}`;
    db()
      .prepare(
        `INSERT INTO orders (order_no, user_id, status, pay_status, goods_amount, discount_amount, shipping_fee, pay_amount,
         currency, shipping_method, payment_method, address_json, created_at, updated_at)
         VALUES (?, ?, 'in_progress', 'unpaid', 1, 0, 0, 1, 'USD', 'standard', 'card', '{}', 0, 0)`,
      )
      .run(orderNo, userId);
    const orderId = (db().prepare("SELECT id FROM orders WHERE order_no = ?").get(orderNo) as { id: number }).id;
    const line = db().prepare(
      "INSERT INTO order_items (order_id, product_slug, sku, title, variant_title, image, price, quantity) VALUES (?, 'enamel-mug', ?, 'Mug', 'White', '', 1, ?)",
    );
    line.run(orderId, "ENAMUG-WHI", 3);
    line.run(orderId, "HELD-ONLY", 4);
    line.run(orderId, "HELD-ONLY", 1);
    expectHeldAsSummed();
    db().prepare("UPDATE order_items SET quantity = 7 WHERE order_id = ? AND sku = 'ENAMUG-WHI'").run(orderId);
    expectHeldAsSummed();
    db().prepare("UPDATE order_items SET sku = 'HELD-MOVED' WHERE order_id = ? AND quantity = 1").run(orderId);
    expectHeldAsSummed();
    const setStatus = db().prepare("UPDATE orders SET status = ? WHERE id = ?");
    setStatus.run("cancelled", orderId);
    expectHeldAsSummed();
    // A line added to or removed from a cancelled order holds nothing.
    line.run(orderId, "HELD-ONLY", 2);
    db().prepare("DELETE FROM order_items WHERE order_id = ? AND sku = 'HELD-MOVED'").run(orderId);
    expectHeldAsSummed();
    setStatus.run("in_progress", orderId);
    expectHeldAsSummed();
    db().prepare("DELETE FROM order_items WHERE order_id = ? AND quantity = 2").run(orderId);
    expectHeldAsSummed();
    db().prepare("DELETE FROM orders WHERE id = ?").run(orderId);
    expectHeldAsSummed();
    expect(db().prepare("SELECT held FROM sku_held WHERE sku = 'HELD-ONLY'").get()).toEqual({ held: 0 });
  });
});
