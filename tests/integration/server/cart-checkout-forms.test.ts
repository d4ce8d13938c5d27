// @vitest-environment node
// Issue 20: the cart and checkout without JavaScript. The cart page is rendered with the
// visitor's lines (by the visitor cookie), the header's count on it; cart-update and
// cart-remove, coupon and checkout post to {prefix}/form/{name} and answer 303 (Post/Redirect/
// Get), each refusal shown next to its field on the page it goes back to; the order is placed
// in the API's transaction (stock, coupon use, the lines leaving the cart).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockSnapshot } from "../../../src/server/stock";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ limits: { signup: { burst: 100, perMinute: 100 } } });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const HOST = "shop.test";
// The enamel mug: $41.99, 5 units in the demo catalog.
const MUG = "ENAMUG-WHI";
const SCARF = "COTRUG-WHI";

type Jar = Map<string, string>;

function keep(jar: Jar, headers: Record<string, unknown>): void {
  const value = headers["set-cookie"];
  const lines = value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)];
  for (const line of lines) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    if (/max-age=0/i.test(line)) jar.delete(name!.trim());
    else jar.set(name!.trim(), rest.join("="));
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

async function postForm(path: string, fields: Record<string, string>, jar: Jar, headers: Record<string, string> = {}) {
  const response = await store.server.app.inject({
    method: "POST",
    url: path,
    headers: {
      host: HOST,
      origin: `http://${HOST}`,
      "sec-fetch-site": "same-origin",
      "content-type": "application/x-www-form-urlencoded",
      ...(jar.size ? { cookie: cookieHeader(jar) } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
  keep(jar, response.headers);
  return response;
}

async function getPage(path: string, jar: Jar) {
  const response = await store.server.app.inject({
    method: "GET",
    url: path,
    headers: { host: HOST, ...(jar.size ? { cookie: cookieHeader(jar) } : {}) },
  });
  keep(jar, response.headers);
  return response;
}

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** The text of the element `id` (a paragraph of a message). */
function textOf(html: string, id: string): string | null {
  const found = new RegExp(`<p[^>]*\\bid="${id}"[^>]*>([\\s\\S]*?)</p>`).exec(html)?.[1];
  return found === undefined ? null : decode(found);
}

/** The message a field (an input or select named `name`, or the element of `id`) is marked invalid with. */
function fieldMessage(html: string, selector: { name: string } | { id: string }): string | null {
  const pattern =
    "name" in selector
      ? new RegExp(`<(?:input|select)[^>]*\\bname="${selector.name}"[^>]*>`)
      : new RegExp(`<[a-z]+[^>]*\\bid="${selector.id}"[^>]*>`);
  const element = pattern.exec(html)?.[0];
  if (!element?.includes('aria-invalid="true"')) return null;
  const ids = /aria-describedby="([^"]+)"/.exec(element)?.[1]?.split(" ") ?? [];
  return ids.map((id) => textOf(html, id) ?? "").join(" ");
}

/** The value of the checked radio named `name`. */
const checkedRadio = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, "g"))]
    .map(([input]) => input)
    .filter((input) => /\bchecked=""/.test(input))
    .map((input) => /value="([^"]*)"/.exec(input)?.[1])[0];

const visitorCart = (owner: string) =>
  store.server.db
    .prepare("SELECT i.sku, i.quantity FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.owner = ? ORDER BY i.sku")
    .all(owner) as { sku: string; quantity: number }[];

/** A visitor with lines put in through the API with the visitor cookie, as the island does. */
async function visitorWith(lines: [string, number][]): Promise<{ jar: Jar; visitor: string }> {
  const visitor = `v${Math.random().toString(36).slice(2)}abcdefghijklmnop`.slice(0, 24);
  for (const [sku, quantity] of lines) {
    const added = await store.post("cart/add", { sku, quantity }, { visitor });
    expect(added.code).toBe(0);
  }
  return { jar: new Map([["visitorId", visitor]]), visitor };
}

/** A signed-up shopper whose session is the HttpOnly cookie of a plain sign-in, with lines in the cart. */
async function shopperWith(lines: [string, number][]): Promise<{ jar: Jar; token: string }> {
  const { token } = await signUp(store);
  for (const [sku, quantity] of lines) expect((await store.post("cart/add", { sku, quantity }, { token })).code).toBe(0);
  return { jar: new Map([["sf_session", encodeURIComponent(token)]]), token };
}

const badge = (html: string) =>
  /class="sf-header__badge" aria-hidden="true">([^<]*)</.exec(html.split('sf-header__cart"')[1] ?? "")?.[1];

describe("the cart page", () => {
  it("shows the visitor's lines by the visitor cookie, as plain forms, and the count in the header", async () => {
    const { jar } = await visitorWith([
      [MUG, 2],
      [SCARF, 1],
    ]);
    const page = await getPage("/cart", jar);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const html = page.body;
    expect(html).not.toContain("Loading your cart");
    expect(html).toContain("Enamel Mug");
    expect(html).toMatch(/<input[^>]*name="quantity"[^>]*value="2"/);
    expect(html).toContain('action="/form/cart-update"');
    expect(html).toContain('action="/form/cart-remove"');
    expect(html).toContain('<input type="hidden" name="back" value="/cart"/>');
    expect(badge(html)).toBe("3");
    // Another visitor sees an empty cart; a page every visitor shares shows no number at all.
    const other = await getPage("/cart", new Map([["visitorId", "someoneelse1234567890"]]));
    expect(other.body).toContain("Your cart is empty.");
    expect(badge(other.body)).toBe("");
    expect(badge((await getPage("/", jar)).body)).toBe("");
  });

  it("changes a quantity with cart-update and comes back to the cart of the form's language", async () => {
    const { jar, visitor } = await visitorWith([[MUG, 1]]);
    const typed = await postForm("/zh/form/cart-update", { back: "/zh/cart", sku: MUG, quantity: "3" }, jar);
    expect(typed.statusCode).toBe(303);
    expect(typed.headers.location).toBe("/zh/cart");
    expect(visitorCart(`v:${visitor}`)).toEqual([{ sku: MUG, quantity: 3 }]);
    // The − button posts the quantity it leads to.
    await postForm("/form/cart-update", { back: "/cart", sku: MUG, quantity: "2" }, jar);
    expect(visitorCart(`v:${visitor}`)).toEqual([{ sku: MUG, quantity: 2 }]);
  });

  it("keeps the line and says why beside it when the stock or the quantity refuses a change", async () => {
    const { jar, visitor } = await visitorWith([[MUG, 1]]);
    const more = await postForm("/form/cart-update", { back: "/cart", sku: MUG, quantity: "9" }, jar);
    expect(more.statusCode).toBe(303);
    expect(more.headers.location).toBe("/cart");
    expect(visitorCart(`v:${visitor}`)).toEqual([{ sku: MUG, quantity: 1 }]);
    const page = (await getPage("/cart", jar)).body;
    expect(fieldMessage(page, { name: "quantity" })).toBe("Only 5 left in stock.");
    // What was typed is shown again.
    expect(page).toMatch(/<input[^>]*name="quantity"[^>]*value="9"/);
    // Once: the next page is as before.
    expect(fieldMessage((await getPage("/cart", jar)).body, { name: "quantity" })).toBeNull();

    await postForm("/zh-HK/form/cart-update", { back: "/zh-HK/cart", sku: MUG, quantity: "0" }, jar);
    expect(fieldMessage((await getPage("/zh-HK/cart", jar)).body, { name: "quantity" })).toBe("請輸入 1 至 99 之間的數量。");
  });

  it("removes a line with cart-remove", async () => {
    const { jar, visitor } = await visitorWith([
      [MUG, 1],
      [SCARF, 2],
    ]);
    const response = await postForm("/form/cart-remove", { back: "/cart", sku: MUG }, jar);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/cart");
    expect(visitorCart(`v:${visitor}`)).toEqual([{ sku: SCARF, quantity: 2 }]);
  });

  it("refuses a post from another site and changes nothing", async () => {
    const { jar, visitor } = await visitorWith([[MUG, 1]]);
    const fields = { back: "/cart", sku: MUG, quantity: "4" };
    const foreign = await postForm("/form/cart-update", fields, jar, {
      origin: "https://evil.test",
      "sec-fetch-site": "cross-site",
    });
    expect(foreign.statusCode).toBe(403);
    const removed = await postForm("/form/cart-remove", fields, jar, { origin: "https://evil.test" });
    expect(removed.statusCode).toBe(403);
    const checkout = await postForm("/form/checkout", { back: "/checkout/cart" }, jar, { "sec-fetch-site": "cross-site" });
    expect(checkout.statusCode).toBe(403);
    expect(visitorCart(`v:${visitor}`)).toEqual([{ sku: MUG, quantity: 1 }]);
  });
});

describe("the checkout page", () => {
  it("offers a visitor sign-in and sign-up that come back, and sends a visitor's post to sign in", async () => {
    const { jar } = await visitorWith([[MUG, 1]]);
    const html = (await getPage("/checkout/cart", jar)).body;
    expect(html).toContain('href="/auth/signin?redirect=%2Fcheckout%2Fcart"');
    expect(html).toContain('href="/auth/signup?redirect=%2Fcheckout%2Fcart"');
    expect(html).not.toContain('aria-busy="true"');
    const post = await postForm("/form/checkout", { back: "/checkout/cart", addressId: "1" }, jar);
    expect(post.statusCode).toBe(303);
    expect(post.headers.location).toBe("/auth/signin?redirect=%2Fcheckout%2Fcart");
  });

  it("renders the signed-in shopper's order as one plain form, with the count in the header", async () => {
    const { jar } = await shopperWith([[MUG, 2]]);
    const html = (await getPage("/checkout/cart", jar)).body;
    expect(html).toContain('action="/form/checkout"');
    expect(html).toContain('action="/form/coupon"');
    expect(html).toContain("Enamel Mug");
    expect(html).toContain("$83.98");
    expect(html).toMatch(/<input[^>]*name="shippingMethod"[^>]*value="standard"/);
    expect(html).toMatch(/<input[^>]*name="paymentMethod"[^>]*value="cod"/);
    // No saved address yet: the new address's fields are in the form.
    expect(html).toMatch(/<input type="hidden" name="addressId" value="new"\/>/);
    expect(html).toMatch(/<select[^>]*name="country"/);
    expect(html).toMatch(/<button type="submit" form="[^"]+"[^>]*>Place order<\/button>/);
    expect(badge(html)).toBe("2");
  });

  it("applies a good coupon, says why a bad one is refused (with its values), and removes it", async () => {
    const { jar } = await shopperWith([[MUG, 2]]);
    const good = await postForm("/form/coupon", { back: "/checkout/cart", code: "welcome10" }, jar);
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe("/checkout/cart?coupon=WELCOME10");
    let html = (await getPage(good.headers.location as string, jar)).body;
    expect(decode(html)).toContain("Coupon WELCOME10 applied: 10% off your first order");
    expect(decode(html)).toContain("−$8.40");
    expect(html).toContain('<input type="hidden" name="couponCode" value="WELCOME10"/>');

    const removed = await postForm("/form/coupon", { back: "/checkout/cart?coupon=WELCOME10", action: "remove" }, jar);
    expect(removed.headers.location).toBe("/checkout/cart");
    // A return address whose dot segments would make it another site's stays a path of this one.
    const dotted = await postForm("/form/coupon", { back: "/.//evil.example/x?coupon=WELCOME10", action: "remove" }, jar);
    expect(dotted.headers.location).toBe("/evil.example/x");

    const unknown = await postForm("/form/coupon", { back: "/checkout/cart", code: "NOPE1" }, jar);
    expect(unknown.headers.location).toBe("/checkout/cart");
    html = (await getPage("/checkout/cart", jar)).body;
    expect(fieldMessage(html, { name: "code" })).toBe("This coupon code does not exist.");
    expect(html).toMatch(/<input[^>]*name="code"[^>]*value="NOPE1"/);

    await postForm("/form/coupon", { back: "/checkout/cart", code: "SAVE15" }, jar);
    expect(fieldMessage((await getPage("/checkout/cart", jar)).body, { name: "code" })).toBe(
      "This coupon needs an order of at least 100 USD.",
    );

    await postForm("/zh/form/coupon", { back: "/zh/checkout/cart", code: "x" }, jar);
    expect(fieldMessage((await getPage("/zh/checkout/cart", jar)).body, { name: "code" })).not.toBeNull();
  });

  it("sends a checkout with missing choices back with each message next to its field, keeping what was typed", async () => {
    const { jar, token } = await shopperWith([[MUG, 1]]);
    const response = await postForm(
      "/form/checkout",
      { back: "/checkout/cart", addressId: "new", city: "Kowloon", phone: "12", remarks: "Ring twice" },
      jar,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/checkout/cart");
    const html = (await getPage("/checkout/cart", jar)).body;
    expect(fieldMessage(html, { name: "firstName" })).toBe("Enter your first name");
    expect(fieldMessage(html, { name: "country" })).toBe("Please select Country/region");
    expect(fieldMessage(html, { name: "city" })).toBeNull();
    expect(html).toMatch(/<input[^>]*name="city"[^>]*value="Kowloon"/);
    expect(textOf(html, "sf-shippingMethod-error")).toBe("Shipping method is not available");
    expect(textOf(html, "sf-paymentMethod-error")).toBe("Please select payment method");
    expect(html).toContain("Ring twice</textarea>");
    expect(decode(html)).toContain("Please check the highlighted fields.");
    expect((await store.post("order/list", {}, { token })).data.items).toEqual([]);
  });

  it("places the order in one post: the new address saved, stock and coupon taken, the cart emptied, then the thank-you page", async () => {
    const { jar, token } = await shopperWith([[MUG, 2]]);
    const before = stockSnapshot(store.server.db, store.server.store)(MUG);
    const response = await postForm(
      "/zh/form/checkout",
      {
        back: "/zh/checkout/cart?coupon=WELCOME10",
        addressId: "new",
        country: "HK",
        city: "Kowloon",
        firstName: "Ka",
        lastName: "Wong",
        address: "2 Nathan Road",
        countryCode: "+852",
        phone: "98765432",
        shippingMethod: "standard",
        paymentMethod: "cod",
        couponCode: "WELCOME10",
        remarks: "Ring twice",
      },
      jar,
    );
    expect(response.statusCode).toBe(303);
    const location = new URL(response.headers.location as string, "http://x");
    expect(location.pathname).toBe("/zh/checkout/thankyou");
    const orderNo = location.searchParams.get("orderNo")!;
    const order = (await store.post("order/detail", { orderNo }, { token })).data;
    expect(order).toMatchObject({ couponCode: "WELCOME10", discountAmount: 8.4, paymentMethod: "cod", remarks: "Ring twice" });
    expect(order.address).toMatchObject({ country: "HK", city: "Kowloon", firstName: "Ka" });
    expect(stockSnapshot(store.server.db, store.server.store)(MUG)).toBe(before - 2);
    expect((await store.post("cart/list", {}, { token })).data.items).toEqual([]);
    expect((await store.post("address/list", {}, { token })).data.items).toHaveLength(1);
    const thanks = (await getPage(location.pathname + location.search, jar)).body;
    expect(thanks).toContain(orderNo);

    // The coupon is used: the next order that asks for it is refused, and nothing is placed.
    await store.post("cart/add", { sku: SCARF, quantity: 1 }, { token });
    const addressId = String((await store.post("address/list", {}, { token })).data.items[0].id);
    const again = await postForm(
      "/form/checkout",
      { back: "/checkout/cart", addressId, shippingMethod: "express", paymentMethod: "cod", couponCode: "WELCOME10" },
      jar,
    );
    expect(again.headers.location).toBe("/checkout/cart?coupon=WELCOME10");
    const html = (await getPage(again.headers.location as string, jar)).body;
    expect(decode(html)).toContain("The coupon cannot be used on this order any more.");
    expect(fieldMessage(html, { name: "code" })).toBe("You have already used this coupon.");
    expect(checkedRadio(html, "shippingMethod")).toBe("express");
    expect((await store.post("cart/list", {}, { token })).data.items).toHaveLength(1);
  });

  it("sends an order paid by card on to the payment provider's page", async () => {
    const { jar, token } = await shopperWith([[SCARF, 1]]);
    const saved = await store.post(
      "address/save",
      {
        country: "HK",
        city: "Hong Kong",
        firstName: "Mei",
        lastName: "Chan",
        address: "1 Queen's Road",
        countryCode: "+852",
        phone: "91234567",
      },
      { token },
    );
    const response = await postForm(
      "/form/checkout",
      { back: "/checkout/cart", addressId: String(saved.data.id), shippingMethod: "pickup", paymentMethod: "card" },
      jar,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/pay\/[A-Za-z0-9_-]+$/);
    expect((await store.post("order/list", {}, { token })).data.items).toHaveLength(1);
  });
});
