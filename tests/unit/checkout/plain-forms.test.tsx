// The cart page and the checkout as the server renders them (issue 20): the shopper's real
// contents as plain forms that post to {prefix}/form/{name}, a refused post's messages next
// to their fields; and once the island runs, the same data kept and the API used.
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart, CartItem, CheckoutOrderData, FormState } from "../../../generated/types";
import validateCart from "../../../generated/validators/components/CartPage.js";
import validateCheckout from "../../../generated/validators/components/Checkout.js";
import CartPage from "../../../src/components/cart/CartPage";
import Checkout from "../../../src/components/checkout/Checkout";
import SiteHeader from "../../../src/components/layout/SiteHeader";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { LOCALES } from "../runtime/fakes";
import { byLabel, click, fakeApi, type Rendered, renderIsland, settle } from "./support";

const ITEM: CartItem = {
  sku: "ENAMUG-WHI",
  slug: "enamel-mug",
  title: "Enamel Mug",
  variantTitle: "White",
  image: "",
  href: "/product/enamel-mug/ENAMUG-WHI",
  price: 41.99,
  quantity: 2,
  stock: 5,
  selected: true,
};
const CART: Cart = { items: [ITEM], count: 2, total: 83.98, currency: "USD" };
const CART_PROPS = { checkoutHref: "/zh/checkout/cart", shopHref: "/zh", cart: CART };

const ORDER: CheckoutOrderData = {
  addresses: [],
  shippingMethods: [{ id: "standard", name: "Standard shipping", fee: 5.9 }],
  paymentMethods: [
    { id: "card", name: "Card" },
    { id: "cod", name: "Cash on delivery" },
  ],
  quote: {
    items: [ITEM],
    goodsAmount: 83.98,
    discountAmount: 0,
    shippingFee: 5.9,
    payAmount: 89.88,
    currency: "USD",
    offers: [],
  },
};
const CHECKOUT_PROPS = {
  signInHref: "/auth/signin?redirect=%2Fcheckout%2Fcart",
  signUpHref: "/auth/signup?redirect=%2Fcheckout%2Fcart",
  cartHref: "/cart",
};

/** The server's render of an island, as the page would send it. */
function onServer(node: React.ReactNode): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = renderToString(
    <IslandProviders context={{ locale: "en", messages: LOCALES.en, path: "/checkout/cart" }}>{node}</IslandProviders>,
  );
  return root;
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("the cart page rendered by the server", () => {
  it("accepts the server's cart and refuses one without bounds", () => {
    expect(validateCart(CART_PROPS)).toBe(true);
    expect(validateCart({ ...CART_PROPS, cart: { ...CART, items: Array.from({ length: 101 }, () => ITEM) } })).toBe(false);
  });

  it("lists the lines as plain forms: the quantity with Update, − and + posting the next quantity, Remove", () => {
    const root = onServer(<CartPage {...CART_PROPS} />);
    expect(root.textContent).not.toContain("Loading");
    const quantity = byLabel<HTMLInputElement>(root, "Quantity of Enamel Mug");
    expect(quantity.value).toBe("2");
    expect(quantity.name).toBe("quantity");
    const form = quantity.form!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/form/cart-update");
    expect((form.elements.namedItem("sku") as HTMLInputElement).value).toBe("ENAMUG-WHI");
    const increase = byLabel<HTMLButtonElement>(root, "Increase quantity of Enamel Mug");
    expect(increase.type).toBe("submit");
    expect(increase.getAttribute("form")).toBe("sf-qty-step-ENAMUG-WHI");
    expect(increase.value).toBe("3");
    expect(root.querySelector("#sf-qty-step-ENAMUG-WHI")?.getAttribute("action")).toBe("/form/cart-update");
    const remove = Array.from(root.querySelectorAll("button")).find((b) => b.textContent === "Remove Enamel Mug")!;
    expect(remove.form?.getAttribute("action")).toBe("/form/cart-remove");
  });

  it("shows a refused change beside its line with what was typed, and ignores another form's flash", () => {
    const form: FormState = {
      name: "cart-update",
      values: { sku: "ENAMUG-WHI", quantity: "9" },
      errors: { quantity: "cart.form.stock" },
    };
    const root = onServer(<CartPage {...CART_PROPS} form={form} />);
    const quantity = byLabel<HTMLInputElement>(root, "Quantity of Enamel Mug");
    expect(quantity.value).toBe("9");
    expect(quantity.getAttribute("aria-invalid")).toBe("true");
    expect(root.querySelector(`#${quantity.getAttribute("aria-describedby")}`)?.textContent).toBe("Only 5 left in stock.");
    const other = onServer(<CartPage {...CART_PROPS} form={{ ...form, name: "signin" }} />);
    expect(byLabel(other, "Quantity of Enamel Mug").getAttribute("aria-invalid")).toBeNull();
  });

  it("keeps the server's lines once running, follows the API's cart and changes it through the API", async () => {
    let cart = CART;
    const { api, post } = fakeApi({
      "cart/list": () => cart,
      "cart/update": ({ quantity }) => (cart = { ...CART, items: [{ ...ITEM, quantity: quantity! }], count: quantity! }),
    });
    view = await renderIsland(<CartPage {...CART_PROPS} />, { api, cartCount: 0 });
    await settle();
    expect(view.cart.getSnapshot()).toBe(2);
    await click(byLabel(view.container, "Increase quantity of Enamel Mug"));
    expect(post).toHaveBeenCalledWith("cart/update", { sku: "ENAMUG-WHI", quantity: 3 }, { toast: false });
    expect(byLabel<HTMLInputElement>(view.container, "Quantity of Enamel Mug").value).toBe("3");
    expect(view.cart.getSnapshot()).toBe(3);
  });
});

describe("the checkout rendered by the server", () => {
  it("accepts the server's order", () => {
    expect(validateCheckout({ ...CHECKOUT_PROPS, signedIn: true, order: ORDER })).toBe(true);
  });

  it("offers sign-in and sign-up to a visitor, without waiting for the script", () => {
    const root = onServer(<Checkout {...CHECKOUT_PROPS} signedIn={false} />);
    expect(root.querySelector("[aria-busy]")).toBeNull();
    expect(root.querySelector(`a[href="${CHECKOUT_PROPS.signInHref}"]`)?.textContent).toBe("Sign in");
  });

  it("renders the order as one form posting to /form/checkout, the coupon's own beside it", () => {
    const root = onServer(<Checkout {...CHECKOUT_PROPS} signedIn order={ORDER} />);
    const form = root.querySelector<HTMLFormElement>('form[action="/form/checkout"]')!;
    expect(form.getAttribute("method")).toBe("post");
    expect((form.elements.namedItem("back") as HTMLInputElement).value).toBe("/checkout/cart");
    // No saved address: the new one's fields are posted with the order.
    expect((form.elements.namedItem("addressId") as HTMLInputElement).value).toBe("new");
    expect(form.elements.namedItem("country")).not.toBeNull();
    expect(form.querySelectorAll('input[name="shippingMethod"]')).toHaveLength(1);
    expect(form.querySelectorAll('input[name="paymentMethod"]')).toHaveLength(2);
    const place = Array.from(root.querySelectorAll("button")).find((b) => b.textContent === "Place order")!;
    expect(place.type).toBe("submit");
    expect(place.getAttribute("form")).toBe(form.id);
    expect(root.querySelector('form[action="/form/coupon"] input[name="code"]')).not.toBeNull();
  });

  it("shows a refused post's messages next to their fields and fills in what was typed", () => {
    const form: FormState = {
      name: "checkout",
      values: { addressId: "new", city: "Kowloon", paymentMethod: "cod", remarks: "Ring twice" },
      errors: {
        firstName: "validation.firstName.required",
        country: "validation.select",
        shippingMethod: "validation.shippingMethod",
      },
      failure: "checkout.fixErrors",
    };
    const root = onServer(<Checkout {...CHECKOUT_PROPS} signedIn order={ORDER} form={form} />);
    const message = (label: string) => {
      const field = byLabel(root, label);
      return field.getAttribute("aria-invalid") === "true"
        ? root.querySelector(`#${field.getAttribute("aria-describedby")}`)?.textContent
        : null;
    };
    expect(message("First name")).toBe("Enter your first name");
    expect(message("Country/region")).toBe("Please select Country/region");
    expect(message("City")).toBeNull();
    expect(byLabel<HTMLInputElement>(root, "City").value).toBe("Kowloon");
    expect(root.querySelector("#sf-shippingMethod-error")?.textContent).toBe("Shipping method is not available");
    expect(root.querySelector<HTMLInputElement>('input[name="paymentMethod"][value="cod"]')?.checked).toBe(true);
    expect(root.querySelector("textarea")?.textContent).toBe("Ring twice");
    expect(root.textContent).toContain("Please check the highlighted fields.");
  });

  it("says why a coupon was refused with the reason's values", () => {
    const order = { ...ORDER, couponRefusal: { id: "coupon.reason.minimum" as const, values: { amount: 100, currency: "USD" } } };
    const form: FormState = { name: "coupon", values: { code: "SAVE15" }, errors: { code: "coupon.reason.minimum" } };
    const root = onServer(<Checkout {...CHECKOUT_PROPS} signedIn order={order} form={form} />);
    expect(root.querySelector("#sf-coupon-error")?.textContent).toBe("This coupon needs an order of at least 100 USD.");
    expect(byLabel<HTMLInputElement>(root, "Coupon code").value).toBe("SAVE15");
  });

  it("keeps the server's order once running with a token, and places it through the API", async () => {
    const { api, post } = fakeApi({
      "checkout/quote": () => ORDER.quote,
      "checkout/submit": () => ({ orderNo: "SO20261121ABC123", items: [ITEM], paymentMethod: "cod" }) as never,
    });
    view = await renderIsland(<Checkout {...CHECKOUT_PROPS} signedIn order={ORDER} />, { api, cartCount: 2 });
    await settle();
    expect(post).not.toHaveBeenCalledWith("address/list", expect.anything(), expect.anything());
    expect(view.container.querySelector('form[action="/form/checkout"]')).toBeNull();
    expect(Array.from(view.container.querySelectorAll("button")).some((b) => b.textContent === "Add address")).toBe(true);
  });
});

describe("the header's cart count rendered by the server", () => {
  const header = { storeName: "Demo Store", homeHref: "/", links: [], cartHref: "/cart" };
  const cartLink = (root: HTMLElement) => root.querySelector<HTMLAnchorElement>(".sf-header__cart")!;

  it("shows the count a page rendered for one shopper brings", () => {
    const link = cartLink(onServer(<SiteHeader {...header} cartCount={3} />));
    expect(link.getAttribute("aria-label")).toBe("Cart 3 items");
    expect(link.querySelector(".sf-header__badge")?.textContent).toBe("3");
  });

  it("shows no number on a page every visitor shares", () => {
    const link = cartLink(onServer(<SiteHeader {...header} />));
    expect(link.getAttribute("aria-label")).toBeNull();
    expect(link.querySelector(".sf-header__badge")?.textContent).toBe("");
  });
});
