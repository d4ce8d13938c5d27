// Checkout's coupon picker: the shopper's claimed coupons as radios (one that cannot be used
// on this order is disabled and says why), picking one applies it through the quote, and a
// refusal with a reason is shown in words of the shopper's language.
import { afterEach, describe, expect, it } from "vitest";
import type { CheckoutQuoteRequest, CheckoutQuoteResponse } from "../../../generated/types";
import Checkout from "../../../src/components/checkout/Checkout";
import { ApiError } from "../../../src/runtime/api/client";
import { byLabel, byText, click, fakeApi, type Rendered, renderIsland, settle, type } from "./support";

const PROPS = { signInHref: "/auth/signin", signUpHref: "/auth/signup", cartHref: "/cart" };
const ITEM = {
  sku: "A-1",
  slug: "linen",
  title: "Linen Shirt",
  variantTitle: "M",
  image: "",
  href: "/product/linen/A-1",
  price: 40,
  quantity: 2,
  stock: 9,
  selected: true,
};
const OFFERS: CheckoutQuoteResponse["offers"] = [
  { code: "WELCOME10", title: "10% off your first order", usable: true },
  {
    code: "SAVE15",
    title: "$15 off orders over $100",
    usable: false,
    reason: { id: "coupon.reason.minimum", values: { amount: 100, currency: "USD" } },
  },
];

function quoteFor(body: CheckoutQuoteRequest): CheckoutQuoteResponse {
  const discount = body.couponCode === "WELCOME10" ? 8 : 0;
  return {
    items: [ITEM],
    goodsAmount: 80,
    discountAmount: discount,
    shippingFee: 5,
    payAmount: 85 - discount,
    currency: "USD",
    ...(discount ? { coupon: { code: "WELCOME10", title: "10% off your first order" } } : {}),
    offers: OFFERS,
  };
}

const used = () =>
  new ApiError(
    "checkout/quote",
    { kind: "envelope", code: 41, msg: "You have already used this coupon.", reason: { id: "coupon.reason.used" } },
    { id: "coupon.reason.used" },
  );

function api() {
  return fakeApi({
    "address/list": () => ({ items: [] }),
    "checkout/options": () => ({
      shippingMethods: [{ id: "standard", name: "Standard shipping", fee: 5 }],
      paymentMethods: [{ id: "card", name: "Card" }],
    }),
    "checkout/quote": (body) => {
      if (body.couponCode === "ONCE5") throw used();
      return quoteFor(body);
    },
  });
}

function offer(root: HTMLElement, code: string): HTMLInputElement {
  const input = root.querySelector<HTMLInputElement>(`input[name="sf-coupon-offer"][value="${code}"]`);
  if (!input) throw new Error(`no offer ${code}`);
  return input;
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("coupon picker", () => {
  it("offers the claimed coupons, disables one that cannot be used with its reason, and applies the one picked", async () => {
    const { api: fake, post } = api();
    view = await renderIsland(<Checkout {...PROPS} />, { api: fake });
    await settle();
    const legend = byText(view.container, "legend", "Your coupons");
    expect(legend).toBeTruthy();
    expect(offer(view.container, "SAVE15").disabled).toBe(true);
    expect(offer(view.container, "SAVE15").closest("label")!.textContent).toContain(
      "This coupon needs an order of at least 100 USD.",
    );
    expect(offer(view.container, "WELCOME10").checked).toBe(false);

    await click(offer(view.container, "WELCOME10"));
    expect(post).toHaveBeenLastCalledWith("checkout/quote", { couponCode: "WELCOME10" }, { toast: false });
    expect(offer(view.container, "WELCOME10").checked).toBe(true);
    expect(view.container.textContent).toContain("Coupon WELCOME10 applied: 10% off your first order");
    expect(view.container.textContent).toContain("−$8.00");

    await click(byText(view.container, "button", "Remove coupon"));
    expect(offer(view.container, "WELCOME10").checked).toBe(false);
  });

  it("shows a refusal's reason under the code field", async () => {
    view = await renderIsland(<Checkout {...PROPS} />, { api: api().api });
    await settle();
    await type(byLabel<HTMLInputElement>(view.container, "Coupon code"), "ONCE5");
    await click(byText(view.container, "button", "Apply"));
    expect(view.container.querySelector("#sf-coupon-error")?.textContent).toBe("You have already used this coupon.");
  });
});
