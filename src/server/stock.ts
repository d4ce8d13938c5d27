// Units left of each SKU: the catalog's stock minus what orders that are not cancelled
// hold. One query gives a snapshot for a whole request, run only when a SKU is first asked
// about, so pages that show no product (content, sign-in, errors) skip it.
import type { Statement } from "better-sqlite3";
import type { Db } from "./db/open";
import type { Store } from "./store/load";

/** Units available of a SKU (0 for an unknown one). */
export type StockOf = (sku: string) => number;

// Compiled once per database, not once per request.
const heldQueries = new WeakMap<Db, Statement>();

function heldQuery(db: Db): Statement {
  let query = heldQueries.get(db);
  if (!query) {
    query = db.prepare(
      `SELECT i.sku, SUM(i.quantity) AS held FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.status != 'cancelled' GROUP BY i.sku`,
    );
    heldQueries.set(db, query);
  }
  return query;
}

export function stockSnapshot(db: Db, store: Store): StockOf {
  let held: Map<string, number> | undefined;
  return (sku) => {
    held ??= new Map((heldQuery(db).all() as { sku: string; held: number }[]).map((r) => [r.sku, r.held]));
    return Math.max(0, (store.variantBySku.get(sku)?.variant.stock ?? 0) - (held.get(sku) ?? 0));
  };
}
