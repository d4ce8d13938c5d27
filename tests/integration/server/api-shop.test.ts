// @vitest-environment node
// Cart, checkout, orders, returns, addresses, forms, search, favorites, tracking
// and the profile calls against a real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payOrder } from "./orders-support";
import { count, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const ADDRESS = {
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};
// In stock in the demo catalog: 5 units at 41.99, 4 units at 79.99.
const SKU = "ENAMUG-WHI";
const SKU2 = "LINSHI-SAN-S";
// 39 units: enough for every order the tests place, which hold stock until cancelled.
const BULK_SKU = "FLASHI-SAN-M";

async function cartWith(token: string, sku = SKU, quantity = 2) {
  const added = await store.post("cart/add", { sku, quantity }, { token });
  expect(added.code).toBe(0);
  return added.data;
}

async function placeOrder(token: string, extra: Record<string, unknown> = {}, sku = BULK_SKU) {
  await cartWith(token, sku);
  const answer = await store.post(
    "checkout/submit",
    { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card", ...extra },
    { token },
  );
  expect(answer.code, answer.msg).toBe(0);
  return answer.data;
}

describe("cart", () => {
  it("keeps a visitor's cart by the visitorId cookie and moves it to the account on sign-in", async () => {
    const visitor = "visitor-cart-1";
    const added = await store.post("cart/add", { sku: SKU, quantity: 2 }, { visitor });
    expect(added.code).toBe(0);
    expect(added.data).toMatchObject({ count: 2, currency: "USD" });
    expect(added.data.items[0]).toMatchObject({ sku: SKU, quantity: 2, selected: true, href: `/product/enamel-mug/${SKU}` });
    expect((await store.post("cart/count", {}, { visitor })).data.count).toBe(2);
    const { email, password } = await signUp(store);
    const signedIn = await store.post("auth/signin", { account: email, password }, { visitor });
    const token = signedIn.data.token;
    expect((await store.post("cart/list", {}, { token })).data.count).toBe(2);
    expect((await store.post("cart/count", {}, { visitor })).data.count).toBe(0);
  });

  it("limits a cart's changes per owner and per address, and a limited change writes nothing", async () => {
    const limited = await startStore({
      limits: { cartWrite: { burst: 2, perMinute: 1 }, cartWriteIp: { burst: 5, perMinute: 1 } },
    });
    try {
      const visitor = "visitor-cart-limited";
      expect((await limited.post("cart/add", { sku: SKU, quantity: 1 }, { visitor })).code).toBe(0);
      expect((await limited.post("cart/update", { sku: SKU, quantity: 2 }, { visitor })).code).toBe(0);
      expect(await limited.post("cart/remove", { skus: [SKU] }, { visitor })).toMatchObject({
        status: 429,
        code: 41,
        msg: "Too many requests. Try again in a minute.",
      });
      expect((await limited.post("cart/list", {}, { visitor })).data.items).toMatchObject([{ sku: SKU, quantity: 2 }]);
      // Another shopper's cart has its own bucket; the address's is shared.
      const { token } = await signUp(limited);
      expect((await limited.post("cart/add", { sku: SKU, quantity: 1 }, { token })).code).toBe(0);
      expect((await limited.post("cart/add", { sku: SKU, quantity: 1 }, { visitor: "visitor-cart-other" })).code).toBe(0);
      expect((await limited.post("cart/add", { sku: SKU2, quantity: 1 }, { visitor: "visitor-cart-third" })).code).toBe(41);
      expect((await limited.post("cart/count", {}, { visitor: "visitor-cart-third" })).data.count).toBe(0);
    } finally {
      await limited.close();
    }
  });

  it("adds up, updates, unselects and removes lines", async () => {
    const { token } = await signUp(store);
    await cartWith(token, SKU, 1);
    const twice = await cartWith(token, SKU, 2);
    expect(twice.items[0].quantity).toBe(3);
    await cartWith(token, SKU2, 1);
    const updated = await store.post("cart/update", { sku: SKU, quantity: 1, selected: false }, { token });
    expect(updated.data.count).toBe(2);
    expect(updated.data.total).toBe(79.99);
    const removed = await store.post("cart/remove", { skus: [SKU2] }, { token });
    expect(removed.data.items.map((i: { sku: string }) => i.sku)).toEqual([SKU]);
  });

  it("refuses more than the stock, unknown SKUs and bad quantities, writing nothing", async () => {
    const { token } = await signUp(store);
    const before = count(store, "cart_items");
    expect(await store.post("cart/add", { sku: SKU, quantity: 6 }, { token })).toMatchObject({
      code: 41,
      msg: "Only 5 left in stock.",
      reason: { id: "cart.reason.notEnough", values: { left: 5 } },
    });
    expect(await store.post("cart/add", { sku: "LINSHI-SAN-L", quantity: 1 }, { token })).toMatchObject({
      code: 41,
      msg: "This option is out of stock.",
      reason: { id: "cart.reason.soldOut" },
    });
    expect(await store.post("cart/add", { sku: "NOPE-1", quantity: 1 }, { token })).toMatchObject({
      code: 41,
      msg: "This product is no longer available.",
      reason: { id: "cart.reason.unavailable" },
    });
    expect(await store.post("cart/add", { sku: SKU, quantity: 0 }, { token })).toMatchObject({
      code: 40,
      msg: "quantity must be at least 1",
    });
    expect(await store.post("cart/add", { sku: "lower-case", quantity: 1 }, { token })).toMatchObject({
      code: 40,
      msg: "sku has a wrong format",
    });
    expect(await store.post("cart/update", { sku: SKU2, quantity: 1 }, { token })).toMatchObject({
      code: 41,
      msg: "This item is not in the cart.",
    });
    expect(count(store, "cart_items")).toBe(before);
  });

  // A first visit's document may come from a shared cache, without a cookie: the first cart call gives the id.
  it("gives a caller without a visitor id or a token one, with its own empty cart", async () => {
    const response = await fetch(`${store.url}/api/web/cart/list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const answer = (await response.json()) as { code: number; data: { count: number } };
    expect(answer.code).toBe(0);
    expect(answer.data.count).toBe(0);
    const cookie = /visitorId=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const again = await store.post("cart/add", { sku: SKU, quantity: 1 }, { visitor: cookie! });
    expect(again.data).toMatchObject({ count: 1 });
  });
});

describe("checkout", () => {
  it("lists shipping and payment methods", async () => {
    const answer = await store.post("checkout/options", {});
    expect(answer.data.shippingMethods.map((m: { id: string }) => m.id)).toEqual(["standard", "express", "pickup"]);
    expect(answer.data.paymentMethods.map((m: { id: string }) => m.id)).toEqual(["card", "paypal", "cod"]);
  });

  it("quotes totals with coupons and shipping methods", async () => {
    const { token } = await signUp(store);
    await cartWith(token);
    const plain = await store.post("checkout/quote", { shippingMethod: "express" }, { token });
    expect(plain.data).toMatchObject({ goodsAmount: 83.98, discountAmount: 0, shippingFee: 14.9, payAmount: 98.88 });
    // Standard shipping is free over 80.
    expect((await store.post("checkout/quote", { shippingMethod: "standard" }, { token })).data.shippingFee).toBe(0);
    const welcome = await store.post("checkout/quote", { couponCode: "welcome10", shippingMethod: "express" }, { token });
    expect(welcome.data).toMatchObject({ discountAmount: 8.4, payAmount: 90.48, coupon: { code: "WELCOME10" } });
    expect(await store.post("checkout/quote", { couponCode: "SAVE15" }, { token })).toMatchObject({
      code: 41,
      msg: "This coupon needs an order of at least 100 USD.",
    });
    await cartWith(token, SKU2, 1);
    expect(
      (await store.post("checkout/quote", { couponCode: "SAVE15", shippingMethod: "express" }, { token })).data.discountAmount,
    ).toBe(15);
    expect(
      (await store.post("checkout/quote", { couponCode: "FREESHIP", shippingMethod: "express" }, { token })).data.shippingFee,
    ).toBe(0);
    expect(await store.post("checkout/quote", { couponCode: "EXPIRED5" }, { token })).toMatchObject({
      code: 41,
      msg: "This coupon has expired.",
    });
    expect(await store.post("checkout/quote", { couponCode: "NOPE99" }, { token })).toMatchObject({
      code: 41,
      msg: "This coupon code does not exist.",
    });
    expect(await store.post("checkout/quote", { shippingMethod: "teleport" }, { token })).toMatchObject({
      code: 41,
      msg: "Shipping method is not available",
    });
  });

  it("places an order in one transaction: order, lines, cart emptied", async () => {
    const { token } = await signUp(store);
    const order = await placeOrder(token, { couponCode: "WELCOME10", remarks: "Ring twice" }, SKU);
    expect(order).toMatchObject({
      status: "in_progress",
      payStatus: "unpaid",
      goodsAmount: 83.98,
      discountAmount: 8.4,
      shippingFee: 0,
      payAmount: 75.58,
      remarks: "Ring twice",
      couponCode: "WELCOME10",
    });
    expect(order.orderNo).toMatch(/^SO\d{8}[A-Z0-9]{6}$/);
    expect(order.items).toEqual([expect.objectContaining({ sku: SKU, quantity: 2, price: 41.99 })]);
    expect((await store.post("cart/count", {}, { token })).data.count).toBe(0);
    expect((await store.post("user/info", {}, { token })).data).toMatchObject({ orderCount: 1, unpaidCount: 1 });
  });

  it("refuses an empty cart, a missing shipping method and an unknown payment method, writing nothing", async () => {
    const { token } = await signUp(store);
    const orders = count(store, "orders");
    expect(
      await store.post("checkout/submit", { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" }, { token }),
    ).toMatchObject({ code: 41, msg: "Your cart has no selected items." });
    await cartWith(token);
    expect(await store.post("checkout/submit", { address: ADDRESS, paymentMethod: "card" }, { token })).toMatchObject({
      code: 40,
      msg: "shippingMethod is required",
    });
    expect(
      await store.post("checkout/submit", { address: ADDRESS, shippingMethod: "standard", paymentMethod: "gold" }, { token }),
    ).toMatchObject({ code: 41, msg: "Payment method is not available" });
    expect(await store.post("checkout/submit", { shippingMethod: "standard", paymentMethod: "card" }, { token })).toMatchObject({
      code: 40,
      msg: "addressId or address is required",
    });
    expect(
      await store.post(
        "checkout/submit",
        { address: { ...ADDRESS, phone: "0" }, shippingMethod: "standard", paymentMethod: "card" },
        { token },
      ),
    ).toMatchObject({ code: 40, msg: "address.phone has a wrong format" });
    expect(
      await store.post("checkout/submit", { addressId: 999999, shippingMethod: "standard", paymentMethod: "card" }, { token }),
    ).toMatchObject({ code: 41, msg: "The address was not found." });
    expect(count(store, "orders")).toBe(orders);
    expect((await store.post("cart/count", {}, { token })).data.count).toBe(2);
  });

  it("needs a signed-in customer", async () => {
    expect((await store.post("checkout/quote", {})).code).toBe(50);
    expect(
      (
        await store.post(
          "checkout/submit",
          { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
          { token: "x".repeat(43) },
        )
      ).code,
    ).toBe(50);
  });
});

describe("stock", () => {
  it("holds what orders take until they are cancelled", async () => {
    const buyer = await signUp(store);
    await placeOrder(buyer.token, {}, SKU2);
    await store.post("cart/add", { sku: SKU2, quantity: 2 }, { token: buyer.token });
    const order = await store.post(
      "checkout/submit",
      { address: ADDRESS, shippingMethod: "standard", paymentMethod: "card" },
      { token: buyer.token },
    );
    expect(order.code).toBe(0);
    const other = await signUp(store);
    expect(await store.post("cart/add", { sku: SKU2, quantity: 1 }, { token: other.token })).toMatchObject({
      code: 41,
      msg: "This option is out of stock.",
    });
    const page = await (await fetch(`${store.url}/product/linen-shirt/${SKU2}`)).text();
    expect(page).toContain("Out of stock");
    await store.post("order/cancel", { orderNo: order.data.orderNo }, { token: buyer.token });
    const added = await store.post("cart/add", { sku: SKU2, quantity: 2 }, { token: other.token });
    expect(added.data.items[0]).toMatchObject({ sku: SKU2, stock: 2 });
  });
});

describe("orders and returns", () => {
  it("lists, pays (through the payment page), confirms and shows an order only to its customer", async () => {
    const { token } = await signUp(store);
    const order = await placeOrder(token);
    const list = await store.post("order/list", {}, { token });
    expect(list.data.total).toBe(1);
    expect(list.data.items[0].orderNo).toBe(order.orderNo);
    await payOrder(store, token, order.orderNo);
    expect((await store.post("order/pay", { orderNo: order.orderNo, returnPath: "/", language: "en" }, { token })).code).toBe(41);
    await fetch(`${store.url}/dev/orders/${order.orderNo}/ship`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "expressName=Demo+Express&expressNo=DE1",
    });
    expect((await store.post("order/confirm", { orderNo: order.orderNo }, { token })).data.status).toBe("completed");
    const other = await signUp(store);
    expect(await store.post("order/detail", { orderNo: order.orderNo }, { token: other.token })).toMatchObject({
      code: 41,
      msg: "The order was not found.",
    });
    expect((await store.post("order/list", { status: "completed" }, { token })).data.total).toBe(1);
    expect((await store.post("order/list", { status: "cancelled" }, { token })).data.total).toBe(0);
    expect((await store.post("order/detail", { orderNo: "bad" }, { token })).code).toBe(40);
  });

  it("cancels an unpaid order at once and a paid one after review", async () => {
    const { token } = await signUp(store);
    const unpaid = await placeOrder(token);
    expect((await store.post("order/cancel", { orderNo: unpaid.orderNo }, { token })).data.status).toBe("cancelled");
    const paid = await placeOrder(token);
    await payOrder(store, token, paid.orderNo);
    expect((await store.post("order/cancel", { orderNo: paid.orderNo }, { token })).data.status).toBe("pending_cancellation");
    expect((await store.post("order/cancel", { orderNo: paid.orderNo }, { token })).code).toBe(41);
  });
});

describe("address book", () => {
  it("adds, changes, lists (default first) and deletes addresses", async () => {
    const { token } = await signUp(store);
    const first = await store.post("address/save", ADDRESS, { token });
    expect(first.data).toMatchObject({ ...ADDRESS, isDefault: true });
    const second = await store.post("address/save", { ...ADDRESS, city: "Kowloon", isDefault: true }, { token });
    const list = await store.post("address/list", {}, { token });
    expect(list.data.items.map((a: { id: number }) => a.id)).toEqual([second.data.id, first.data.id]);
    const changed = await store.post("address/save", { ...ADDRESS, id: first.data.id, apartment: "Flat 3" }, { token });
    expect(changed.data.apartment).toBe("Flat 3");
    expect((await store.post("address/delete", { id: second.data.id }, { token })).code).toBe(0);
    expect((await store.post("address/list", {}, { token })).data.items).toEqual([
      expect.objectContaining({ id: first.data.id, isDefault: true }),
    ]);
    const other = await signUp(store);
    expect((await store.post("address/delete", { id: first.data.id }, { token: other.token })).msg).toBe(
      "The address was not found.",
    );
    const rows = count(store, "addresses");
    expect(await store.post("address/save", { ...ADDRESS, firstName: "" }, { token })).toMatchObject({
      code: 40,
      msg: "firstName must be at least 1 characters",
    });
    expect(count(store, "addresses")).toBe(rows);
    // Checkout takes a saved address.
    await cartWith(token, BULK_SKU);
    const order = await store.post(
      "checkout/submit",
      { addressId: first.data.id, shippingMethod: "pickup", paymentMethod: "cod" },
      { token },
    );
    expect(order.data.address.apartment).toBe("Flat 3");
  });
});

describe("forms and search", () => {
  it("stores quote requests, feedback and newsletter subscriptions", async () => {
    expect(
      (
        await store.post("inquiry/submit", {
          productSlug: "linen-shirt",
          name: "Mei",
          email: "mei@example.com",
          quantity: 50,
          message: "Price for 50?",
        })
      ).code,
    ).toBe(0);
    expect(count(store, "inquiries")).toBe(1);
    expect(
      (await store.post("inquiry/submit", { productSlug: "linen-shirt", name: "Mei", email: "bad", quantity: 50, message: "x" }))
        .msg,
    ).toBe("email has a wrong format");
    expect(
      (
        await store.post("inquiry/submit", {
          productSlug: "nope",
          name: "Mei",
          email: "mei@example.com",
          quantity: 1,
          message: "x",
        })
      ).code,
    ).toBe(41);
    expect(count(store, "inquiries")).toBe(1);
    expect(
      (await store.post("feedback/submit", { topic: "website", name: "Mei", email: "mei@example.com", message: "Great shop" }))
        .code,
    ).toBe(0);
    expect((await store.post("feedback/submit", { topic: "website", name: "Mei", email: "mei@example.com" })).msg).toBe(
      "message is required",
    );
    expect(count(store, "feedback")).toBe(1);
    expect((await store.post("newsletter/subscribe", { email: "News@Example.com" })).code).toBe(0);
    expect((await store.post("newsletter/subscribe", { email: "news@example.com" })).code).toBe(0);
    expect(count(store, "newsletter")).toBe(1);
  });

  it("searches the catalog", async () => {
    const answer = await store.post("search/products", { q: "linen" });
    expect(answer.data.items.map((i: { slug: string }) => i.slug)).toContain("linen-shirt");
    expect((await store.post("search/products", { q: "", category: "shoes", pageSize: 2 })).data).toMatchObject({
      total: 6,
      items: [expect.anything(), expect.anything()],
    });
    expect((await store.post("search/products", { q: "zzzz" })).data.total).toBe(0);
    expect((await store.post("search/products", { pageSize: 1000 })).code).toBe(40);
  });
});

describe("favorites", () => {
  it("adds, counts, lists and cancels favorites of each kind", async () => {
    const { token } = await signUp(store);
    expect((await store.post("favorite/add", { type: "product", id: "linen-shirt" }, { token })).data).toMatchObject({
      type: "product",
      id: "1",
      slug: "linen-shirt",
    });
    await store.post("favorite/add", { type: "product", id: "1" }, { token });
    await store.post("favorite/add", { type: "article", id: "caring-for-linen" }, { token });
    await store.post("favorite/add", { type: "page", id: "about" }, { token });
    expect((await store.post("favorite/count", {}, { token })).data).toEqual({ article: 1, product: 1, page: 1 });
    const wish = await store.post("favorite/wishList", {}, { token });
    expect(wish.data.product[0]).toMatchObject({ title: "Linen Shirt", url: "/product/linen-shirt" });
    expect((await store.post("favorite/list", { type: "article" }, { token })).data).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 20,
    });
    const cancelled = await store.post("favorite/cancel", { type: "product", id: "1" }, { token });
    expect(cancelled).toMatchObject({ code: 0, data: null });
    expect((await store.post("favorite/count", {}, { token })).data.product).toBe(0);
    expect((await store.post("favorite/add", { type: "product", id: "no-such" }, { token })).code).toBe(41);
    expect((await store.post("favorite/add", { type: "shop", id: "1" }, { token })).code).toBe(40);
    expect((await store.post("favorite/count", {})).code).toBe(50);
  });
});

describe("tracking", () => {
  it("records visitor tracks and hands out a visitor id", async () => {
    const answer = await store.post("visitor/track", { url: "http://localhost/", referer: "", timezone: "Asia/Hong_Kong" });
    expect(answer.data.visitorId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const known = await store.post(
      "visitor/track",
      { url: "http://localhost/cart", referer: "http://localhost/", timezone: "UTC" },
      { visitor: "known-visitor" },
    );
    expect(known.data.visitorId).toBe("known-visitor");
    expect(count(store, "visitor_tracks")).toBe(2);
    expect((await store.post("visitor/track", { url: "", referer: "", timezone: "UTC" })).code).toBe(40);
  });

  it("accepts duration beacons as JSON only: text/plain is what another site could send (issue #19)", async () => {
    const before = count(store, "durations");
    expect(
      await store.post("stat/duration", undefined, { raw: '{"duration":12}', type: "text/plain;charset=UTF-8", visitor: "v1" }),
    ).toMatchObject({ status: 415, code: 40 });
    expect((await store.post("stat/duration", { duration: 5 }, { visitor: "v1" })).code).toBe(0);
    expect(
      (await store.post("stat/duration", undefined, { raw: '{"duration":7}', type: "application/json;charset=UTF-8" })).code,
    ).toBe(0);
    expect((await store.post("stat/duration", { duration: -1 })).code).toBe(40);
    expect((await store.post("stat/duration", undefined, { raw: "twelve" })).code).toBe(40);
    expect(count(store, "durations")).toBe(before + 2);
  });
});

describe("profile", () => {
  it("shows and edits the customer's info, name and password", async () => {
    const { token, email } = await signUp(store);
    expect((await store.post("user/info", {}, { token })).data).toMatchObject({ email, credits: 0, orderCount: 0 });
    expect((await store.post("user/editName", { nickname: "Mei" }, { token })).data.nickname).toBe("Mei");
    const edited = await store.post(
      "user/editInfo",
      { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", bio: "Hi" },
      { token },
    );
    expect(edited.data).toMatchObject({
      firstName: "Mei",
      lastName: "Chan",
      fullName: "Mei Chan",
      birthday: "1990-05-01",
      bio: "Hi",
    });
    expect((await store.post("user/editInfo", { firstName: "Mei", lastName: "Chan" }, { token })).msg).toBe(
      "birthday is required",
    );
    expect((await store.post("user/editPassword", { oldPassword: "wrong-one", password: "newpass123" }, { token })).msg).toBe(
      "The current password is incorrect.",
    );
    const other = (await store.post("auth/signin", { account: email, password: "secret123" })).data.token;
    expect(await store.post("user/editPassword", { oldPassword: "secret123", password: "newpass123" }, { token })).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await store.post("user/info", {}, { token })).code).toBe(0);
    expect((await store.post("user/info", {}, { token: other })).code).toBe(50);
    expect((await store.post("auth/signin", { account: email, password: "newpass123" })).code).toBe(0);
  });
});
