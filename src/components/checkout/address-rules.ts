// The address form's rules (SPEC.md §5): which fields are required and what they must look
// like, with the shared messages of src/runtime/validation.
import type { AddressSaveRequest } from "../../../generated/types";
import * as rules from "../../runtime/validation/rules";
import type { ValidationMessage } from "../../runtime/validation/rules";

export const ADDRESS_FIELDS = [
  "country",
  "province",
  "city",
  "area",
  "postalCode",
  "firstName",
  "lastName",
  "address",
  "apartment",
  "countryCode",
  "phone",
] as const;

export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, ValidationMessage>>;

export const EMPTY_ADDRESS: AddressValues = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, ""])) as AddressValues;

const POSTAL_CODE = /^[A-Za-z0-9 -]{0,12}$/;
const COUNTRY_CODE = /^\+?[0-9]{1,4}$/;
/** Lengths the API accepts (schemas/api/address/save.request.schema.json). */
export const ADDRESS_MAX: Record<AddressField, number> = {
  country: 100, province: 100, city: 100, area: 100, postalCode: 12, firstName: 100,
  lastName: 100, address: 300, apartment: 100, countryCode: 5, phone: 16,
};

const label = (field: AddressField): ValidationMessage => ({ id: `address.${field}` });

const format = (pattern: RegExp, field: AddressField): rules.Rule<string> => (value) =>
  value.trim() === "" || pattern.test(value.trim()) ? null : { id: "address.invalid", values: { field: label(field) } };

const FIELD_RULES: Partial<Record<AddressField, ReadonlyArray<rules.Rule<string>>>> = {
  country: [rules.required(label("country"))],
  city: [rules.required(label("city"))],
  postalCode: [format(POSTAL_CODE, "postalCode")],
  firstName: [rules.firstName],
  lastName: [rules.lastName],
  address: [rules.required(label("address"))],
  countryCode: [rules.countryCode, format(COUNTRY_CODE, "countryCode")],
  phone: [rules.phone],
};

/** Every field's first failing rule; empty when the address may be saved. */
export function validateAddress(values: AddressValues): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const result = rules.check(values[field], ...(FIELD_RULES[field] ?? []));
    if (result) errors[field] = result;
  }
  return errors;
}

/** The save call's body: trimmed, optional fields left out when empty. */
export function toSaveRequest(values: AddressValues, id?: number): AddressSaveRequest {
  const trimmed = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f].trim()])) as AddressValues;
  const optional = (field: "province" | "area" | "postalCode" | "apartment") => (trimmed[field] ? { [field]: trimmed[field] } : {});
  return {
    ...(id !== undefined ? { id } : {}),
    country: trimmed.country,
    city: trimmed.city,
    firstName: trimmed.firstName,
    lastName: trimmed.lastName,
    address: trimmed.address,
    countryCode: trimmed.countryCode,
    phone: trimmed.phone,
    ...optional("province"),
    ...optional("area"),
    ...optional("postalCode"),
    ...optional("apartment"),
  };
}

/** A saved address as form values, for editing. */
export function toValues(address: Partial<Record<AddressField, string | undefined>>): AddressValues {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, address[f] ?? ""])) as AddressValues;
}
