// @vitest-environment node
// Production mode, request limits and the answers to calls that do not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFor } from "../../../src/server/store/localize";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ production: true });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

describe("server options and limits", () => {
  it("hides /dev/outbox in production", async () => {
    const response = await fetch(`${store.url}/dev/outbox`);
    expect(response.status).toBe(404);
  });

  it("refuses a body over 256 KB with an envelope", async () => {
    const answer = await store.post("feedback/submit", undefined, {
      raw: JSON.stringify({ name: "x", email: "a@b.co", message: "x".repeat(300_000) }),
    });
    expect(answer.status).toBe(413);
    expect(answer).toMatchObject({ code: 40, msg: "The request is too large." });
  });

  it("answers a call that does not exist, or a GET of the API, with a 404 envelope", async () => {
    expect(await store.post("nothing/here", {})).toMatchObject({ status: 404, code: 40, msg: "There is no such call." });
    const response = await fetch(`${store.url}/api/web/cart/list`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 40, msg: "There is no such call." });
  });

  it("answers the favicon request without a page", async () => {
    expect((await fetch(`${store.url}/favicon.ico`)).status).toBe(204);
  });

  it("answers a page that fails to render with the 500 error page, and with a bare page when that fails too", async () => {
    // Each language's page reads the store resolved for it (storeFor): break the one it reads.
    const zh = storeFor(store.server.localizedStore, "zh");
    const bySlug = zh.productBySlug;
    (zh as { productBySlug: unknown }).productBySlug = null;
    try {
      const response = await fetch(`${store.url}/zh/product/linen-shirt`);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain("出错了");
    } finally {
      zh.productBySlug = bySlug;
    }
    const catalog = store.server.store;
    const categories = catalog.categories;
    (catalog as { categories: unknown }).categories = null;
    try {
      const response = await fetch(`${store.url}/`);
      expect(response.status).toBe(500);
      expect(await response.text()).toContain("<h1>Something went wrong</h1>");
    } finally {
      catalog.categories = categories;
    }
    expect((await fetch(`${store.url}/product/linen-shirt`)).status).toBe(200);
  });
});
