// @vitest-environment node
// The cart, checkout, thank-you, order and return pages: their islands, the links they need
// (with the language prefix and the way back from sign-in), and 404 for a malformed order number.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "./orders-support";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
let token: string;
beforeAll(async () => {
  store = await startStore();
  token = (await signUp(store)).token;
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

async function pageOf(path: string, auth?: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`, {
    headers: auth ? { "x-auth": auth } : {},
  });
  const body = (await response.json()) as { data: { data: Record<string, unknown> } };
  return { status: response.status, page: body.data.data };
}

describe("shopper pages", () => {
  it("renders the cart page island with the visitor's cart and the checkout link", async () => {
    const html = await (await fetch(`${store.url}/zh-HK/cart`)).text();
    expect(html).toContain('data-component="CartPage"');
    expect(html).not.toContain('aria-busy="true"');
    expect((await pageOf("/zh-HK/cart")).page).toMatchObject({
      checkoutHref: "/zh-HK/checkout/cart",
      shopHref: "/zh-HK",
      cart: { items: [], count: 0 },
    });
  });

  it("gives checkout sign-in and sign-up links that come back to it", async () => {
    const { page } = await pageOf("/zh/checkout/cart");
    expect(page).toMatchObject({
      signInHref: "/zh/auth/signin?redirect=%2Fzh%2Fcheckout%2Fcart",
      signUpHref: "/zh/auth/signup?redirect=%2Fzh%2Fcheckout%2Fcart",
      cartHref: "/zh/cart",
    });
  });

  it("shows the order number on the thank-you page only when it is one", async () => {
    const html = await (await fetch(`${store.url}/checkout/thankyou?orderNo=SO20261121ABC123`)).text();
    expect(html).toContain("<strong>SO20261121ABC123</strong>");
    expect(html).toContain('href="/user/order/SO20261121ABC123"');
    const bad = await pageOf("/checkout/thankyou?orderNo=%3Cscript%3E");
    expect(bad.page.orderNo).toBeUndefined();
    expect(bad.page.ordersHref).toBe("/user/order");
  });

  it("renders the shopper's orders and returns, and 404 for a malformed or someone else's order", async () => {
    const orderNo = await placeOrder(store, token);
    const list = (await pageOf("/zh-HK/user/order?status=in_progress&page=1", token)).page as { view: Record<string, unknown> };
    expect(list.view).toMatchObject({
      orderHref: "/zh-HK/user/order/{orderNo}",
      listHref: "/zh-HK/user/order",
      status: "in_progress",
      page: 1,
      total: 1,
    });
    expect((list.view.orders as { orderNo: string }[])[0]!.orderNo).toBe(orderNo);
    // A first load is rendered for the owner of the auth cookie.
    const detail = await fetch(`${store.url}/user/order/${orderNo}`, { headers: { cookie: `sf_auth=${token}` } });
    const html = await detail.text();
    expect(html).toContain('data-component="UserOrderDetail"');
    expect(html).toContain(orderNo);
    expect((await pageOf("/user/return", token)).page).toMatchObject({
      view: { returns: [], total: 0, returnHref: "/user/return/{returnNo}" },
    });
    expect((await pageOf("/user/order/so-1", token)).status).toBe(404);
    expect((await pageOf(`/user/order/${orderNo}`, (await signUp(store)).token)).status).toBe(404);
    expect((await pageOf("/user/return/RT00000000NOSUCH", token)).status).toBe(404);
  });
});
