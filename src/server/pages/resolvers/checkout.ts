// Pages whose content belongs to one shopper (cart, checkout, thank-you, orders): the
// server renders their frame and the links they need; the islands load the content with
// the visitor cookie or the shopper's token.
import type { Links } from "../links";

export interface ShopperPageInput {
  name: string;
  params: Record<string, string>;
  query: URLSearchParams;
  links: Links;
  t(id: string): string;
}

export interface ShopperPage {
  status: number;
  template: string;
  page: Record<string, unknown>;
}

const ORDER_NO = /^[A-Z0-9]{6,32}$/;

function withRedirect(links: Links, screen: "signin" | "signup", back: string): string {
  return `${links.to(`/auth/${screen}`)}?redirect=${encodeURIComponent(back)}`;
}

/** The page of a cart, checkout or order route; "not-found" for a malformed order number; null for any other route. */
export function shopperPage({ name, params, query, links, t }: ShopperPageInput): ShopperPage | "not-found" | null {
  const ordersHref = links.user("order");
  switch (name) {
    case "cart":
      return {
        status: 200,
        template: "cart",
        page: { title: t("page.cart.title"), checkoutHref: links.to("/checkout/cart"), shopHref: links.home() },
      };
    case "checkout": {
      const here = links.to(`/checkout/${encodeURIComponent(params.slug ?? "cart")}`);
      return {
        status: 200,
        template: "checkout",
        page: {
          title: t("page.checkout.title"),
          signInHref: withRedirect(links, "signin", here),
          signUpHref: withRedirect(links, "signup", here),
          cartHref: links.to("/cart"),
        },
      };
    }
    case "checkout-thankyou": {
      const orderNo = query.get("orderNo") ?? "";
      const valid = ORDER_NO.test(orderNo);
      return {
        status: 200,
        template: "thankyou",
        page: {
          title: t("page.thankyou.title"),
          ...(valid ? { orderNo, orderHref: `${ordersHref}/${orderNo}` } : {}),
          ordersHref,
          homeHref: links.home(),
        },
      };
    }
    case "user-order":
      return {
        status: 200,
        template: "user-order",
        page: {
          title: t("page.user.orders.title"),
          orderHref: `${ordersHref}/{orderNo}`,
          signInHref: withRedirect(links, "signin", ordersHref),
          shopHref: links.home(),
        },
      };
    case "user-order-detail": {
      const orderNo = params.slug ?? "";
      if (!ORDER_NO.test(orderNo)) return "not-found";
      return {
        status: 200,
        template: "user-order-detail",
        page: {
          title: t("page.user.order.title"),
          orderNo,
          ordersHref,
          signInHref: withRedirect(links, "signin", `${ordersHref}/${orderNo}`),
        },
      };
    }
    default:
      return null;
  }
}
