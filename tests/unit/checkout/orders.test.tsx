import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import type { Order, UserOrdersProps } from "../../../generated/types";
import validateThankYou from "../../../generated/validators/components/ThankYou.js";
import validateOrders from "../../../generated/validators/components/UserOrders.js";
import ThankYou from "../../../src/components/checkout/ThankYou";
import UserOrderDetail from "../../../src/components/user/UserOrderDetail";
import UserOrders from "../../../src/components/user/UserOrders";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { LOCALES } from "../runtime/fakes";
import { byLabel, byText, click, fakeApi, type Rendered, refusal, renderIsland, settle, type } from "./support";

const ORDER: Order = {
  orderNo: "SO20261121ABC123",
  status: "in_progress",
  payStatus: "paid",
  items: [
    {
      slug: "linen",
      sku: "A-1",
      title: "Linen Shirt",
      variantTitle: "M",
      image: "",
      price: 40,
      quantity: 2,
      returnable: 2,
      paidPrice: 40,
    },
  ],
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
  refundable: 85,
  refunded: 0,
  timeline: [
    { kind: "placed", note: "", at: "2026-11-21T10:00:00Z" },
    { kind: "payment_failed", note: "declined", at: "2026-11-21T10:01:00Z" },
    { kind: "paid", note: "•••• 4242", at: "2026-11-21T10:02:00Z" },
    { kind: "shipped", note: "SF Express SF123", at: "2026-11-22T10:00:00Z" },
  ],
};

const LIST_PROPS: UserOrdersProps = {
  orders: [ORDER],
  total: 23,
  page: 2,
  status: "in_progress",
  listHref: "/user/order",
  orderHref: "/user/order/{orderNo}",
  shopHref: "/",
};

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

  it("shows the server's page of orders with tabs by status and links to the other pages", async () => {
    const { api, post } = fakeApi({ "order/list": () => ({ items: [ORDER], total: 23 }) });
    view = await renderIsland(<UserOrders {...LIST_PROPS} />, { api });
    await settle();
    // Once it runs, the island catches up with changes since the server's render.
    expect(post).toHaveBeenCalledWith("order/list", { page: 2, pageSize: 10, status: "in_progress" }, { toast: false });
    const text = view.container.textContent!;
    for (const part of ["Order SO20261121ABC123", "In progress", "Paid", "Total $85.00", "Page 2 of 3"])
      expect(text).toContain(part);
    expect(byText<HTMLAnchorElement>(view.container, "a", "View details SO20261121ABC123").getAttribute("href")).toBe(
      "/user/order/SO20261121ABC123",
    );
    const current = view.container.querySelector('[aria-current="page"]');
    expect(current?.textContent).toBe("In progress");
    expect(byText<HTMLAnchorElement>(view.container, "a", "Completed").getAttribute("href")).toBe("/user/order?status=completed");
    expect(byText<HTMLAnchorElement>(view.container, "a", "Previous page").getAttribute("href")).toBe(
      "/user/order?status=in_progress",
    );
    expect(byText<HTMLAnchorElement>(view.container, "a", "Next page").getAttribute("href")).toBe(
      "/user/order?status=in_progress&page=3",
    );
  });

  it("says when a tab has no order", async () => {
    view = await renderIsland(<UserOrders {...LIST_PROPS} orders={[]} total={0} page={1} />, { api: fakeApi({}).api });
    expect(view.container.textContent).toContain("No orders here.");
  });
});

describe("UserOrderDetail", () => {
  const detail = (order: Order) => (
    <UserOrderDetail order={order} ordersHref="/user/order" returnHref="/user/return/{returnNo}" />
  );

  it("shows the items, amounts, payment, address, shipments, remarks and timeline", async () => {
    view = await renderIsland(detail(ORDER), { api: fakeApi({}).api });
    const text = view.container.textContent!;
    for (const part of [
      "Linen Shirt",
      "× 2",
      "$80.00",
      "$85.00",
      "Credit or debit card",
      "1 Queen's Road",
      "SF Express, tracking number SF123",
      "Ring twice",
      "Order placed",
      "Payment failedthe card was declined",
      "Shipped",
    ])
      expect(text).toContain(part);
    byText(view.container, "button", "Confirm receipt");
    byText(view.container, "button", "Request a return");
    expect(text).not.toContain("Pay now");
  });

  it("asks before cancelling an unpaid order, then shows the server's answer", async () => {
    const unpaid: Order = { ...ORDER, payStatus: "unpaid", shipments: [], timeline: ORDER.timeline.slice(0, 1) };
    const { api, post } = fakeApi({ "order/cancel": () => ({ ...unpaid, status: "cancelled" }) });
    view = await renderIsland(detail(unpaid), { api });
    byText(view.container, "button", "Pay now");
    await click(byText(view.container, "button", "Cancel order"));
    expect(view.container.textContent).toContain("Cancel this order?");
    await click(byText(view.container, "button", "Yes, cancel the order"));
    expect(post).toHaveBeenCalledWith("order/cancel", { orderNo: ORDER.orderNo }, { toast: false });
    expect(view.container.textContent).toContain("Cancelled");
    expect(view.container.textContent).not.toContain("Pay now");
  });

  it("says why a change was refused", async () => {
    const { api } = fakeApi({
      "order/confirm": () => {
        throw refusal("order/confirm", "This order has been cancelled.");
      },
    });
    view = await renderIsland(detail(ORDER), { api });
    await click(byText(view.container, "button", "Confirm receipt"));
    await click(byText(view.container, "button", "Yes, it arrived"));
    expect(view.container.querySelector("[role=alert]")?.textContent).toBe("This order has been cancelled.");
  });

  it("checks a return request before sending it as multipart", async () => {
    const { api, post } = fakeApi({
      "return/apply": () => ({
        returnNo: "RT20261122XYZ789",
        orderNo: ORDER.orderNo,
        applyType: "return_refund",
        applyDesc: "Torn",
        refundAmount: 80,
        status: "pending",
        auditStatus: "pending",
        refuseDesc: "",
        logisticsCompany: "",
        logisticsNo: "",
        deliveredAt: null,
        merchantAddress: { consignee: "Returns", phone: "+85221234567", address: "2 Harbour Road" },
        createdAt: "2026-11-22T10:00:00Z",
        currency: "USD",
        lines: [],
        photos: 0,
      }),
    });
    view = await renderIsland(detail(ORDER), { api });
    await click(byText(view.container, "button", "Request a return"));
    const amount = byLabel<HTMLInputElement>(view.container, "Refund amount (at most $80.00)");
    expect(amount.value).toBe("80.00");
    await type(amount, "81");
    await click(byText(view.container, "button", "Submit request"));
    expect(view.container.textContent).toContain("Enter an amount of at most $80.00.");
    expect(view.container.textContent).toContain("Describe the problem.");
    expect(post).not.toHaveBeenCalledWith("return/apply", expect.anything(), expect.anything());
    await type(amount, "80");
    await type(byLabel<HTMLTextAreaElement>(view.container, "Description"), "Torn");
    await click(byText(view.container, "button", "Submit request"));
    const [, body] = post.mock.calls.find(([call]) => call === "return/apply")!;
    expect(Object.fromEntries(body as FormData)).toEqual({
      orderNo: ORDER.orderNo,
      applyType: "return_refund",
      applyDesc: "Torn",
      lines: JSON.stringify([{ sku: "A-1", quantity: 2 }]),
      refundAmount: "80.00",
    });
    expect(byText<HTMLAnchorElement>(view.container, "a", "RT20261122XYZ789").getAttribute("href")).toBe(
      "/user/return/RT20261122XYZ789",
    );
    await settle();
  });

  it("offers at most what was paid for the lines, the coupon's share taken off", async () => {
    const { api } = fakeApi({});
    const discounted: Order = {
      ...ORDER,
      items: [{ ...ORDER.items[0]!, price: 79.99, quantity: 1, returnable: 1, paidPrice: 71.99 }],
      goodsAmount: 79.99,
      discountAmount: 8,
      payAmount: 76.99,
      refundable: 76.99,
    };
    view = await renderIsland(detail(discounted), { api });
    await click(byText(view.container, "button", "Request a return"));
    expect(byLabel<HTMLInputElement>(view.container, "Refund amount (at most $71.99)").value).toBe("71.99");
    await settle();
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

  it("offers Pay now while the order waits for an online payment", async () => {
    const { api, post } = fakeApi({ "order/detail": () => ({ ...ORDER, payStatus: "unpaid", shipments: [] }) });
    view = await renderIsland(<ThankYou {...props} />, { api });
    await settle();
    expect(post).toHaveBeenCalledWith("order/detail", { orderNo: props.orderNo }, { toast: false });
    expect(view.container.textContent).toContain("This order is waiting for payment.");
    byText(view.container, "button", "Pay now");
  });
});
