import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Order } from "../../../generated/types";
import validateThankYou from "../../../generated/validators/components/ThankYou.js";
import validateOrders from "../../../generated/validators/components/UserOrders.js";
import ThankYou from "../../../src/components/checkout/ThankYou";
import UserOrderDetail from "../../../src/components/user/UserOrderDetail";
import UserOrders from "../../../src/components/user/UserOrders";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { LOCALES } from "../runtime/fakes";
import { byText, click, fakeApi, type Rendered, refusal, renderIsland, settle } from "./support";

const ORDER: Order = {
  orderNo: "SO20261121ABC123",
  status: "in_progress",
  payStatus: "unpaid",
  items: [{ slug: "linen", sku: "A-1", title: "Linen Shirt", variantTitle: "M", image: "", price: 40, quantity: 2 }],
  goodsAmount: 80,
  discountAmount: 0,
  shippingFee: 5,
  payAmount: 85,
  currency: "USD",
  couponCode: "",
  shippingMethod: "standard",
  paymentMethod: "card",
  remarks: "Ring twice",
  address: {
    country: "Hong Kong",
    city: "Hong Kong",
    firstName: "Mei",
    lastName: "Chan",
    address: "1 Queen's Road",
    countryCode: "+852",
    phone: "91234567",
  },
  shipments: [{ expressName: "SF Express", expressNo: "SF123", createdAt: "2026-11-22T10:00:00Z" }],
  createdAt: "2026-11-21T10:00:00Z",
};

const LIST_PROPS = { orderHref: "/user/order/{orderNo}", signInHref: "/auth/signin?redirect=%2Fuser%2Forder", shopHref: "/" };

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe("UserOrders", () => {
  it("accepts the template's props", () => {
    expect(validateOrders(LIST_PROPS)).toBe(true);
    expect(validateOrders({ ...LIST_PROPS, orderHref: "/user/order" })).toBe(false);
  });

  it("lists number, date, status, pay status, total and a link to each order", async () => {
    const { api, post } = fakeApi({ "order/list": () => ({ items: [ORDER], total: 1 }) });
    view = await renderIsland(<UserOrders {...LIST_PROPS} />, { api });
    await settle();
    expect(post).toHaveBeenCalledWith("order/list", { page: 1, pageSize: 50 }, { toast: false });
    const text = view.container.textContent!;
    for (const part of ["Order SO20261121ABC123", "Nov 21, 2026", "In progress", "Unpaid", "Total $85.00"])
      expect(text).toContain(part);
    expect(byText<HTMLAnchorElement>(view.container, "a", "View details SO20261121ABC123").getAttribute("href")).toBe(
      "/user/order/SO20261121ABC123",
    );
  });

  it("says when there is no order yet, and when the list cannot load", async () => {
    let fail = true;
    const { api } = fakeApi({
      "order/list": () => {
        if (fail) throw refusal("order/list", "Try again later.");
        return { items: [], total: 0 };
      },
    });
    view = await renderIsland(<UserOrders {...LIST_PROPS} />, { api });
    await settle();
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("Try again later.");
    fail = false;
    await click(byText(view.container, "button", "Try again"));
    expect(view.container.textContent).toContain("You have not placed an order yet.");
  });

  it("links a signed-out shopper to sign-in with the way back, without calling the API", async () => {
    const { api, post } = fakeApi({});
    view = await renderIsland(<UserOrders {...LIST_PROPS} />, { api, signedIn: false });
    expect(byText<HTMLAnchorElement>(view.container, "a", "Sign in").getAttribute("href")).toBe(LIST_PROPS.signInHref);
    expect(post).not.toHaveBeenCalled();
  });
});

describe("UserOrderDetail", () => {
  it("shows the items, amounts, address, shipments and remarks", async () => {
    const { api, post } = fakeApi({ "order/detail": () => ORDER });
    view = await renderIsland(<UserOrderDetail orderNo="SO20261121ABC123" ordersHref="/user/order" signInHref="/auth/signin" />, {
      api,
    });
    await settle();
    expect(post).toHaveBeenCalledWith("order/detail", { orderNo: "SO20261121ABC123" }, { toast: false });
    const text = view.container.textContent!;
    for (const part of ["Linen Shirt", "× 2", "$80.00", "$5.00", "$85.00", "1 Queen's Road", "SF Express SF123", "Ring twice"])
      expect(text).toContain(part);
  });

  it("says why an order cannot be shown", async () => {
    const { api } = fakeApi({
      "order/detail": () => {
        throw refusal("order/detail", "The order was not found.");
      },
    });
    view = await renderIsland(<UserOrderDetail orderNo="SO20261121ABC999" ordersHref="/user/order" signInHref="/auth/signin" />, {
      api,
    });
    await settle();
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("The order was not found.");
    expect(byText<HTMLAnchorElement>(view.container, "a", "Back to my orders").getAttribute("href")).toBe("/user/order");
  });
});

describe("ThankYou", () => {
  const props = {
    orderNo: "SO20261121ABC123",
    orderHref: "/user/order/SO20261121ABC123",
    ordersHref: "/user/order",
    homeHref: "/",
  };

  it("shows the order number and links to the order and the order list, on the server", () => {
    expect(validateThankYou(props)).toBe(true);
    const html = renderToString(
      <IslandProviders context={{ locale: "zh-HK", messages: LOCALES["zh-HK"] }}>
        <ThankYou {...props} />
      </IslandProviders>,
    );
    expect(html).toContain("<strong>SO20261121ABC123</strong>");
    expect(html).toContain('href="/user/order"');
    expect(html).toContain("我的訂單");
  });
});
