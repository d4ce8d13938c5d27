// @vitest-environment node
// Issues 17 and 16: a worker renders pages of each kind before it takes connections
// (src/server/warm-up.ts), as documents and as the router's page-route answers, so the first
// visitors after a start do not pay for V8's first compiles and the catalog's first reads. The
// addresses follow the store's router rules; each answers a page; warming writes nothing; a page
// that fails is logged and the start goes on.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { warmUp, warmUpPaths } from "../../../src/server/warm-up";
import { createRouteTable, matchPath } from "../../../src/shared/routes";
import { count, START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store?.close());

describe("warming a worker up", () => {
  it("asks for home, categories in their best-rated order, distinct products and a search, by the store's router rules", () => {
    const paths = warmUpPaths(store.server.store);
    const routes = createRouteTable(store.server.store.config.router);
    const names = paths.map((path) => matchPath(routes, path.split("?")[0]!)?.name);
    const { categories, catalog } = store.server.store;
    const categoryCount = Math.min(3, categories.length);
    const products = [...catalog.slugs()].slice(0, 12);
    expect(names).toEqual([
      "home",
      ...Array(categoryCount).fill("category-detail"),
      ...Array(products.length).fill("product-detail"),
      "search",
    ]);
    expect(paths).toEqual([
      "/",
      ...categories.slice(0, categoryCount).map((c) => `/category/${c.slug}?sort=rating`),
      ...products.map((slug) => `/product/${slug}`),
      expect.stringMatching(/^\/search\?q=[^&]{3,}$/),
    ]);
    // Distinct products: the render cache keeps a page only once it is asked for twice.
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("answers each page and writes nothing", async () => {
    const tables = ["carts", "cart_items", "visitor_tracks", "durations", "orders"];
    const before = tables.map((table) => count(store, table));
    const log = vi.spyOn(store.server.app.log, "warn");
    await warmUp(store.server.app, store.server.store);
    expect(log).not.toHaveBeenCalled();
    for (const path of warmUpPaths(store.server.store)) {
      const res = await store.server.app.inject({ method: "GET", url: path, headers: { accept: "text/html" } });
      expect(res.statusCode, path).toBe(200);
      const route = await store.server.app.inject({
        method: "GET",
        url: `${path}${path.includes("?") ? "&" : "?"}request=route`,
      });
      expect(route.statusCode, path).toBe(200);
      expect(route.json().data.pageBody, path).toContain("data-component");
    }
    expect(tables.map((table) => count(store, table))).toEqual(before);
  });

  it("logs a page that fails and goes on with the next", async () => {
    const app = Fastify();
    const asked: string[] = [];
    app.get("/*", async (request, reply) => {
      asked.push(request.url);
      if (request.url === "/") throw new Error("broken home");
      return reply.send("ok");
    });
    const warn = vi.spyOn(app.log, "warn");
    await warmUp(app, store.server.store);
    // Each page twice: the document, then the router's page-route answer.
    expect(asked).toEqual(
      warmUpPaths(store.server.store).flatMap((path) => [path, `${path}${path.includes("?") ? "&" : "?"}request=route`]),
    );
    expect(warn).toHaveBeenCalledWith("warm-up: / answered 500");
    await app.close();
  });
});
