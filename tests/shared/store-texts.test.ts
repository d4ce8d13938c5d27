// Store texts (src/server/store/texts.mjs): what counts as a localized text, and a value with
// every text in it resolved for one language, as pages read products, cards and store files.
import { describe, expect, it } from "vitest";
import { isLocalizedText, resolveText, resolveTexts } from "../../src/server/store/texts.mjs";

describe("store texts", () => {
  it("knows a localized text: an English string, and only zh and zh-HK strings besides", () => {
    expect(isLocalizedText({ en: "Mug" })).toBe(true);
    expect(isLocalizedText({ en: "Mug", zh: "杯", "zh-HK": "杯" })).toBe(true);
    expect(isLocalizedText({ en: "Mug", de: "Becher" })).toBe(false);
    expect(isLocalizedText({ en: "Mug", zh: 3 })).toBe(false);
    expect(isLocalizedText({ zh: "杯" })).toBe(false);
    expect(isLocalizedText(["Mug"])).toBe(false);
    expect(isLocalizedText("Mug")).toBe(false);
    expect(isLocalizedText(null)).toBe(false);
  });

  it("resolves a text to its translation, else English (zh-HK never falls back to zh)", () => {
    expect(resolveText({ en: "Mug", zh: "杯" }, "zh")).toBe("杯");
    expect(resolveText({ en: "Mug", zh: "杯" }, "zh-HK")).toBe("Mug");
    expect(resolveText("Mug", "zh")).toBe("Mug");
  });

  it("resolves every text in objects and lists, and copies the rest as it is", () => {
    const product = {
      slug: "enamel-mug",
      title: { en: "Enamel Mug", zh: "搪瓷杯", "zh-HK": "搪瓷杯" },
      price: 18,
      onSale: false,
      note: null,
      images: ["/media/mug.svg"],
      variants: [{ sku: "MUG-1", title: { en: "White", zh: "白色" }, stock: 3 }],
      // Not a text (a key besides the languages): an object whose values are read in turn.
      spec: { en: "Material", rows: [{ en: "Steel", zh: "钢" }] },
    };
    const copy = resolveTexts(product, "zh");
    expect(copy).toEqual({
      slug: "enamel-mug",
      title: "搪瓷杯",
      price: 18,
      onSale: false,
      note: null,
      images: ["/media/mug.svg"],
      variants: [{ sku: "MUG-1", title: "白色", stock: 3 }],
      spec: { en: "Material", rows: ["钢"] },
    });
    expect((resolveTexts(product, "zh-HK") as { variants: { title: string }[] }).variants[0]!.title).toBe("White");
    expect(product.title.zh).toBe("搪瓷杯");
    expect(resolveTexts("plain", "zh")).toBe("plain");
    expect(resolveTexts(7, "zh")).toBe(7);
  });

  it("keeps a __proto__ key as data, never as the copy's prototype", () => {
    const value = JSON.parse('{"__proto__": {"en": "x", "zh": "叉"}, "a": 1}');
    const copy = resolveTexts(value, "zh") as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(["__proto__", "a"]);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toBe("叉");
  });
});
