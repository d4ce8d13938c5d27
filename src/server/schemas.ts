// Every JSON Schema of schemas/, loaded into one ajv instance at start: the server checks
// store files and API bodies against the same files the client's validators come from.
import { readFileSync, readdirSync } from "node:fs";
import { join, sep } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

export const SCHEMA_ID_BASE = "https://storefront-runtime.dev/schemas/";

export interface SchemaSet {
  /** The validator of schemas/{path}; throws when there is no such schema. */
  get(path: string): ValidateFunction;
  has(path: string): boolean;
}

export function loadSchemaSet(schemaDir: string): SchemaSet {
  const ajv = new Ajv({ strict: true, strictTypes: false, useDefaults: true, allErrors: false });
  addFormats(ajv);
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" });
  const files = readdirSync(schemaDir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".schema.json"));
  for (const file of files) ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), "utf8")) as object);
  return {
    get(path) {
      const validate = ajv.getSchema(SCHEMA_ID_BASE + path);
      if (!validate) throw new Error(`no schema schemas/${path}`);
      return validate;
    },
    has: (path) => ajv.getSchema(SCHEMA_ID_BASE + path) !== undefined,
  };
}
