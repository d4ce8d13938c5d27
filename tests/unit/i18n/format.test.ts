import { describe, expect, it } from "vitest";
import { formattersFor } from "../../../src/runtime/i18n/format";
import { languageOf } from "../../../src/shared/languages";

// Intl puts no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatting in the prefix's locale", () => {
  it("formats prices: /de/ has English messages but German numbers", () => {
    expect(languageOf("de").messages).toBe("en");
    expect(plain(formattersFor(languageOf("de")).price(1234.5, "EUR"))).toBe("1.234,50 €");
    expect(formattersFor(languageOf("en")).price(1234.5, "USD")).toBe("$1,234.50");
    expect(formattersFor(languageOf("zh")).price(1234.5, "CNY")).toBe("¥1,234.50");
    expect(formattersFor(languageOf("ja")).price(1234, "JPY")).toBe("￥1,234");
  });

  it("formats numbers", () => {
    expect(formattersFor(languageOf("de")).number(1234567.891)).toBe("1.234.567,891");
    expect(plain(formattersFor(languageOf("fr")).number(1234.5))).toBe("1 234,5");
    expect(formattersFor(languageOf("en")).number(0.256, { style: "percent" })).toBe("26%");
  });

  it("formats dates, and an invalid date as empty text", () => {
    const date = new Date(Date.UTC(2026, 10, 21, 12));
    expect(formattersFor(languageOf("de")).date(date, { dateStyle: "medium", timeZone: "UTC" })).toBe("21.11.2026");
    expect(formattersFor(languageOf("zh-HK")).date(date, { dateStyle: "long", timeZone: "UTC" })).toBe("2026年11月21日");
    expect(formattersFor(languageOf("en")).date("2026-11-21T12:00:00Z", { dateStyle: "medium", timeZone: "UTC" })).toBe("Nov 21, 2026");
    expect(formattersFor(languageOf("en")).date("not a date")).toBe("");
  });
});
