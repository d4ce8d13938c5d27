// One order is never refunded twice (issue 48, item 4), and a return refunds at most what was
// paid for its lines, coupon included (issue 49, item 9): a cancellation and a return cannot
// both be live on one order, a return cannot move on an order that is cancelled or waiting for
// its cancellation, and every refund recorded on an order stays within what was paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS, payOrder } from "./orders-support";
import { type Envelope, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;

beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);

afterAll(() => store?.close());

async function paidOrder(token: string, sku: string, quantity = 1, couponCode?: string): Promise<string> {
  expect((await store.post("cart/add", { sku, quantity }, { token })).code).toBe(0);
  const order = await store.post(
    "checkout/submit",
    { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card", ...(couponCode ? { couponCode } : {}) },
    { token },
  );
  expect(order.msg).toBe("");
  const orderNo = order.data.orderNo as string;
  await payOrder(store, token, orderNo);
  return orderNo;
}

async function apply(token: string, fields: Record<string, string>): Promise<Envelope> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${store.url}/api/web/return/apply`, { method: "POST", headers: { "x-auth": token }, body: form });
  return { status: response.status, ...((await response.json()) as Omit<Envelope, "status">) };
}

async function dev(path: string, fields: Record<string, string> = {}) {
  return fetch(`${store.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

const detail = async (token: string, orderNo: string) => (await store.post("order/detail", { orderNo }, { token })).data;

describe("one order, one refund", { timeout: 20_000 }, () => {
  it("refuses to cancel an order while a return of it is live, and refunds once", async () => {
    const { token } = await signUp(store);
    const orderNo = await paidOrder(token, "INSBOT-OLI");
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const returned = await apply(token, { orderNo, applyType: "refund_only", applyDesc: "Never came", lines });
    expect(returned.code).toBe(0);
    const cancel = await store.post("order/cancel", { orderNo }, { token });
    expect(cancel).toMatchObject({ code: 41, reason: { id: "order.reason.returnLive" } });
    expect((await detail(token, orderNo)).status).toBe("in_progress");
    // Once the return is withdrawn, the order can be cancelled, and then no return is taken.
    expect((await store.post("return/cancel", { returnNo: returned.data.returnNo }, { token })).code).toBe(0);
    expect((await store.post("order/cancel", { orderNo }, { token })).data.status).toBe("pending_cancellation");
    expect(await apply(token, { orderNo, applyType: "refund_only", applyDesc: "Never came", lines })).toMatchObject({
      code: 41,
      reason: { id: "return.reason.orderCancelled" },
    });
    expect((await dev(`/dev/orders/${orderNo}/cancellation`, { decision: "approve" })).status).toBe(303);
    const order = await detail(token, orderNo);
    expect(order).toMatchObject({ status: "cancelled", refunded: order.payAmount });
  });

  it("refunds what a completed return left, when the order is cancelled afterwards", async () => {
    const { token } = await signUp(store);
    const orderNo = await paidOrder(token, "INSBOT-OLI");
    const { payAmount, goodsAmount } = await detail(token, orderNo);
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const returned = await apply(token, { orderNo, applyType: "refund_only", applyDesc: "Never came", lines });
    expect(returned.data.refundAmount).toBe(goodsAmount);
    expect((await dev(`/dev/returns/${returned.data.returnNo}/review`, { decision: "approve" })).status).toBe(303);
    expect((await dev(`/dev/returns/${returned.data.returnNo}/complete`)).status).toBe(303);
    expect((await detail(token, orderNo)).refunded).toBe(goodsAmount);
    expect((await store.post("order/cancel", { orderNo }, { token })).data.status).toBe("pending_cancellation");
    expect((await dev(`/dev/orders/${orderNo}/cancellation`, { decision: "approve" })).status).toBe(303);
    // The cancellation refunds only the rest: the shipping fee.
    expect((await detail(token, orderNo)).refunded).toBe(payAmount);
  });

  it("refuses a refund beyond what was paid when it is recorded, whatever the returns asked for", async () => {
    const { token } = await signUp(store);
    const orderNo = await paidOrder(token, "INSBOT-OLI");
    const lines = JSON.stringify([{ sku: "INSBOT-OLI", quantity: 1 }]);
    const returned = await apply(token, { orderNo, applyType: "refund_only", applyDesc: "Never came", lines });
    const { payAmount } = await detail(token, orderNo);
    // A return recorded before the checks existed, asking for more than was paid.
    store.server.db
      .prepare("UPDATE returns SET refund_amount = ? WHERE return_no = ?")
      .run(payAmount + 50, returned.data.returnNo);
    expect((await dev(`/dev/returns/${returned.data.returnNo}/review`, { decision: "approve" })).status).toBe(303);
    const complete = await dev(`/dev/returns/${returned.data.returnNo}/complete`);
    expect(complete.status).toBe(409);
    expect(await complete.text()).toContain("more than was paid");
    expect((await detail(token, orderNo)).refunded).toBe(0);
  });
});

describe("a return's refund is its lines' share of what was paid", { timeout: 20_000 }, () => {
  it("takes the coupon's discount off each line: WELCOME10 on a 79.99 shirt refunds at most 71.99", async () => {
    const { token } = await signUp(store);
    const orderNo = await paidOrder(token, "LINSHI-RUS-M", 1, "WELCOME10");
    const order = await detail(token, orderNo);
    expect(order.discountAmount).toBeGreaterThan(0);
    const share = Math.round((order.items[0].price - order.discountAmount) * 100) / 100;
    expect(order.items[0].paidPrice).toBe(share);
    const lines = JSON.stringify([{ sku: "LINSHI-RUS-M", quantity: 1 }]);
    const base = { orderNo, applyType: "return_refund", applyDesc: "Too small", lines };
    expect(await apply(token, { ...base, refundAmount: String(order.items[0].price) })).toMatchObject({
      code: 41,
      msg: `At most ${share.toFixed(2)} USD can be refunded for these items.`,
    });
    expect((await apply(token, base)).data.refundAmount).toBe(share);
  });
});
