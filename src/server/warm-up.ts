// Before a worker takes connections it renders pages of each kind a shopper lands on most
// (home, categories in their best-rated order, products, a search), each as the document and as
// the page-route answer the router asks for, compressed as a browser takes them: what a process
// does once would otherwise fall on the first visitors after every start or restart. V8 compiles
// the render path on first use and optimizes it only after it has run a few dozen times (a
// product's page-route answer took 11-20 ms for the first renders after a start, 4 ms from about
// the thirtieth), and the catalog reads the rows search and the best-rated order keep (50,000
// products: about 170 ms) on the first page that needs them; the visitors queued on a worker
// behind those pages waited for all of it. Distinct products, so that the render cache (which
// keeps a page asked for twice) does not answer instead. A page that fails is logged and left.
import type { FastifyInstance } from "fastify";
import { WIRE } from "../shared/codes";
import { createLinks } from "./pages/links";
import type { Store } from "./store/load";

/** Products rendered: with the two forms of each, enough renders for V8 to optimize. */
const PRODUCTS = 12;
const CATEGORIES = 3;

/** The addresses warmed, from the store's own router rules and first categories and products. */
export function warmUpPaths(store: Store): string[] {
  const links = createLinks(store.config.router, null);
  const paths = [links.home()];
  for (const category of store.categories.slice(0, CATEGORIES)) paths.push(`${links.category(category.slug)}?sort=rating`);
  let word: string | undefined;
  let products = 0;
  for (const slug of store.catalog.slugs()) {
    const product = store.productBySlug.get(slug);
    if (!product) continue;
    paths.push(links.product(product.slug));
    word ??= product.title.split(/\s+/).find((w) => w.length >= 3);
    if (++products === PRODUCTS) break;
  }
  if (word) paths.push(`${links.to("/search")}?q=${encodeURIComponent(word)}`);
  return paths;
}

/** The page-route answer's address for a page (the router's request, without the shopper's markers). */
const routeOf = (path: string) => `${path}${path.includes("?") ? "&" : "?"}${WIRE.routeQuery}=${WIRE.routeQueryValue}`;

export async function warmUp(app: FastifyInstance, store: Store): Promise<void> {
  for (const path of warmUpPaths(store)) {
    for (const [url, accept] of [
      [path, "text/html"],
      [routeOf(path), "application/json"],
    ] as const) {
      try {
        const res = await app.inject({ method: "GET", url, headers: { accept, "accept-encoding": "br, gzip" } });
        if (res.statusCode >= 500) app.log.warn(`warm-up: ${url} answered ${res.statusCode}`);
      } catch (err) {
        app.log.warn(`warm-up: ${url} failed: ${(err as Error).message}`);
      }
    }
  }
}
