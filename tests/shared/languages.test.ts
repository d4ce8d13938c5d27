import { describe, expect, it } from "vitest";
import { isPrefix, languageOf, languageOfLocale, PREFIXES } from "../../src/shared/languages";

describe("the 15 prefixes", () => {
  it("maps each prefix to its messages and its Intl locale (DESIGN.md)", () => {
    const table = Object.fromEntries(PREFIXES.map((p) => [p, [languageOf(p).messages, languageOf(p).locale]]));
    expect(table).toEqual({
      en: ["en", "en"],
      zh: ["zh", "zh-CN"],
      "zh-TW": ["zh-HK", "zh-TW"],
      "zh-HK": ["zh-HK", "zh-HK"],
      de: ["en", "de"],
      es: ["en", "es"],
      fr: ["en", "fr"],
      id: ["en", "id"],
      it: ["en", "it"],
      ja: ["en", "ja"],
      ko: ["en", "ko"],
      pt: ["en", "pt"],
      th: ["en", "th"],
      fil: ["en", "fil"],
      vi: ["en", "vi"],
    });
  });

  it("names every language in its own words, each name distinct", () => {
    const names = PREFIXES.map((p) => languageOf(p).name);
    expect(new Set(names).size).toBe(15);
    expect(languageOf("zh").name).toBe("简体中文");
    expect(languageOf("zh-HK").name).toBe("繁體中文（香港）");
  });

  it("finds the language back from <html lang>, falling back to en", () => {
    for (const prefix of PREFIXES) expect(languageOfLocale(languageOf(prefix).locale).prefix).toBe(prefix);
    expect(languageOfLocale("xx").prefix).toBe("en");
    expect(isPrefix("zh-CN")).toBe(false);
  });

  it("every locale is one Intl supports", () => {
    for (const prefix of PREFIXES) {
      expect(Intl.NumberFormat.supportedLocalesOf([languageOf(prefix).locale]), prefix).toHaveLength(1);
    }
  });
});
