// Before a worker takes connections it asks itself for one page of each kind a shopper lands
// on most (home, a category in its best-rated order, a product, a search): what a process does
// once would otherwise fall on the first visitors after every start or restart. V8 compiles the
// render path on first use, and the catalog reads the rows search and the best-rated order keep
// (50,000 products: about 170 ms) on the first page that needs them; the ten visitors queued on
// a worker behind that page waited for all of it. A page that fails here is logged and left.
import type { FastifyInstance } from "fastify";
import { createLinks } from "./pages/links";
import type { Store } from "./store/load";

/** The addresses warmed, from the store's own router rules and first category and product. */
export function warmUpPaths(store: Store): string[] {
  const links = createLinks(store.config.router, null);
  const paths = [links.home()];
  const category = store.categories[0];
  if (category) paths.push(`${links.category(category.slug)}?sort=rating`);
  const slug = store.catalog.slugs().next().value;
  const product = slug === undefined ? undefined : store.productBySlug.get(slug);
  if (product) {
    paths.push(links.product(product.slug));
    const word = product.title.split(/\s+/).find((w) => w.length >= 3);
    if (word) paths.push(`${links.to("/search")}?q=${encodeURIComponent(word)}`);
  }
  return paths;
}

export async function warmUp(app: FastifyInstance, store: Store): Promise<void> {
  for (const url of warmUpPaths(store)) {
    try {
      const res = await app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      if (res.statusCode >= 500) app.log.warn(`warm-up: ${url} answered ${res.statusCode}`);
    } catch (err) {
      app.log.warn(`warm-up: ${url} failed: ${(err as Error).message}`);
    }
  }
}
