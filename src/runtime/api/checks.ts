// Development builds only: checks each /api/web request and answer against its schema
// in schemas/api/, so a drift between client and server shows up at once. Loaded
// lazily behind __DEV__, so production bundles carry neither this file nor the validators;
// the validators come from the generated call map, one chunk each.
import { API_VALIDATORS, type CallName } from "../../../generated/api-calls";
import type { ValidateFunction } from "../../../generated/validate-function";
import { describeValidationError } from "../../shared/describe-error";

export type BodyPart = "request" | "response";

const isCall = (call: string): call is CallName => Object.hasOwn(API_VALIDATORS, call);

export async function checkBody(call: string, part: BodyPart, value: unknown): Promise<string | null> {
  if (!isCall(call)) return `has no schema; add schemas/api/${call}.${part}.schema.json`;
  const validate: ValidateFunction<unknown> = (await API_VALIDATORS[call][part]()).default;
  // The validator fills in defaults; check a copy so development sends what production sends.
  if (validate(structuredClone(value))) return null;
  const { pointer, message } = describeValidationError(validate.errors?.[0]);
  return `${pointer || "/"} ${message}`;
}
