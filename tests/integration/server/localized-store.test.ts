// @vitest-environment node
// Store texts in three languages: storeFor resolves every text for a message language (English
// where a translation is missing, zh-HK never falling back to zh) once per store and language;
// pages answer in their prefix's language and API calls in the language the page says (x-lang,
// else the Referer's prefix, else English).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore, StoreFileError } from "../../../src/server/store/load";
import { storeFor } from "../../../src/server/store/localize";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const schemas = loadSchemaSet(join(process.cwd(), "schemas"));
const dirs: string[] = [];

/** A copy of the demo store with `edit` applied to one of its files. */
function storeWith(file: string, edit: (json: { items: Record<string, unknown>[] }) => void): string {
  const dir = mkdtempSync(join(tmpdir(), "localized-store-"));
  dirs.push(dir);
  cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
  const path = join(dir, file);
  const json = JSON.parse(readFileSync(path, "utf8"));
  edit(json);
  writeFileSync(path, JSON.stringify(json, null, 2));
  return dir;
}

afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("storeFor", () => {
  const dir = storeWith("products.json", (json) => {
    json.items[0]!.title = { en: "Linen Shirt", zh: "亚麻衬衫" };
    json.items[0]!.summary = "Plain English only.";
  });
  const store = loadStore(dir, schemas);

  it("resolves every text for the language, with English for a missing translation and never zh for zh-HK", () => {
    expect(storeFor(store, "zh").products[0]!.title).toBe("亚麻衬衫");
    expect(storeFor(store, "zh-HK").products[0]!.title).toBe("Linen Shirt");
    expect(storeFor(store, "en").products[0]!.title).toBe("Linen Shirt");
    expect(storeFor(store, "zh").products[0]!.summary).toBe("Plain English only.");
    // Nested texts and the other files: variants, categories, checkout, templates, the store's name.
    const hk = storeFor(store, "zh-HK");
    expect(hk.products[1]!.variants[0]!.title).toMatch(/^[^A-Za-z]+ \/ [SML]$/);
    expect(hk.categories.find((c) => c.slug === "shirts")!.name).toBe("恤衫");
    expect(hk.checkout.shippingMethods[0]!.name).toBe("標準送貨");
    expect(hk.config.storeName).toBe("示範商店");
    expect(hk.templates.get("home")!.sections[1]!.props).toMatchObject({ title: "按類別選購" });
  });

  it("indexes the resolved products, so lookups by slug and SKU read the language too", () => {
    const zh = storeFor(store, "zh");
    expect(zh.productBySlug.get(zh.products[0]!.slug)).toBe(zh.products[0]);
    const sku = zh.products[0]!.variants[0]!.sku;
    expect(zh.variantBySku.get(sku)!.product.title).toBe("亚麻衬衫");
  });

  it("computes each language once per store and leaves the loaded store as it was", () => {
    expect(storeFor(store, "zh")).toBe(storeFor(store, "zh"));
    expect(storeFor(store, "zh")).not.toBe(storeFor(store, "zh-HK"));
    expect(storeFor(loadStore(dir, schemas), "zh")).not.toBe(storeFor(store, "zh"));
    expect(store.products[0]!.title).toEqual({ en: "Linen Shirt", zh: "亚麻衬衫" });
  });

  it("lists the texts that lack a translation with file, line and pointer", () => {
    const missing = store.untranslated.filter((t) => t.file.endsWith("products.json"));
    expect(missing.map(({ pointer, missing }) => ({ pointer, missing }))).toEqual([
      { pointer: "/items/0/title", missing: ["zh-HK"] },
      { pointer: "/items/0/summary", missing: ["zh", "zh-HK"] },
    ]);
    expect(missing[0]!.line).toBeGreaterThan(1);
  });

  it("has the demo store translated in full", () => {
    expect(loadStore(join(process.cwd(), "fixtures/demo-store"), schemas).untranslated).toEqual([]);
  });

  it("refuses translations without English, naming the file, the line and the rule", () => {
    const bad = storeWith("categories.json", (json) => {
      json.items[0]!.name = { zh: "衬衫" };
    });
    let error: unknown;
    try {
      loadStore(bad, schemas);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StoreFileError);
    expect((error as StoreFileError).message).toMatch(/categories\.json:\d+: \/items\/0\/name must have required property 'en'/);
  });
});

describe("pages and calls in the shopper's language", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await startStore();
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await store?.close();
  });

  const page = async (path: string) => (await fetch(store.url + path)).text();

  it("renders the catalog, the templates' texts and the layout in the page's language", async () => {
    const zh = await page("/zh/product/linen-shirt");
    expect(zh).toContain("亚麻衬衫");
    expect(zh).toContain("你可能还喜欢");
    expect(zh).toContain("订单满 80 美元免标准运费");
    const hk = await page("/zh-HK/product/linen-shirt");
    expect(hk).toContain("亞麻恤衫");
    expect(hk).toContain("<title>亞麻恤衫 | 示範商店</title>");
    const en = await page("/product/linen-shirt");
    expect(en).toContain("<title>Linen Shirt | Demo Store</title>");
    // zh-TW shows the Hong Kong texts, and German (English messages) the English ones.
    expect(await page("/zh-TW/category/shirts")).toContain("恤衫");
    expect(await page("/de/category/shirts")).toContain("Shirts");
  });

  async function call(path: string, body: unknown, headers: Record<string, string>) {
    const response = await fetch(`${store.url}/api/web/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: "visitorId=v_localized01", ...headers },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  }

  it("answers a call in the language of its x-lang header, with links under the page's prefix", async () => {
    const cart = (await call("cart/add", { sku: "LINSHI-SAN-M", quantity: 1 }, { "x-lang": "zh-HK" })) as {
      items: { title: string; variantTitle: string; href: string }[];
    };
    expect(cart.items[0]).toMatchObject({
      title: "亞麻恤衫",
      variantTitle: "沙色 / M",
      href: "/zh-HK/product/linen-shirt/LINSHI-SAN-M",
    });
    const zh = (await call("cart/list", {}, { "x-lang": "zh-CN" })) as { items: { title: string; href: string }[] };
    expect(zh.items[0]).toMatchObject({ title: "亚麻衬衫", href: "/zh/product/linen-shirt/LINSHI-SAN-M" });
    const options = (await call("checkout/options", {}, { "x-lang": "zh-CN" })) as { shippingMethods: { name: string }[] };
    expect(options.shippingMethods.map((m) => m.name)).toEqual(["标准配送", "快递配送", "到店自提"]);
  });

  it("falls back to the Referer's prefix, then to English", async () => {
    const referred = (await call("cart/list", {}, { referer: `${store.url}/zh/cart` })) as { items: { title: string }[] };
    expect(referred.items[0]!.title).toBe("亚麻衬衫");
    const plain = (await call("cart/list", {}, {})) as { items: { title: string; href: string }[] };
    expect(plain.items[0]).toMatchObject({ title: "Linen Shirt", href: "/product/linen-shirt/LINSHI-SAN-M" });
  });
});
