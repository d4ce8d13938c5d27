// The store as one language reads it: every text of the store files (schemas/store/text.schema.json)
// resolved for a message language, English where a translation is missing (zh-HK falls back to
// en, never to zh). The small files (config, groupings, templates) are resolved once per
// language and store and shared by every page and call; a product is resolved when it is read
// from the catalog, and kept in that language's bounded cache (catalog/lookups.ts).
import type { MessageLanguage } from "../../shared/languages";
import { productLookups } from "../catalog/lookups";
import type { LocalizedStore, Plain, Store, StoreProduct } from "./load";
import { resolveTexts } from "./texts.mjs";

const resolved = new WeakMap<LocalizedStore, Map<MessageLanguage, Store>>();

function resolve(store: LocalizedStore, language: MessageLanguage): Store {
  const plain = <T>(value: T) => resolveTexts(value, language) as Plain<T>;
  const catalog = store.catalog;
  const lookups = productLookups(catalog, (p): StoreProduct => plain(p));
  return {
    dir: store.dir,
    config: plain(store.config),
    theme: store.theme,
    checkout: plain(store.checkout),
    categories: plain(store.categories),
    tags: plain(store.tags),
    collections: plain(store.collections),
    articles: plain(store.articles),
    pages: plain(store.pages),
    promotions: plain(store.promotions),
    coupons: plain(store.coupons),
    templates: new Map([...store.templates].map(([name, template]) => [name, plain(template)])),
    get products() {
      return [...catalog.slugs()].map((slug) => lookups.productBySlug.get(slug)!);
    },
    // Reviews are the reviewers' own words: never translated.
    get reviews() {
      return store.reviews;
    },
    ...lookups,
    catalog,
  };
}

/** `store` with every text a plain string in `language`; the same object for every call with that store and language. */
export function storeFor(store: LocalizedStore, language: MessageLanguage): Store {
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

/**
 * Each language's store (as storeFor handed it out) given `store`'s theme and templates again,
 * after they were read anew (design.ts): the same objects, which pages and calls hold on to.
 */
export function refreshDesign(store: LocalizedStore): void {
  for (const [language, out] of resolved.get(store) ?? []) {
    out.theme = store.theme;
    out.templates = new Map(
      [...store.templates].map(([name, template]) => [name, resolveTexts(template, language) as Plain<typeof template>]),
    );
  }
}
