// The default variant of a product page and the title of each of its addresses, which the
// server (first load) and the browser (a variant chosen in place) must agree on.
import { describe, expect, it } from "vitest";
import { defaultVariant, productPageTitle, retitle } from "../../../src/shared/product-variant";

const v = (sku: string, stock: number) => ({ sku, stock });

describe("defaultVariant", () => {
  it("is the first variant in stock", () => {
    expect(defaultVariant([v("A", 0), v("B", 0), v("C", 20), v("D", 13)])?.sku).toBe("C");
    expect(defaultVariant([v("A", 4), v("B", 0)])?.sku).toBe("A");
  });

  it("is the first variant when none is in stock, and nothing without variants", () => {
    expect(defaultVariant([v("A", 0), v("B", 0)])?.sku).toBe("A");
    expect(defaultVariant([])).toBeUndefined();
  });
});

describe("product page titles", () => {
  it("names the variant in brackets when the address does", () => {
    expect(productPageTitle("Oxford Shirt")).toBe("Oxford Shirt");
    expect(productPageTitle("Oxford Shirt", "Olive / M")).toBe("Oxford Shirt (Olive / M)");
  });

  it("replaces the page's title inside the document title, keeping what the template adds", () => {
    expect(retitle("Oxford Shirt | Demo Store", "Oxford Shirt", "Oxford Shirt (Olive / M)")).toBe(
      "Oxford Shirt (Olive / M) | Demo Store",
    );
    expect(retitle("Oxford Shirt (Olive / M) | Demo Store", "Oxford Shirt (Olive / M)", "Oxford Shirt (Sand / L)")).toBe(
      "Oxford Shirt (Sand / L) | Demo Store",
    );
    expect(retitle("Something else", "Oxford Shirt", "Oxford Shirt (Olive / M)")).toBe("Something else");
  });
});
