// The store as one language reads it: every text of the store files (schemas/store/text.schema.json)
// resolved for a message language, English where a translation is missing (zh-HK falls back to
// en, never to zh). Computed once per language and store, then shared by every page and call.
import type { MessageLanguage } from "../../shared/languages";
import type { LocalizedStore, Plain, Store } from "./load";

/** What storeFor reads: a store as loaded (an already resolved one resolves to itself). */
type StoreFiles = Omit<LocalizedStore, "untranslated">;

import { resolveTexts } from "./texts.mjs";

const resolved = new WeakMap<StoreFiles, Map<MessageLanguage, Store>>();

function resolve(store: StoreFiles, language: MessageLanguage): Store {
  const plain = <T>(value: T) => resolveTexts(value, language) as Plain<T>;
  const products = plain(store.products);
  const out: Store = {
    dir: store.dir,
    config: plain(store.config),
    theme: store.theme,
    checkout: plain(store.checkout),
    products,
    categories: plain(store.categories),
    tags: plain(store.tags),
    collections: plain(store.collections),
    articles: plain(store.articles),
    pages: plain(store.pages),
    promotions: plain(store.promotions),
    coupons: plain(store.coupons),
    // Reviews are the reviewers' own words: never translated.
    reviews: store.reviews,
    templates: new Map([...store.templates].map(([name, template]) => [name, plain(template)])),
    productBySlug: new Map(),
    variantBySku: new Map(),
  };
  for (const product of products) {
    out.productBySlug.set(product.slug, product);
    for (const variant of product.variants) out.variantBySku.set(variant.sku, { product, variant });
  }
  return out;
}

/** `store` with every text a plain string in `language`; the same object for every call with that store and language. */
export function storeFor(store: StoreFiles, language: MessageLanguage): Store {
  let byLanguage = resolved.get(store);
  if (!byLanguage) {
    byLanguage = new Map();
    resolved.set(store, byLanguage);
  }
  let out = byLanguage.get(language);
  if (!out) {
    out = resolve(store, language);
    byLanguage.set(language, out);
  }
  return out;
}
