// @vitest-environment node
// config.json router rules: overridden patterns, a renamed user area, extra category
// routes, and the links the server writes following them. (The route table itself is the
// client router's, src/shared/routes.ts, tested with it.)
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

describe("a store with its own router rules", () => {
  let store: TestStore;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "store-rules-"));
    cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
    const config = JSON.parse(readFileSync(join(dir, "config.json"), "utf8"));
    config.router = {
      ...config.router,
      productRule: "/p/:slug",
      categoryRule: "/c/:slug",
      userPath: "account",
      categories: [{ path: "/brand/:slug", types: ["brand", "maker"] }],
    };
    writeFileSync(join(dir, "config.json"), JSON.stringify(config));
    store = await startStore({ storeDir: dir });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }, START_TIMEOUT_MS);

  it("serves the overridden patterns and writes links that follow them", async () => {
    const product = await fetch(`${store.url}/zh/p/linen-shirt/LINSHI-RUS-M`);
    expect(product.status).toBe(200);
    const html = await product.text();
    expect(html).toContain('href="/zh/c/shirts"');
    expect(html).toContain('href="/zh/p/linen-shirt/LINSHI-SAN-S"');
    // The header links there once signed in (signed out it offers sign-in), so the server writes it into its props.
    expect(html).toContain("&quot;accountHref&quot;:&quot;/zh/account/center&quot;");
    // The user area moved with userPath: a visitor is sent to sign-in from there.
    expect((await fetch(`${store.url}/account/order`)).status).toBe(401);
    expect((await fetch(`${store.url}/product/linen-shirt`)).status).toBe(404);
    const config = JSON.parse(/<script id="__INITIAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!).config;
    expect(config.router).toMatchObject({ productRule: "/p/:slug", userPath: "account" });
  });

  it.each([
    ["/zh-hk/p/linen-shirt", 200, "product-detail", "zh-HK"],
    ["/maker/outdoor", 404, "not-found", "en"],
    ["/brand/outdoor", 200, "brand-detail", "en"],
    ["/account/security/activity", 401, "user-security-activity", "en"],
    ["/de/c/kitchen", 200, "category-detail", "de"],
  ])("answers %s with %i (%s)", async (path, status, route, lang) => {
    const response = await fetch(store.url + path);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}">`);
    if (status === 200) expect(html).toContain(`"route":"${route}"`);
  });

  it("renders the moved user area for its signed-in owner, on a first load (auth cookie) and a page route (x-auth)", async () => {
    const { token } = await signUp(store);
    const first = await fetch(`${store.url}/zh/account/center`, { headers: { cookie: `sf_auth=${token}` } });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain('"route":"user-center"');
    expect(html).toContain('href="/zh/account/address"');
    expect(html).not.toContain('href="/zh/user/');
    const route = await fetch(`${store.url}/account/center?request=route`, { headers: { "x-auth": token } });
    expect(route.status).toBe(200);
    expect(((await route.json()) as { data: { meta: { status: number } } }).data.meta.status).toBe(200);
  });
});
