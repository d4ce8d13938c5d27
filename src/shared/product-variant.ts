// What a product page shows before the shopper chooses: both the server (the first load) and
// the browser (a variant chosen in place, the quick view) decide the same way.

/** The variant a product page selects when its address names none: the first in stock, else the first. */
export function defaultVariant<V extends { stock: number }>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.stock > 0) ?? variants[0];
}

/**
 * The product page's title (page.title, which templates write as {page.title}): the product's
 * name, and the variant's in brackets when the address names one (`/product/{slug}/{sku}`).
 */
export function productPageTitle(productTitle: string, variantTitle?: string): string {
  return variantTitle ? `${productTitle} (${variantTitle})` : productTitle;
}

/**
 * The document title of another address of the same product page: the page's title inside the
 * current document title replaced by the other's, so the store name and whatever the template
 * adds around {page.title} stay as the server wrote them. Unchanged when it is not found.
 */
export function retitle(documentTitle: string, from: string, to: string): string {
  const at = documentTitle.indexOf(from);
  return at === -1 ? documentTitle : documentTitle.slice(0, at) + to + documentTitle.slice(at + from.length);
}
