// Units left of each SKU: the catalog's stock minus what orders that are not cancelled
// hold. One query gives a snapshot for a whole request.
import type { Db } from "./db/open";
import type { Store } from "./store/load";

/** Units available of a SKU (0 for an unknown one). */
export type StockOf = (sku: string) => number;

export function stockSnapshot(db: Db, store: Store): StockOf {
  const rows = db
    .prepare(
      `SELECT i.sku, SUM(i.quantity) AS held FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE o.status != 'cancelled' GROUP BY i.sku`,
    )
    .all() as { sku: string; held: number }[];
  const held = new Map(rows.map((r) => [r.sku, r.held]));
  return (sku) => Math.max(0, (store.variantBySku.get(sku)?.variant.stock ?? 0) - (held.get(sku) ?? 0));
}
