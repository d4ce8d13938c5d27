// @vitest-environment node
// Issue 17: a worker asks itself for one page of each kind before it takes connections
// (src/server/warm-up.ts), so the first visitors after a start do not pay for V8's first
// compile and the catalog's first reads. The addresses follow the store's router rules; each
// answers a page; warming writes nothing; a page that fails is logged and the start goes on.
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
  it("asks for home, a category in its best-rated order, a product and a search, by the store's router rules", () => {
    const paths = warmUpPaths(store.server.store);
    const routes = createRouteTable(store.server.store.config.router);
    expect(paths.map((path) => matchPath(routes, path.split("?")[0]!)?.name)).toEqual([
      "home",
      "category-detail",
      "product-detail",
      "search",
    ]);
    const category = store.server.store.categories[0]!.slug;
    const product = store.server.store.catalog.slugs().next().value as string;
    expect(paths).toEqual([
      "/",
      `/category/${category}?sort=rating`,
      `/product/${product}`,
      expect.stringMatching(/^\/search\?q=[^&]{3,}$/),
    ]);
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
    expect(asked).toEqual(warmUpPaths(store.server.store));
    expect(warn).toHaveBeenCalledWith("warm-up: / answered 500");
    await app.close();
  });
});
