// The address book, read from the database and rendered by the server; the island changes it
// through the address calls (the route answers 401 before this runs for a visitor).
import type { RouteName } from "../../../shared/route-names";
import { addressBook } from "../../api/calls/address";
import { accountNav } from "./account-nav";
import { type Resolver, viewerOf } from "./context";

export const resolvers = {
  "user-address": (ctx) => ({
    status: 200,
    template: "user-address",
    page: {
      title: ctx.t("page.user.address.title"),
      nav: accountNav(ctx),
      addresses: addressBook(ctx.db, viewerOf(ctx).userId),
    },
  }),
} satisfies Partial<Record<RouteName, Resolver>>;
