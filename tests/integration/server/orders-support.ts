// Orders for the server tests: place one, pay it through the demo provider's page as a
// browser would (a form post, the redirect back), and wait for the webhook to mark it paid.
import { expect } from "vitest";
import type { TestStore } from "./support";

/** What paying needs of a server: its address and its API (a store of this process, or a server process of its own). */
type ServerClient = Pick<TestStore, "url" | "post">;

export const ADDRESS = {
  country: "Hong Kong",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};

// Well stocked SKUs, taken in turn, so that many orders in one database never run one out.
const SKUS = ["FLASHI-SAN-M", "CAMCOLSHI-SAN-M", "ESP-BLA-S", "SUECHEBOO-OLI-M", "CASCRE-SAN-M", "COTRUG-WHI", "DOWSLEBAG-NAV"];
let next = 0;

export async function placeOrder(
  store: TestStore,
  token: string,
  options: { sku?: string; quantity?: number; paymentMethod?: string } = {},
): Promise<string> {
  const added = await store.post(
    "cart/add",
    { sku: options.sku ?? SKUS[next++ % SKUS.length], quantity: options.quantity ?? 1 },
    { token },
  );
  if (added.code !== 0) throw new Error(`cart/add: ${added.msg}`);
  const order = await store.post(
    "checkout/submit",
    { address: ADDRESS, shippingMethod: "standard", paymentMethod: options.paymentMethod ?? "card" },
    { token },
  );
  if (order.code !== 0) throw new Error(`checkout/submit: ${order.msg}`);
  return order.data.orderNo as string;
}

/** Opens a payment session: the provider page's address. */
export async function startPayment(store: ServerClient, token: string, orderNo: string): Promise<string> {
  const answer = await store.post("order/pay", { orderNo, returnPath: `/user/order/${orderNo}`, language: "en" }, { token });
  if (answer.code !== 0) throw new Error(`order/pay: ${answer.msg}`);
  return answer.data.payUrl as string;
}

/** Posts the card form of a provider page, as a browser without script would. */
export async function submitCard(store: ServerClient, payUrl: string, number: string, fields: Record<string, string> = {}) {
  const body = new URLSearchParams({ number, expiry: "12/39", cvc: "123", name: "Mei Chan", ...fields });
  return fetch(`${store.url}${payUrl}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: body.toString(),
    redirect: "manual",
  });
}

/** Pays an order with the card that succeeds and waits until the webhook has marked it paid. */
export async function payOrder(store: ServerClient, token: string, orderNo: string): Promise<void> {
  const answer = await submitCard(store, await startPayment(store, token, orderNo), "4242 4242 4242 4242");
  if (answer.status !== 303) throw new Error(`payment page answered ${answer.status}`);
  await expect.poll(async () => (await store.post("order/detail", { orderNo }, { token })).data.payStatus).toBe("paid");
}
