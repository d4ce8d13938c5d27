import { afterEach, describe, expect, it } from "vitest";
import type { Cart, CartItem } from "../../../generated/types";
import validate from "../../../generated/validators/components/CartPage.js";
import CartPage from "../../../src/components/cart/CartPage";
import { byLabel, byText, click, fakeApi, type Rendered, refusal, renderIsland, settle } from "./support";

const PROPS = { checkoutHref: "/checkout/cart", shopHref: "/" };

function line(sku: string, title: string, quantity: number, price = 10): CartItem {
  return {
    sku,
    slug: title.toLowerCase().replace(/ /g, "-"),
    title,
    variantTitle: "M",
    image: "/media/x.svg",
    href: `/product/x/${sku}`,
    price,
    quantity,
    stock: 20,
    selected: true,
  };
}

function cartOf(items: CartItem[]): Cart {
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    total: items.reduce((n, i) => n + i.price * i.quantity, 0),
    currency: "USD",
  };
}

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("CartPage", () => {
  it("accepts the template's props", () => {
    expect(validate(PROPS)).toBe(true);
    expect(validate({ checkoutHref: "https://evil.test/", shopHref: "/" })).toBe(false);
  });

  it("lists the lines with totals and sets the header count from the cart", async () => {
    const { api } = fakeApi({
      "cart/list": () => cartOf([line("A-1", "Linen Shirt", 2, 12.5), line("B-1", "Wool Scarf", 1, 30)]),
    });
    view = await renderIsland(<CartPage {...PROPS} />, { api, cartCount: 7 });
    await settle();
    const text = view.container.textContent!;
    expect(text).toContain("Linen Shirt");
    expect(text).toContain("$12.50 each");
    expect(text).toContain("$25.00");
    expect(text).toContain("$55.00");
    expect(byLabel<HTMLInputElement>(view.container, "Quantity of Linen Shirt").value).toBe("2");
    expect(view.cart.getSnapshot()).toBe(3);
    expect(byText<HTMLAnchorElement>(view.container, "a", "Checkout").getAttribute("href")).toBe("/checkout/cart");
  });

  it("changes a quantity with the stepper through cart/update", async () => {
    let cart = cartOf([line("A-1", "Linen Shirt", 1)]);
    const { api, post } = fakeApi({
      "cart/list": () => cart,
      "cart/update": ({ sku, quantity }) => (cart = cartOf([line(sku, "Linen Shirt", quantity!)])),
    });
    view = await renderIsland(<CartPage {...PROPS} />, { api });
    await settle();
    await click(byLabel(view.container, "Increase quantity of Linen Shirt"));
    expect(post).toHaveBeenCalledWith("cart/update", { sku: "A-1", quantity: 2 }, { toast: false });
    expect(byLabel<HTMLInputElement>(view.container, "Quantity of Linen Shirt").value).toBe("2");
    expect(view.cart.getSnapshot()).toBe(2);
  });

  it("removes a line through cart/remove and shows the empty state after the last", async () => {
    const { api, post } = fakeApi({
      "cart/list": () => cartOf([line("A-1", "Linen Shirt", 3)]),
      "cart/remove": () => cartOf([]),
    });
    view = await renderIsland(<CartPage {...PROPS} />, { api });
    await settle();
    expect(view.cart.getSnapshot()).toBe(3);
    await click(byText(view.container, "button", "Remove Linen Shirt"));
    expect(post).toHaveBeenCalledWith("cart/remove", { skus: ["A-1"] }, { toast: false });
    expect(view.container.textContent).toContain("Your cart is empty.");
    expect(byText<HTMLAnchorElement>(view.container, "a", "Continue shopping").getAttribute("href")).toBe("/");
    expect(view.cart.getSnapshot()).toBe(0);
  });

  it("keeps the line and says why when a change is refused", async () => {
    const { api } = fakeApi({
      "cart/list": () => cartOf([line("A-1", "Linen Shirt", 1)]),
      "cart/update": () => {
        throw refusal("cart/update", "Only 1 left in stock.");
      },
    });
    view = await renderIsland(<CartPage {...PROPS} />, { api });
    await settle();
    await click(byLabel(view.container, "Increase quantity of Linen Shirt"));
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("Only 1 left in stock.");
    expect(byLabel<HTMLInputElement>(view.container, "Quantity of Linen Shirt").value).toBe("1");
  });

  it("offers to try again when the cart cannot be loaded", async () => {
    let fail = true;
    const { api } = fakeApi({
      "cart/list": () => {
        if (fail) throw refusal("cart/list", "Reload the page and try again.");
        return cartOf([]);
      },
    });
    view = await renderIsland(<CartPage {...PROPS} />, { api });
    await settle();
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("Reload the page and try again.");
    fail = false;
    await click(byText(view.container, "button", "Try again"));
    expect(view.container.textContent).toContain("Your cart is empty.");
  });
});
