// Development builds only: checks each /api/web request and answer against its schema
// in schemas/api/, so a drift between client and server shows up at once. Loaded
// lazily behind __DEV__, so production bundles carry neither this file nor the validators.
import { describeValidationError } from "../../shared/describe-error";

export type BodyPart = "request" | "response";

export async function checkBody(call: string, part: BodyPart, value: unknown): Promise<string | null> {
  const [folder, name, ...rest] = call.split("/");
  let validate;
  try {
    if (!folder || !name || rest.length) throw new Error("not a two-part call");
    validate = (await import(`../../../generated/validators/api/${folder}/${name}.${part}.js`)).default;
  } catch {
    return `has no schema; add schemas/api/${call}.${part}.schema.json`;
  }
  // The validator fills in defaults; check a copy so development sends what production sends.
  if (validate(structuredClone(value))) return null;
  const { pointer, message } = describeValidationError(validate.errors?.[0]);
  return `${pointer || "/"} ${message}`;
}
