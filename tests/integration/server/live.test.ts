// @vitest-environment node
// /ws/message: pings, order status pushes, refusing sockets without a visitor id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { payOrder } from "./orders-support";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

function connect(query: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${store.url.replace("http", "ws")}/ws/message?${query}`, { headers });
  // biome-ignore lint/suspicious/noExplicitAny: the live channel's frames, parsed JSON of several message types that the assertions read field by field.
  const frames: any[] = [];
  socket.on("message", (raw) => frames.push(JSON.parse(String(raw))));
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return { socket, frames, opened, closed };
}

const ADDRESS = {
  country: "HK",
  city: "HK",
  firstName: "A",
  lastName: "B",
  address: "1 Road",
  countryCode: "+852",
  phone: "91234567",
};

describe("/ws/message", () => {
  it("greets and answers the client's ping", async () => {
    const { socket, frames, opened } = connect("visitorId=live-1");
    await opened;
    socket.send(JSON.stringify({ code: 200, msg: "ping" }));
    await expect.poll(() => frames.find((f) => f.type === "pong")).toEqual({ code: 200, msg: "pong", type: "pong" });
    expect(frames[0]).toEqual({ code: 0, msg: "connected", type: "hello", data: { visitorId: "live-1" } });
    socket.send("not json");
    await expect.poll(() => frames.find((f) => f.type === "error")?.code).toBe(40);
    socket.close();
  });

  it("closes a socket without a visitor id", async () => {
    const { closed } = connect("");
    expect(await closed).toBe(1008);
  });

  it("pushes order status changes to the customer's sockets", async () => {
    const { token } = await signUp(store);
    const { socket, frames, opened } = connect("visitorId=live-2", { "x-auth": token });
    await opened;
    await store.post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token });
    const order = await store.post(
      "checkout/submit",
      {
        address: ADDRESS,
        shippingMethod: "standard",
        paymentMethod: "card",
      },
      { token },
    );
    await payOrder(store, token, order.data.orderNo);
    await expect
      .poll(() => frames.filter((f) => f.type === "order.status").map((f) => f.data.payStatus))
      .toEqual(["unpaid", "paid"]);
    expect(frames.find((f) => f.type === "order.status").data.orderNo).toBe(order.data.orderNo);
    socket.close();
  });

  it("reaches a browser socket (no x-auth) through the visitor the customer signs in on", async () => {
    const visitor = "live-browser-3";
    const { socket, frames, opened } = connect(`visitorId=${visitor}`);
    await opened;
    const { email, password } = await signUp(store);
    const token = (await store.post("auth/signin", { account: email, password }, { visitor })).data.token;
    await store.post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token, visitor });
    const order = await store.post(
      "checkout/submit",
      { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
      { token, visitor },
    );
    await store.post("order/cancel", { orderNo: order.data.orderNo }, { token, visitor });
    await expect
      .poll(() => frames.filter((f) => f.type === "order.status").map((f) => f.data.status))
      .toEqual(["in_progress", "cancelled"]);
    // Signed out, the visitor's socket no longer hears the customer's orders.
    await store.post("auth/signout", {}, { token, visitor });
    const other = (await store.post("auth/signin", { account: email, password })).data.token;
    await store.post("cart/add", { sku: "ENAMUG-WHI", quantity: 1 }, { token: other });
    await store.post(
      "checkout/submit",
      { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
      { token: other },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frames.filter((f) => f.type === "order.status")).toHaveLength(2);
    socket.close();
  });
});
