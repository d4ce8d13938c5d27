// The country and calling-code table the address form offers and the server checks
// (src/shared/countries.ts), and the article editor's slug from a title.
import { describe, expect, it } from "vitest";
import { COMMON_FIELDS_PATTERNS } from "../../../generated/constants";
import { slugify } from "../../../src/components/account/ArticleEditor";
import {
  CALLING_CODES,
  COUNTRY_CODES,
  callingCodeOf,
  countryName,
  countryOptions,
  DISTINCT_CALLING_CODES,
  isCallingCode,
  isCountry,
} from "../../../src/shared/countries";

describe("the country table", () => {
  it("holds ISO 3166 codes every language names, and calling codes the schemas accept", () => {
    const countryCode = new RegExp(COMMON_FIELDS_PATTERNS.countryCode, "u");
    expect(COUNTRY_CODES.length).toBeGreaterThan(200);
    for (const code of COUNTRY_CODES) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      for (const locale of ["en", "zh", "zh-HK"]) expect(countryName(locale, code), `${locale} ${code}`).not.toBe(code);
      expect(CALLING_CODES[code]).toMatch(/^\+[1-9]\d{0,3}$/);
      expect(CALLING_CODES[code]).toMatch(countryCode);
    }
    expect(DISTINCT_CALLING_CODES.slice(0, 3)).toEqual(["+1", "+7", "+20"]);
  });

  it("answers what the form and the server ask", () => {
    expect([isCountry("HK"), isCountry("hk"), isCountry("XX"), isCountry("toString")]).toEqual([true, false, false, false]);
    expect([isCallingCode("+852"), isCallingCode("852"), isCallingCode("+999"), isCallingCode("")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([callingCodeOf("GB"), callingCodeOf("CA"), callingCodeOf("XX")]).toEqual(["+44", "+1", ""]);
    expect(countryName("zh", "HK")).toBe("中国香港特别行政区");
    // An address saved before countries were codes keeps its words.
    expect(countryName("en", "Hong Kong")).toBe("Hong Kong");
  });

  it("sorts the choices by name in the page's language", () => {
    const names = countryOptions("en").map(([, name]) => name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    expect(countryOptions("zh").find(([code]) => code === "GB")?.[1]).toBe("英国");
  });
});

describe("slugify", () => {
  it("makes an address of a title", () => {
    expect(slugify("My Linen Shirt, a year on!")).toBe("my-linen-shirt-a-year-on");
    expect(slugify("Café crème")).toBe("cafe-creme");
    expect(slugify("  --亚麻--  ")).toBe("");
    expect(slugify("a".repeat(70))).toHaveLength(64);
  });
});
