// Loads every schema under schemas/ and checks the rules each must follow
// ($id matching its path, title, description, examples), for codegen and the validator CLI.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { AJV_OPTIONS, addVocabulary } from "../src/shared/ajv-vocabulary.mjs";

/** @typedef {import("ajv").SchemaObject & { $id: string }} Schema A schema file's JSON; loadSchemas checks its `$id`. */
/** @typedef {{ file: string, schema: Schema }} SchemaFile A schema and its path under schemas/. */

export const SCHEMA_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "schemas");
export const ID_BASE = "https://storefront-runtime.dev/schemas/";

/**
 * `dir`: where the schemas are; a bundle that holds this module (the server's) names the repository's.
 * @param {string} [dir]
 * @returns {SchemaFile[]}
 */
export function loadSchemas(dir = SCHEMA_DIR) {
  const files = readdirSync(dir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".schema.json"))
    .sort();
  /** @type {string[]} */
  const problems = [];
  const schemas = files.map((file) => {
    /** @type {Schema} */
    let schema;
    try {
      schema = JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch (err) {
      throw new Error(`schemas/${file}: not valid JSON: ${/** @type {Error} */ (err).message}`);
    }
    if (schema.$id !== ID_BASE + file) problems.push(`schemas/${file}: $id must be "${ID_BASE + file}"`);
    for (const key of ["title", "description", "examples"]) {
      if (!schema[key]) problems.push(`schemas/${file}: missing "${key}"`);
    }
    return { file, schema };
  });
  if (problems.length) throw new Error(problems.join("\n"));
  return schemas;
}

/**
 * A bare ajv instance with this project's options, formats and keywords, holding no schema.
 * @param {import("ajv").Options} [options]
 */
export function newAjv(options = {}) {
  return addVocabulary(new Ajv({ ...AJV_OPTIONS, ...options }));
}

/**
 * Where `schema` (with `$id`) points with $ref: the `$id`s of the other schema files it names.
 * @param {Schema} schema
 */
export function refsOf(schema) {
  /** @type {Set<string>} */
  const out = new Set();
  /** @param {unknown} node @returns {void} */
  const walk = (node) => {
    if (!node || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(walk);
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        const target = new URL(value, schema.$id).href.replace(/#[\s\S]*$/, "");
        if (target !== schema.$id) out.add(target);
      } else if (key !== "examples" && key !== "default" && key !== "const" && key !== "enum") walk(value);
    }
  };
  walk(schema);
  return out;
}

/**
 * The schemas `root` needs: itself and every schema it reaches through $ref, by `$id`.
 * @param {Schema} root
 * @param {ReadonlyMap<string, Schema>} byId every schema, `root` too
 * @returns {Schema[]}
 */
export function closureOf(root, byId) {
  const seen = new Set([root.$id]);
  const queue = [root];
  while (queue.length) {
    for (const id of refsOf(/** @type {Schema} */ (queue.shift()))) {
      if (seen.has(id)) continue;
      const next = byId.get(id);
      if (!next) throw new Error(`${root.$id}: $ref to ${id}, which is no schema under schemas/`);
      seen.add(id);
      queue.push(next);
    }
  }
  return [...seen].sort().map((id) => /** @type {Schema} */ (byId.get(id)));
}

/**
 * An ajv instance holding every schema; examples are checked against their schema.
 * @param {import("ajv").Options} [options]
 * @param {(schema: Schema) => Schema} [transform]
 * @param {readonly SchemaFile[]} [schemas]
 */
export function createAjv(options = {}, transform = (schema) => schema, schemas = loadSchemas()) {
  const ajv = newAjv(options);
  for (const { schema } of schemas) ajv.addSchema(transform(schema));
  for (const { file, schema } of schemas) {
    // Added just above; a failed check always reports an error.
    const validate = /** @type {import("ajv").ValidateFunction} */ (ajv.getSchema(schema.$id));
    for (const [i, example] of schema.examples.entries()) {
      if (!validate(structuredClone(example))) {
        const e = /** @type {import("ajv").ErrorObject} */ (validate.errors?.[0]);
        throw new Error(`schemas/${file}: examples[${i}] fails its own schema at "${e.instancePath}": ${e.message}`);
      }
    }
  }
  return ajv;
}
