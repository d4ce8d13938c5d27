import { act } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Address, CheckoutQuoteRequest, CheckoutQuoteResponse, Order } from "../../../generated/types";
import validate from "../../../generated/validators/components/Checkout.js";
import Checkout from "../../../src/components/checkout/Checkout";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { LOCALES } from "../runtime/fakes";
import { byLabel, byText, click, fakeApi, type Handlers, type Rendered, refusal, renderIsland, settle, type } from "./support";

const PROPS = {
  signInHref: "/auth/signin?redirect=%2Fcheckout%2Fcart",
  signUpHref: "/auth/signup?redirect=%2Fcheckout%2Fcart",
  cartHref: "/cart",
};

const ADDRESS: Address = {
  id: 3,
  country: "Hong Kong",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
  isDefault: true,
};

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

function quoteFor(body: CheckoutQuoteRequest): CheckoutQuoteResponse {
  const shippingFee = body.shippingMethod === "express" ? 15 : 5;
  const discount = body.couponCode?.toUpperCase() === "WELCOME10" ? 8 : 0;
  return {
    items: [ITEM],
    goodsAmount: 80,
    discountAmount: discount,
    shippingFee,
    payAmount: 80 - discount + shippingFee,
    currency: "USD",
    ...(discount ? { coupon: { code: "WELCOME10", title: "10% off" } } : {}),
  };
}

function handlers(extra: Handlers = {}): Handlers {
  return {
    "address/list": () => ({ items: [ADDRESS] }),
    "checkout/options": () => ({
      shippingMethods: [
        { id: "standard", name: "Standard shipping", fee: 5 },
        { id: "express", name: "Express shipping", fee: 15 },
      ],
      paymentMethods: [
        { id: "card", name: "Card" },
        { id: "paypal", name: "PayPal" },
      ],
    }),
    "checkout/quote": (body) => {
      if (body.couponCode && body.couponCode.toUpperCase() !== "WELCOME10")
        throw refusal("checkout/quote", "This coupon code does not exist.");
      return quoteFor(body);
    },
    ...extra,
  };
}

function radioLabelled(root: HTMLElement, text: string): HTMLInputElement {
  const label = Array.from(root.querySelectorAll("label")).find((l) => l.textContent?.includes(text));
  if (!label) throw new Error(`no option ${text}`);
  return label.querySelector("input")!;
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("Checkout", () => {
  it("accepts the template's props", () => {
    expect(validate(PROPS)).toBe(true);
  });

  it("renders a skeleton on the server, whatever the session", () => {
    const html = renderToString(
      <IslandProviders context={{ locale: "en", messages: LOCALES.en }}>
        <Checkout {...PROPS} />
      </IslandProviders>,
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Checkout");
    expect(html).not.toContain("Sign in");
  });

  it("asks a signed-out shopper to sign in or sign up and come back", async () => {
    const { api, post } = fakeApi({});
    view = await renderIsland(<Checkout {...PROPS} />, { api, signedIn: false });
    expect(byText<HTMLAnchorElement>(view.container, "a", "Sign in").getAttribute("href")).toBe(PROPS.signInHref);
    expect(byText<HTMLAnchorElement>(view.container, "a", "Sign up").getAttribute("href")).toBe(PROPS.signUpHref);
    expect(post).not.toHaveBeenCalled();
  });

  it("requires a shipping method and a payment method before placing the order", async () => {
    const { api, post } = fakeApi(handlers());
    view = await renderIsland(<Checkout {...PROPS} />, { api });
    await settle();
    expect(radioLabelled(view.container, "Mei").checked).toBe(true);
    await click(byText(view.container, "button", "Place order"));
    const text = view.container.textContent!;
    expect(text).toContain("Shipping method is not available");
    expect(text).toContain("Please select payment method");
    expect(post).not.toHaveBeenCalledWith("checkout/submit", expect.anything(), expect.anything());
    expect(document.activeElement?.textContent).toBe("Please check the highlighted fields.");

    await click(radioLabelled(view.container, "Express shipping"));
    expect(view.container.textContent).not.toContain("Shipping method is not available");
    expect(post).toHaveBeenLastCalledWith("checkout/quote", { shippingMethod: "express" }, { toast: false });
    expect(view.container.textContent).toContain("$95.00");
  });

  it("says so when the store offers no shipping method", async () => {
    const { api } = fakeApi(
      handlers({ "checkout/options": () => ({ shippingMethods: [], paymentMethods: [{ id: "card", name: "Card" }] }) }),
    );
    view = await renderIsland(<Checkout {...PROPS} />, { api });
    await settle();
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("Shipping method is not available");
  });

  it("applies a coupon, shows why one is refused, and removes it", async () => {
    const { api } = fakeApi(handlers());
    view = await renderIsland(<Checkout {...PROPS} />, { api });
    await settle();
    const input = byLabel<HTMLInputElement>(view.container, "Coupon code");
    await type(input, "NOPE1");
    await click(byText(view.container, "button", "Apply"));
    expect(view.container.querySelector("#sf-coupon-error")?.textContent).toBe("This coupon code does not exist.");
    expect(input.value).toBe("NOPE1");

    await type(input, "welcome10");
    await click(byText(view.container, "button", "Apply"));
    expect(view.container.textContent).toContain("Coupon WELCOME10 applied: 10% off");
    expect(view.container.textContent).toContain("−$8.00");
    await click(byText(view.container, "button", "Remove coupon"));
    expect(view.container.textContent).not.toContain("−$8.00");
  });

  it("adds an address in the dialog after checking its fields", async () => {
    const saved: Address = { ...ADDRESS, id: 9, firstName: "Ka", lastName: "Wong", isDefault: false };
    const { api, post } = fakeApi(handlers({ "address/save": () => saved }));
    view = await renderIsland(<Checkout {...PROPS} />, { api });
    await settle();
    await click(byText(view.container, "button", "Add address"));
    const dialog = view.container.querySelector("dialog")!;
    expect(dialog.getAttribute("aria-labelledby")).toBe(dialog.querySelector("h2")!.id);
    await act(async () => dialog.querySelector("form")!.requestSubmit());
    expect(dialog.textContent).toContain("Enter your first name");
    expect(dialog.textContent).toContain("Enter your mobile number");
    expect(post).not.toHaveBeenCalledWith("address/save", expect.anything(), expect.anything());

    // Choosing the country picks its calling code.
    const country = byLabel<HTMLSelectElement>(dialog, "Country/region");
    await act(async () => {
      country.value = "HK";
      country.dispatchEvent(new Event("change", { bubbles: true }));
    });
    expect(byLabel<HTMLSelectElement>(dialog, "Country code").value).toBe("+852");
    const fields: Record<string, string> = {
      City: "Kowloon",
      "First name": "Ka",
      "Last name": "Wong",
      Address: "2 Nathan Road",
      Phone: "98765432",
    };
    for (const [label, value] of Object.entries(fields)) await type(byLabel<HTMLInputElement>(dialog, label), value);
    await act(async () => dialog.querySelector("form")!.requestSubmit());
    await settle();
    expect(post).toHaveBeenCalledWith(
      "address/save",
      {
        country: "HK",
        city: "Kowloon",
        firstName: "Ka",
        lastName: "Wong",
        address: "2 Nathan Road",
        countryCode: "+852",
        phone: "98765432",
      },
      { toast: false },
    );
    expect(view.container.querySelector("dialog")).toBeNull();
    expect(radioLabelled(view.container, "Ka Wong").checked).toBe(true);
  });

  it("places the order, lowers the cart count and goes to the thank-you page", async () => {
    const order = { orderNo: "SO20261121ABC123", items: [{ ...ITEM }] } as unknown as Order;
    const { api, post } = fakeApi(handlers({ "checkout/submit": () => order }));
    view = await renderIsland(<Checkout {...PROPS} />, { api, cartCount: 5 });
    await settle();
    await click(radioLabelled(view.container, "Standard shipping"));
    await click(radioLabelled(view.container, "PayPal"));
    await type(byLabel<HTMLTextAreaElement>(view.container, "Order remarks (optional)"), " Ring twice ");
    await click(byText(view.container, "button", "Place order"));
    expect(post).toHaveBeenCalledWith(
      "checkout/submit",
      { addressId: 3, shippingMethod: "standard", paymentMethod: "paypal", remarks: "Ring twice" },
      { toast: false },
    );
    expect(view.cart.getSnapshot()).toBe(3);
    expect(view.navigate).toHaveBeenCalledWith("/checkout/thankyou?orderNo=SO20261121ABC123", undefined);
  });

  it("keeps everything and shows the reason when the order is refused", async () => {
    const { api } = fakeApi(
      handlers({
        "checkout/submit": () => {
          throw refusal("checkout/submit", "Only 1 of Linen Shirt left in stock.");
        },
      }),
    );
    view = await renderIsland(<Checkout {...PROPS} />, { api, cartCount: 2 });
    await settle();
    await click(radioLabelled(view.container, "Standard shipping"));
    await click(radioLabelled(view.container, "Card"));
    await click(byText(view.container, "button", "Place order"));
    expect(view.container.textContent).toContain("Only 1 of Linen Shirt left in stock.");
    expect(radioLabelled(view.container, "Standard shipping").checked).toBe(true);
    expect(byText<HTMLButtonElement>(view.container, "button", "Place order").disabled).toBe(false);
    expect(view.cart.getSnapshot()).toBe(2);
    expect(view.navigate).not.toHaveBeenCalled();
  });
});
