import { describe, expect, it } from "vitest";
import { EMPTY_ADDRESS, toSaveRequest, validateAddress, type AddressValues } from "../../../src/components/checkout/address-rules";
import { formatValidation } from "../../../src/runtime/validation/format";
import { LOCALES } from "../runtime/fakes";

const GOOD: AddressValues = {
  ...EMPTY_ADDRESS,
  country: "Hong Kong",
  city: "Hong Kong",
  firstName: "Mei",
  lastName: "Chan",
  address: "1 Queen's Road",
  countryCode: "+852",
  phone: "91234567",
};

const intl = {
  formatMessage: ({ id }: { id: string }, values?: Record<string, string | number>) =>
    LOCALES.en[id]!.replace(/\{(\w+)\}/g, (_, k: string) => String(values?.[k] ?? "")),
};

function messages(values: AddressValues): Record<string, string> {
  return Object.fromEntries(Object.entries(validateAddress(values)).map(([field, m]) => [field, formatValidation(intl, m!)]));
}

describe("address form rules", () => {
  it("pass a complete address with the optional fields empty", () => {
    expect(validateAddress(GOOD)).toEqual({});
  });

  it("name every missing required field with the shared messages", () => {
    expect(messages(EMPTY_ADDRESS)).toEqual({
      country: "Country/region is required",
      city: "City is required",
      firstName: "Enter your first name",
      lastName: "Enter your last name",
      address: "Address is required",
      countryCode: "Select a country code",
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
  });

  it("send trimmed values and leave out empty optional fields", () => {
    expect(toSaveRequest({ ...GOOD, firstName: "  Mei ", apartment: " 12A ", province: " " }, 4)).toEqual({
      id: 4,
      country: "Hong Kong",
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
