// Units left of each SKU: the catalog's stock minus what orders that are not cancelled
// hold. Each SKU is looked up when first asked about (the catalog's variant, one indexed
// query of the order lines) and remembered for the rest of the request, so a page costs
// what it shows, whatever the size of the catalog or of the order history.
import type { Db, Statement } from "./db/open";
import type { Store } from "./store/load";

/**
 * Units available of a SKU (0 for an unknown one). `stock`, the catalog's units when the
 * caller has them (a catalog row), saves reading the product.
 */
export type StockOf = (sku: string, stock?: number) => number;

// Compiled once per database, not once per request.
const heldQueries = new WeakMap<Db, Statement>();

function heldQuery(db: Db): Statement {
  let query = heldQueries.get(db);
  if (!query) {
    query = db
      .prepare(
        `SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
        WHERE i.sku = ? AND o.status != 'cancelled'`,
      )
      .pluck();
    heldQueries.set(db, query);
  }
  return query;
}

export function stockSnapshot(db: Db, store: Store): StockOf {
  const known = new Map<string, number>();
  return (sku, catalogStock) => {
    let left = known.get(sku);
    if (left === undefined) {
      const stock = catalogStock ?? store.variantBySku.get(sku)?.variant.stock ?? 0;
      left = stock > 0 ? Math.max(0, stock - (heldQuery(db).get(sku) as number)) : 0;
      known.set(sku, left);
    }
    return left;
  };
}
