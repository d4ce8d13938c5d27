// The attacks of issue 48 that `npm run attack` repeats against the built shop for the database
// outage, unpaid stock, double refunds, account takeover, uploads and anonymous carts: each one
// run through the script's `check`, with its helpers (`post`, `signUp`, the server's address).

/** Places a card order of one unit and pays it on the demo provider's page, as a browser without script would. */
async function paidOrder({ base, post }, token, sku) {
  const added = await post("cart/add", { sku, quantity: 1 }, { token });
  if (added.code !== 0) throw new Error(`cart/add: ${added.msg}`);
  const address = {
    country: "Hong Kong",
    city: "Hong Kong",
    firstName: "Mei",
    lastName: "Chan",
    address: "1 Queen's Road",
    countryCode: "+852",
    phone: "91234567",
  };
  const order = await post("checkout/submit", { address, shippingMethod: "standard", paymentMethod: "card" }, { token });
  if (order.code !== 0) throw new Error(`checkout/submit: ${order.msg}`);
  const { orderNo } = order.data;
  const pay = await post("order/pay", { orderNo, returnPath: `/user/order/${orderNo}`, language: "en" }, { token });
  if (pay.code !== 0) throw new Error(`order/pay: ${pay.msg}`);
  const form = new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", name: "Mei Chan" });
  await fetch(`${base}${pay.data.payUrl}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
    redirect: "manual",
  });
  for (let i = 0; i < 50; i++) {
    if ((await post("order/detail", { orderNo }, { token })).data?.payStatus === "paid") return orderNo;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${orderNo} was not marked paid`);
}

/** A form post to the merchant's /dev/orders, as its buttons send it. */
const devPost = (base, path, fields = {}) =>
  fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** Issue 48 item 4: a refund-only return of everything, then a cancellation, both approved. */
async function doubleRefund(tools) {
  const { base, post, signUp } = tools;
  const { token } = await signUp();
  const orderNo = await paidOrder(tools, token, "ENAMUG-WHI");
  const form = new FormData();
  form.append("orderNo", orderNo);
  form.append("applyType", "refund_only");
  form.append("applyDesc", "Refund me");
  form.append("lines", JSON.stringify([{ sku: "ENAMUG-WHI", quantity: 1 }]));
  const applied = await (
    await fetch(`${base}/api/web/return/apply`, { method: "POST", headers: { "x-auth": token }, body: form })
  ).json();
  const returnNo = applied.data?.returnNo;
  const cancel = await post("order/cancel", { orderNo }, { token });
  await devPost(base, `/dev/orders/${orderNo}/cancellation`, { decision: "approve" });
  if (returnNo) {
    await devPost(base, `/dev/returns/${returnNo}/review`, { decision: "approve" });
    await devPost(base, `/dev/returns/${returnNo}/complete`);
  }
  const order = (await post("order/detail", { orderNo }, { token })).data;
  const back = returnNo ? (await post("return/detail", { returnNo }, { token })).data : null;
  // What the shop promised to pay back: an approved cancellation refunds the order, a completed return its amount.
  const promised = (order.status === "cancelled" ? order.payAmount : 0) + (back?.status === "completed" ? back.refundAmount : 0);
  return {
    held: promised <= order.payAmount && (order.refunded ?? 0) <= order.payAmount,
    detail: `return ${back ? back.status : "refused"}, cancel ${cancel.code === 0 ? cancel.data.status : `refused (${cancel.reason?.id ?? cancel.msg})`}; order ${order.status}, refunds ${promised.toFixed(2)} of ${order.payAmount} paid`,
  };
}

export async function runHardeningAttacks(tools) {
  await tools.check("double refund: a refund-only return of everything, then a cancellation, both approved", () =>
    doubleRefund(tools),
  );
}
