// The demo store's translation tables (scripts/demo-store-texts.mjs), which the demo store
// generator writes every catalog text through.
import { describe, expect, it } from "vitest";
import { localizeItems, translate } from "../../scripts/demo-store-texts.mjs";

describe("translate", () => {
  it("translates a variant of a known colour and keeps the size", () => {
    expect(translate("Navy / M")).toEqual({ en: "Navy / M", zh: "海军蓝 / M", "zh-HK": "海軍藍 / M" });
  });

  it("keeps the English of a variant whose colour it has no words for, in every language", () => {
    expect(translate("Teal / M")).toEqual({ en: "Teal / M", zh: "Teal / M", "zh-HK": "Teal / M" });
    expect(localizeItems("products.json", [{ variants: [{ title: "Teal / L" }] }])).toEqual([
      { variants: [{ title: { en: "Teal / L", zh: "Teal / L", "zh-HK": "Teal / L" } }] },
    ]);
  });
});
