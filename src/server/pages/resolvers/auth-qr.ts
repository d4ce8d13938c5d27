// The confirm address of QR sign-in: the ticket of its query, when it has a ticket's shape,
// goes to the island, which asks the server about it with the phone owner's token.
import type { RouteName } from "../../../shared/route-names";
import { type Resolver, withRedirect } from "./context";

const TICKET = /^[A-Za-z0-9_-]{22,64}$/;

export const resolvers = {
  "auth-qr": (ctx) => {
    const ticket = ctx.query.get("ticket") ?? "";
    const here = `${ctx.links.to("/auth/qr")}${TICKET.test(ticket) ? `?ticket=${ticket}` : ""}`;
    return {
      status: 200,
      template: "auth-qr",
      page: {
        title: ctx.t("page.auth.qr.title"),
        confirm: {
          ticket: TICKET.test(ticket) ? ticket : "",
          signinHref: withRedirect(ctx, "signin", here),
          homeHref: ctx.links.home(),
        },
      },
    };
  },
} satisfies Partial<Record<RouteName, Resolver>>;
