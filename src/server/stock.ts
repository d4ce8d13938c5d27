// Units left of each SKU: the catalog's stock minus what orders that are not cancelled
// hold. Each SKU is looked up when first asked about (the catalog's variant, and its row of
// sku_held, the total the writes to orders keep) and remembered for the rest of the request,
// so a page costs what it shows, whatever the size of the catalog or of the order history. A
// page of cards asks about its variants first, all in one query (prime); a single SKU is a
// list of one.
import { inListReader } from "./db/in-list";
import type { Db } from "./db/open";
import type { Store } from "./store/load";

/**
 * Units available of a SKU (0 for an unknown one). `stock`, the catalog's units when the
 * caller has them (a catalog row), saves reading the product.
 */
export type StockOf = (sku: string, stock?: number) => number;

export interface StockSnapshot extends StockOf {
  /** Reads in one query what orders hold of these catalog variants, for the asks that follow. */
  prime(variants: readonly { sku: string; stock: number }[]): void;
  /**
   * What orders held of each SKU read so far, as read (SKUs the catalog has none of are never
   * read: orders cannot change them). A page made from this snapshot is right while they hold.
   */
  readonly held: ReadonlyMap<string, number>;
}

/** Per database, the reader of what orders hold of a list of SKUs (prepared once, not once per request). */
const heldReaders = new WeakMap<Db, (skus: readonly string[]) => { sku: string; held: number }[]>();

function heldOf(db: Db, skus: readonly string[]): Map<string, number> {
  let read = heldReaders.get(db);
  if (!read) {
    // Kept per SKU by the writes to orders and their lines (migrations.ts, sku_held).
    read = inListReader(db, (list) => `SELECT sku, held FROM sku_held WHERE sku IN (${list})`);
    heldReaders.set(db, read);
  }
  return new Map(read(skus).map((r) => [r.sku, Number(r.held)]));
}

/** Whether orders hold of each SKU of `held` what it says they do. */
export function stillHeld(db: Db, held: ReadonlyMap<string, number>): boolean {
  if (held.size === 0) return true;
  const now = heldOf(db, [...held.keys()]);
  for (const [sku, units] of held) if ((now.get(sku) ?? 0) !== units) return false;
  return true;
}

export function stockSnapshot(db: Db, store: Store): StockSnapshot {
  const known = new Map<string, number>();
  const heldRead = new Map<string, number>();
  const prime = (variants: readonly { sku: string; stock: number }[]) => {
    const asked = new Map<string, number>();
    for (const { sku, stock } of variants) {
      if (known.has(sku)) continue;
      if (stock > 0) asked.set(sku, stock);
      else known.set(sku, 0);
    }
    if (asked.size === 0) return;
    const held = heldOf(db, [...asked.keys()]);
    for (const [sku, stock] of asked) {
      heldRead.set(sku, held.get(sku) ?? 0);
      known.set(sku, Math.max(0, stock - heldRead.get(sku)!));
    }
  };
  const stockOf: StockOf = (sku, catalogStock) => {
    if (!known.has(sku)) prime([{ sku, stock: catalogStock ?? store.variantBySku.get(sku)?.variant.stock ?? 0 }]);
    return known.get(sku)!;
  };
  return Object.assign(stockOf, { prime, held: heldRead });
}
