// The shopper's order list, rendered by the server (the route answers 401 before this runs
// for a visitor): the tab from ?status=, the page from ?page=; anything else in them is ignored.
import type { Order } from "../../../../generated/types";
import { ORDERS_PER_PAGE } from "../../../components/user/UserOrders";
import type { RouteName } from "../../../shared/route-names";
import { listOrders } from "../../api/calls/order";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

const STATUSES: ReadonlySet<string> = new Set<Order["status"]>(["in_progress", "completed", "cancelled", "pending_cancellation"]);

export const resolvers = {
  "user-order": (ctx) => {
    const { userId } = viewerOf(ctx);
    const asked = ctx.query.get("status") ?? "";
    const status = STATUSES.has(asked) ? (asked as Order["status"]) : undefined;
    const number = Number(ctx.query.get("page") ?? "1");
    const page = Number.isInteger(number) && number >= 1 && number <= 10_000 ? number : 1;
    const listHref = ctx.links.user("order");
    const { items, total } = listOrders(ctx.db, userId, {
      pageSize: ORDERS_PER_PAGE,
      offset: (page - 1) * ORDERS_PER_PAGE,
      status,
    });
    return {
      status: 200,
      template: "user-order",
      page: {
        title: ctx.t("page.user.orders.title"),
        nav: accountNav(ctx),
        view: {
          orders: items,
          total,
          page,
          ...(status ? { status } : {}),
          listHref,
          orderHref: `${listHref}/{orderNo}`,
          shopHref: ctx.links.home(),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
