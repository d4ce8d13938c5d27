// `productBySlug` and `variantBySku` as the store's readers know them (get, has, size), read
// from the catalog database and localized when read: a bounded LRU per language keeps the
// products pages ask for often, so a popular product is parsed and localized once, not per
// request, and 50,000 products are never all in memory.
import { LRUCache } from "lru-cache";
import type { StoreProduct as FileProduct } from "../../../generated/types";
import type { CatalogReads } from "./queries";

/** A read-only, Map-shaped view of the catalog. */
export interface Lookup<V> {
  get(key: string): V | undefined;
  has(key: string): boolean;
  readonly size: number;
}

interface HasVariants {
  slug: string;
  variants: { sku: string }[];
}

export interface ProductLookups<P extends HasVariants> {
  productBySlug: Lookup<P>;
  variantBySku: Lookup<{ product: P; variant: P["variants"][number] }>;
}

/**
 * Products kept per language (about 5 KB each once parsed and localized): three languages'
 * worth stay under 15 MB of a worker's heap, which its size limit (cluster.ts) counts on.
 */
export const PRODUCTS_KEPT = 1000;

export function productLookups<P extends HasVariants>(
  catalog: CatalogReads,
  localize: (product: FileProduct) => P,
  capacity = PRODUCTS_KEPT,
): ProductLookups<P> {
  const kept = new LRUCache<string, P>({ max: capacity });
  const bySlug = (slug: string): P | undefined => {
    let product = kept.get(slug);
    if (!product) {
      const raw = catalog.product(slug);
      if (!raw) return undefined;
      product = localize(raw);
      kept.set(slug, product);
    }
    return product;
  };
  return {
    productBySlug: {
      get: bySlug,
      has: (slug) => kept.get(slug) !== undefined || catalog.hasProduct(slug),
      get size() {
        return catalog.productCount();
      },
    },
    variantBySku: {
      get(sku) {
        const slug = catalog.slugOfSku(sku);
        const product = slug === undefined ? undefined : bySlug(slug);
        const variant = product?.variants.find((v) => v.sku === sku);
        return product && variant ? { product, variant } : undefined;
      },
      has: (sku) => catalog.slugOfSku(sku) !== undefined,
      get size() {
        return catalog.variantCount();
      },
    },
  };
}
