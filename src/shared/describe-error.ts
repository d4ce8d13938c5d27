import type { ValidationError } from "../../generated/validate-function";

/** One line a theme author can act on: where (JSON pointer), what is wrong, and which rule. */
export function describeValidationError(error: ValidationError | undefined): { pointer: string; message: string } {
  if (!error) return { pointer: "", message: "props do not match the component's schema" };
  let pointer = error.instancePath;
  let detail = error.message ?? "is invalid";
  if (error.keyword === "additionalProperties") {
    pointer = `${pointer}/${String(error.params.additionalProperty)}`;
    detail = "is not a known property";
  } else if (error.keyword === "required") {
    pointer = `${pointer}/${String(error.params.missingProperty)}`;
    detail = "is required";
  } else if (error.keyword === "enum") {
    detail = `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  }
  return { pointer, message: `${detail} (rule ${error.keyword} at ${error.schemaPath})` };
}
