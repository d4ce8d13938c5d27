// The cart: a visitor's (by the visitorId cookie) or a customer's; signing in moves the
// visitor's lines into the customer's cart.
import type * as T from "../../../../generated/types";
import type { Prefix } from "../../../shared/languages";
import type { Db } from "../../db/open";
import { createLinks } from "../../pages/links";
import { type StockOf, stockSnapshot } from "../../stock";
import type { Store } from "../../store/load";
import { fail } from "../envelope";
import { linkPrefix } from "../language";
import { refuse } from "../reasons";
import { type CallContext, defineCall } from "../register";
import { clientIp, limitVisitor, round2 } from "./shared";

const MAX_QUANTITY = 99;

interface LineRow {
  sku: string;
  quantity: number;
  selected: number;
}

function ownerOf(ctx: CallContext<unknown>): string {
  if (ctx.user) return `u:${ctx.user.id}`;
  if (!ctx.visitorId) fail("refusal.reload");
  return `v:${ctx.visitorId}`;
}

/** A cart change spends one request of its cart owner's bucket (account or visitor) and one of its address's. */
function limitCartWrite(ctx: CallContext<unknown>): void {
  limitVisitor(ctx, "cartWrite", "cartWriteIp", () => ownerOf(ctx));
}

function cartId(db: Db, owner: string, now: number): number {
  const row = db.prepare("SELECT id FROM carts WHERE owner = ?").get(owner) as { id: number } | undefined;
  if (row) return row.id;
  return Number(db.prepare("INSERT INTO carts (owner, updated_at) VALUES (?, ?)").run(owner, now).lastInsertRowid);
}

export function cartLines(db: Db, owner: string): LineRow[] {
  return db
    .prepare(
      "SELECT i.sku, i.quantity, i.selected FROM cart_items i JOIN carts c ON c.id = i.cart_id WHERE c.owner = ? ORDER BY i.added_at DESC, i.sku",
    )
    .all(owner) as LineRow[];
}

/** A cart line as the shopper sees it; `prefix`: the language prefix its link keeps. */
export function cartItem(store: Store, stockOf: StockOf, line: LineRow, prefix: Prefix | null = null): T.CartItem | null {
  const found = store.variantBySku.get(line.sku);
  if (!found) return null;
  const { product, variant } = found;
  return {
    sku: variant.sku,
    slug: product.slug,
    title: product.title,
    variantTitle: variant.title,
    image: variant.image ?? product.images[0]!,
    href: createLinks(store.config.router, prefix).product(product.slug, variant.sku),
    price: variant.price,
    ...(variant.linePrice !== undefined ? { linePrice: variant.linePrice } : {}),
    quantity: line.quantity,
    stock: stockOf(variant.sku),
    selected: line.selected === 1,
  };
}

export function cartOf(db: Db, store: Store, owner: string, prefix: Prefix | null = null): T.Cart {
  const stockOf = stockSnapshot(db, store);
  const items = cartLines(db, owner)
    .map((line) => cartItem(store, stockOf, line, prefix))
    .filter((i): i is T.CartItem => i !== null);
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    total: round2(items.filter((i) => i.selected).reduce((sum, i) => sum + i.price * i.quantity, 0)),
    currency: store.config.currency,
  };
}

export function mergeVisitorCart(db: Db, visitorId: string, userId: number, now: number): void {
  const lines = cartLines(db, `v:${visitorId}`);
  if (lines.length === 0) return;
  const target = cartId(db, `u:${userId}`, now);
  const upsert = db.prepare(
    `INSERT INTO cart_items (cart_id, sku, quantity, selected, added_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = CASE
       WHEN cart_items.quantity + excluded.quantity > ${MAX_QUANTITY} THEN ${MAX_QUANTITY}
       ELSE cart_items.quantity + excluded.quantity END`,
  );
  for (const line of lines) upsert.run(target, line.sku, line.quantity, line.selected, now);
  db.prepare("DELETE FROM carts WHERE owner = ?").run(`v:${visitorId}`);
}

function checkStock(db: Db, store: Store, sku: string, quantity: number) {
  if (!store.variantBySku.has(sku)) refuse({ id: "cart.reason.unavailable" });
  const left = stockSnapshot(db, store)(sku);
  if (left === 0) refuse({ id: "cart.reason.soldOut" });
  if (quantity > left) refuse({ id: "cart.reason.notEnough", values: { left } });
}

export const cartCalls = [
  defineCall("cart/list", "optional", (ctx) => cartOf(ctx.deps.db, ctx.deps.store, ownerOf(ctx), linkPrefix(ctx.language))),

  defineCall("cart/count", "optional", (ctx) => ({
    count: cartOf(ctx.deps.db, ctx.deps.store, ownerOf(ctx), linkPrefix(ctx.language)).count,
  })),

  defineCall("cart/add", "optional", (ctx) => {
    limitCartWrite(ctx);
    const { db, store, clock } = ctx.deps;
    const owner = ownerOf(ctx);
    // A new visitor's cart counts against its address: made-up visitor ids cannot fill the database.
    if (!ctx.user && !db.prepare("SELECT 1 FROM carts WHERE owner = ?").get(owner)) {
      ctx.deps.limits.require("newCartIp", clientIp(ctx.request));
    }
    db.transaction(() => {
      const id = cartId(db, owner, clock());
      const existing = db.prepare("SELECT quantity FROM cart_items WHERE cart_id = ? AND sku = ?").get(id, ctx.body.sku) as
        | { quantity: number }
        | undefined;
      const quantity = (existing?.quantity ?? 0) + ctx.body.quantity;
      if (quantity > MAX_QUANTITY) refuse({ id: "cart.reason.tooMany", values: { max: MAX_QUANTITY } });
      checkStock(db, store, ctx.body.sku, quantity);
      db.prepare(
        `INSERT INTO cart_items (cart_id, sku, quantity, selected, added_at) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = excluded.quantity, selected = 1`,
      ).run(id, ctx.body.sku, quantity, clock());
      db.prepare("UPDATE carts SET updated_at = ? WHERE id = ?").run(clock(), id);
    })();
    return cartOf(db, store, owner, linkPrefix(ctx.language));
  }),

  defineCall("cart/update", "optional", (ctx) => {
    limitCartWrite(ctx);
    const { db, store, clock } = ctx.deps;
    const owner = ownerOf(ctx);
    db.transaction(() => {
      const id = cartId(db, owner, clock());
      const line = db.prepare("SELECT quantity, selected FROM cart_items WHERE cart_id = ? AND sku = ?").get(id, ctx.body.sku) as
        | { quantity: number; selected: number }
        | undefined;
      if (!line) refuse({ id: "cart.reason.notInCart" });
      const quantity = ctx.body.quantity ?? line!.quantity;
      if (ctx.body.quantity !== undefined) checkStock(db, store, ctx.body.sku, quantity);
      const selected = ctx.body.selected === undefined ? line!.selected : ctx.body.selected ? 1 : 0;
      db.prepare("UPDATE cart_items SET quantity = ?, selected = ? WHERE cart_id = ? AND sku = ?").run(
        quantity,
        selected,
        id,
        ctx.body.sku,
      );
    })();
    return cartOf(db, store, owner, linkPrefix(ctx.language));
  }),

  defineCall("cart/remove", "optional", (ctx) => {
    limitCartWrite(ctx);
    const { db, store } = ctx.deps;
    const owner = ownerOf(ctx);
    const remove = db.prepare("DELETE FROM cart_items WHERE sku = ? AND cart_id = (SELECT id FROM carts WHERE owner = ?)");
    db.transaction(() => {
      for (const sku of ctx.body.skus) remove.run(sku, owner);
    })();
    return cartOf(db, store, owner, linkPrefix(ctx.language));
  }),
];
