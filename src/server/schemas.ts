// Every JSON Schema of schemas/, loaded into one ajv instance at start: the server checks
// store files and API bodies against the same files the client's validators come from.
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import Ajv, { type ValidateFunction } from "ajv";
import { AJV_OPTIONS, addVocabulary } from "../shared/ajv-vocabulary.mjs";

export const SCHEMA_ID_BASE = "https://storefront-runtime.dev/schemas/";

export interface SchemaSet {
  /** The validator of schemas/{path}; throws when there is no such schema. */
  get(path: string): ValidateFunction;
  has(path: string): boolean;
  /** The schema document of schemas/{path} as written, without compiling it; undefined when there is none. */
  document(path: string): Record<string, unknown> | undefined;
}

export function loadSchemaSet(schemaDir: string): SchemaSet {
  const ajv = addVocabulary(new Ajv({ ...AJV_OPTIONS }));
  const files = readdirSync(schemaDir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".schema.json"));
  const documents = new Map<string, Record<string, unknown>>();
  for (const file of files) {
    const document = JSON.parse(readFileSync(join(schemaDir, file), "utf8")) as Record<string, unknown>;
    documents.set(file, document);
    ajv.addSchema(document);
  }
  return {
    get(path) {
      const validate = ajv.getSchema(SCHEMA_ID_BASE + path);
      if (!validate) throw new Error(`no schema schemas/${path}`);
      return validate;
    },
    has: (path) => ajv.getSchema(SCHEMA_ID_BASE + path) !== undefined,
    document: (path) => documents.get(path),
  };
}
