import { describe, expect, it } from "vitest";
import {
  ADDRESS_FIELDS,
  ADDRESS_MAX,
  type AddressValues,
  EMPTY_ADDRESS,
  toSaveRequest,
  validateAddress,
} from "../../../src/components/checkout/address-rules";
import { formatValidation } from "../../../src/runtime/validation/format";
import { LOCALES } from "../runtime/fakes";

const GOOD: AddressValues = {
  ...EMPTY_ADDRESS,
  country: "HK",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};

const formatter = (lang: keyof typeof LOCALES) => ({
  formatMessage: ({ id }: { id: string }, values?: Record<string, string | number>) =>
    LOCALES[lang][id]!.replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? "")),
});

function messages(values: AddressValues, lang: keyof typeof LOCALES = "en"): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validateAddress(values)).map(([field, m]) => [field, formatValidation(formatter(lang), m!)]),
  );
}

describe("address form rules", () => {
  it("pass a complete address with the optional fields empty", () => {
    expect(validateAddress(GOOD)).toEqual({});
  });

  it("name every missing required field with the shared messages", () => {
    expect(messages(EMPTY_ADDRESS)).toEqual({
      country: "Please select Country/region",
      city: "City is required",
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      address: "Address is required",
      countryCode: "Please select Country code",
      phone: "Enter your mobile number",
    });
  });

  it("check the phone, calling code and postal code formats", () => {
    expect(messages({ ...GOOD, phone: "0123", countryCode: "852x", postalCode: "ABC/123" })).toEqual({
      phone: "Enter a valid mobile number: digits only, may start with +, at most 15 digits",
      countryCode: "Country code is not valid",
      postalCode: "Postal code is not valid",
    });
    expect(validateAddress({ ...GOOD, phone: "+85291234567", postalCode: "SW1A 1AA" })).toEqual({});
  });

  it("treat blanks as missing", () => {
    expect(Object.keys(validateAddress({ ...GOOD, city: "   " }))).toEqual(["city"]);
    // A blank optional field is left out, not checked against its pattern.
    expect(validateAddress({ ...GOOD, postalCode: "  ", province: " " })).toEqual({});
    expect(validateAddress({ ...GOOD, phone: " 91234567 ", countryCode: " +852 " })).toEqual({});
  });

  it("take the lengths from the save request's schema", () => {
    expect(ADDRESS_MAX).toEqual({
      country: 2,
      province: 100,
      city: 100,
      area: 100,
      postalCode: 12,
      firstName: 100,
      lastName: 100,
      address: 300,
      apartment: 100,
      countryCode: 5,
      phone: 16,
    });
    expect(messages({ ...GOOD, address: "a".repeat(301), apartment: "b".repeat(101) })).toEqual({
      address: "Address is not valid",
      apartment: "Apartment, suite is not valid",
    });
    expect(validateAddress({ ...GOOD, address: "a".repeat(300) })).toEqual({});
  });

  it("say every message in the three languages", () => {
    const wrong = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, "#".repeat(301)])) as AddressValues;
    for (const lang of ["en", "zh", "zh-HK"] as const) {
      for (const values of [EMPTY_ADDRESS, wrong]) {
        for (const [field, message] of Object.entries(messages(values, lang))) {
          expect(message, `${lang} ${field}`).not.toMatch(/^\s|\s$|\{|undefined/);
        }
      }
      expect(Object.keys(validateAddress(wrong))).toEqual([...ADDRESS_FIELDS]);
    }
    expect(messages(EMPTY_ADDRESS, "zh-HK").phone).toBe(LOCALES["zh-HK"]["validation.phone.required"]);
    expect(messages({ ...GOOD, phone: "0123" }, "zh").phone).toBe(LOCALES.zh["validation.phone.format"]);
  });

  it("send trimmed values and leave out empty optional fields", () => {
    expect(toSaveRequest({ ...GOOD, firstName: "  Mei ", apartment: " 12A ", province: " " }, 4)).toEqual({
      id: 4,
      country: "HK",
      city: "Hong Kong",
      firstName: "Mei",
      lastName: "Chan",
      address: "1 Queen's Road",
      countryCode: "+852",
      phone: "91234567",
      apartment: "12A",
    });
  });
});
