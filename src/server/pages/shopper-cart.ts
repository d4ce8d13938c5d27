// Whose cart a page shows: the signed-in customer's, else the visitor cookie's (the owners
// the cart calls use, src/server/api/calls/cart.ts), read with the same function.
import type * as T from "../../../generated/types";
import { cartOf } from "../api/calls/cart";
import type { ResolveContext } from "./resolvers/context";

/** The cart's owner key, or null for a visitor without the cookie (whose cart is empty). */
export function cartOwner(ctx: Pick<ResolveContext, "viewer" | "visitorId">): string | null {
  if (ctx.viewer) return `u:${ctx.viewer.userId}`;
  return ctx.visitorId ? `v:${ctx.visitorId}` : null;
}

/** The shopper's cart in the page's language, links under its prefix. */
export function shopperCart(ctx: ResolveContext): T.Cart {
  const owner = cartOwner(ctx);
  if (owner === null) return { items: [], count: 0, total: 0, currency: ctx.store.config.currency };
  return cartOf(ctx.db, ctx.store, owner, ctx.match.prefix);
}
