// The address form's rules (SPEC.md §5), shared by the checkout's address modal and the address
// book (user/address): which fields are required and what they must look like are the save
// request's schema (schemas/api/address/save.request.schema.json), checked
// through its generated validator; the messages are the shared ones of src/runtime/validation.
import type { AddressSaveRequest } from "../../../generated/types";
import validateSave from "../../../generated/validators/api/address/save.request.js";
import { examples } from "../../../schemas/api/address/save.request.schema.json";
import { type FieldMessages, requestCheck } from "../../runtime/validation/request-check";
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

/** The save request's check. */
const saveCheck = requestCheck(validateSave, examples[0]);

/** The most characters each field takes, where the schema sets a maximum. */
export const ADDRESS_MAX: Partial<Record<AddressField, number>> = Object.fromEntries(
  ADDRESS_FIELDS.flatMap((field) => {
    const { max } = saveCheck.bounds(field);
    return max === undefined ? [] : [[field, max]];
  }),
);

const label = (field: AddressField): ValidationMessage => ({ id: `address.${field}` });

/** Fields with words of their own (SPEC.md §5); the others say "{field} is required" / "{field} is not valid". */
const OWN_WORDS: Partial<Record<AddressField, Partial<FieldMessages<never>>>> = {
  // Chosen from a list, so "Please select …" (SPEC.md §5).
  country: { required: { id: "validation.select", values: { field: label("country") } } },
  firstName: { required: { id: "validation.firstName.required" } },
  lastName: { required: { id: "validation.lastName.required" } },
  countryCode: { required: { id: "validation.select", values: { field: label("countryCode") } } },
  phone: { required: { id: "validation.phone.required" }, invalid: { id: "validation.phone.format" } },
};

const MESSAGES = Object.fromEntries(
  ADDRESS_FIELDS.map((field): [AddressField, FieldMessages<AddressField>] => [
    field,
    {
      required: { id: "validation.required", values: { field: label(field) } },
      invalid: { id: "address.invalid", values: { field: label(field) } },
      ...OWN_WORDS[field],
    },
  ]),
) as Record<AddressField, FieldMessages<AddressField>>;

/** The fields as the form checks and sends them: trimmed, a blank one left out. */
function filled(values: AddressValues): Partial<AddressValues> {
  return Object.fromEntries(
    ADDRESS_FIELDS.map((f) => [f, values[f].trim()]).filter(([, value]) => value !== ""),
  ) as Partial<AddressValues>;
}

/** Every field's message; empty when the address may be saved. A blank required field is "required". */
export function validateAddress(values: AddressValues): AddressErrors {
  return saveCheck.messages(filled(values), MESSAGES);
}

/** The save call's body: trimmed, optional fields left out when empty. */
export function toSaveRequest(values: AddressValues, id?: number): AddressSaveRequest {
  const trimmed = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f].trim()])) as AddressValues;
  const optional = (field: "province" | "area" | "postalCode" | "apartment") =>
    trimmed[field] ? { [field]: trimmed[field] } : {};
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
