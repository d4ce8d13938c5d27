// The ajv options and the project's own schema keywords, used by every schema set (codegen,
// the theme author's validator, the server), so that they cannot drift apart. Plain ESM with
// JSDoc types, because the scripts run in Node without a TypeScript step.
import addFormats from "ajv-formats";

export const AJV_OPTIONS = Object.freeze({ strict: true, strictTypes: false, useDefaults: true, allErrors: false });

/** Annotations: ajv only needs to know they are not typos. */
export const ANNOTATION_KEYWORDS = Object.freeze([
  // Read by json-schema-to-typescript.
  "tsType",
  // A component's default hydration strategy, read by codegen for the island registry.
  "x-hydrate",
  // Its strategy for a signed-in shopper, when that one differs (codegen/islands.mjs).
  "x-hydrate-signed-in",
  // "own": the component's code is a chunk of its own, not its area's group (codegen/islands.mjs).
  "x-chunk",
]);

/**
 * @template {import("ajv").default} A
 * @param {A} ajv
 * @returns {A}
 */
export function addVocabulary(ajv) {
  addFormats(ajv);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: "string" });
  // A page kind's routes (route name -> pattern), read by codegen for the route table.
  ajv.addKeyword({ keyword: "x-routes", schemaType: "object" });
  return ajv;
}
