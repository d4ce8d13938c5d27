// Schema checks and drift comparison for recordings (`npm run record`): which schema each
// recorded answer answers to, every rule it breaks (file and JSON pointer), and the
// differences between two recordings of the same address (pointer, old, new).
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { isPlaceholder } from "./record-scrub.mjs";
import { ID_BASE, newAjv } from "./schema-set.mjs";

/**
 * A rule a recorded value breaks, at a JSON pointer.
 * @typedef {{ pointer: string, message: string }} Problem
 */
/** @typedef {ReturnType<typeof loadValidators>} Validators */

/**
 * Every schema of `schemaDir`, compiled on demand; allErrors so that a placeholder cannot hide a real problem.
 * @param {string} schemaDir
 */
export function loadValidators(schemaDir) {
  const ajv = newAjv({ allErrors: true });
  const files = readdirSync(schemaDir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".schema.json"));
  for (const file of files) ajv.addSchema(JSON.parse(readFileSync(join(schemaDir, file), "utf8")));
  return {
    /** @param {string} path a schema's path under schemas/ */
    has: (path) => ajv.getSchema(ID_BASE + path) !== undefined,
    /** @param {string} path a schema's path under schemas/ */
    get(path) {
      const validate = ajv.getSchema(ID_BASE + path);
      if (!validate) throw new Error(`no schema schemas/${path}`);
      return validate;
    },
  };
}

/**
 * The value at a JSON pointer, or undefined.
 * @param {unknown} value
 * @param {string} pointer
 */
function at(value, pointer) {
  let node = value;
  for (const part of pointer.split("/").slice(1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[part.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return node;
}

/**
 * Problems of `value` against schemas/{schemaPath}: `{ pointer, message }`, with `prefix`
 * before each pointer. Rules broken only by a scrub placeholder are not problems.
 * @param {Validators} validators
 * @param {string} schemaPath
 * @param {unknown} value
 * @param {string} [prefix]
 * @returns {Problem[]}
 */
export function checkValue(validators, schemaPath, value, prefix = "") {
  if (!validators.has(schemaPath))
    return [{ pointer: prefix || "/", message: `no schema schemas/${schemaPath} to check it against` }];
  const validate = validators.get(schemaPath);
  if (validate(structuredClone(value))) return [];
  const seen = new Set();
  /** @type {Problem[]} */
  const problems = [];
  for (const error of validate.errors ?? []) {
    if (isPlaceholder(at(value, error.instancePath))) continue;
    const extra = error.params?.additionalProperty ? ` "${error.params.additionalProperty}"` : "";
    const message = `${error.message}${extra} (rule ${error.keyword} at ${error.schemaPath.startsWith("#") ? schemaPath : ""}${error.schemaPath})`;
    const key = `${error.instancePath} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ pointer: `${prefix}${error.instancePath}` || "/", message });
  }
  return problems;
}

/**
 * The JSON of a document's `__INITIAL_DATA__` script, or null.
 * @param {string} html
 * @returns {any} the parsed JSON, which `checkDocument` checks against its schema
 */
export function initialDataOf(html) {
  const json = /<script id="__INITIAL_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (json === undefined) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/**
 * Problems of a page-route answer: the page-route schema for a page, the envelope for anything else.
 * @param {Validators} validators
 * @param {unknown} body the answer's JSON, undefined when it is none
 */
export function checkRouteAnswer(validators, body) {
  if (body === undefined) return [{ pointer: "/", message: "the answer is not JSON" }];
  const isPage =
    body && typeof body === "object" && "data" in body && body.data && typeof body.data === "object" && "pageBody" in body.data;
  return checkValue(validators, isPage ? "page/page-route.schema.json" : "api/envelope.schema.json", body);
}

/**
 * Problems of a document: it must carry initial data that passes its schema.
 * @param {Validators} validators
 * @param {string} html
 */
export function checkDocument(validators, html) {
  const data = initialDataOf(html);
  if (!data) return [{ pointer: "/", message: "the document has no readable __INITIAL_DATA__ script" }];
  return checkValue(validators, "page/initial-data.schema.json", data, "#__INITIAL_DATA__");
}

/**
 * Problems of one /api/web exchange: its request body, the envelope, and the data of a successful answer.
 * @param {Validators} validators
 * @param {{ call: string, request?: unknown, response?: any }} exchange `response`: the answer's JSON, checked here
 */
export function checkExchange(validators, exchange) {
  /** @type {Problem[]} */
  const problems = [];
  const base = `api/${exchange.call}`;
  if (exchange.request !== undefined && validators.has(`${base}.request.schema.json`)) {
    problems.push(...checkValue(validators, `${base}.request.schema.json`, exchange.request, "/request"));
  }
  if (exchange.response === undefined) return problems;
  problems.push(...checkValue(validators, "api/envelope.schema.json", exchange.response, "/response"));
  if (exchange.response?.code === 0 && validators.has(`${base}.response.schema.json`) && "data" in exchange.response) {
    problems.push(...checkValue(validators, `${base}.response.schema.json`, exchange.response.data, "/response/data"));
  }
  return problems;
}

/**
 * Problems of a frame the server sent on the live channel.
 * @param {Validators} validators
 * @param {unknown} frame
 */
export function checkFrame(validators, frame) {
  return checkValue(validators, "wire/live-frame.schema.json", frame);
}

/** @param {string} key */
const escapePointer = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Where `before` and `after` differ: `{ pointer, old, new }`, a missing side as undefined.
 * @param {unknown} before
 * @param {unknown} after
 * @param {string} [pointer]
 * @returns {{ pointer: string, old: unknown, new: unknown }[]}
 */
export function diffJson(before, after, pointer = "") {
  if (Object.is(before, after)) return [];
  const bothObjects =
    before && after && typeof before === "object" && typeof after === "object" && Array.isArray(before) === Array.isArray(after);
  if (!bothObjects) return [{ pointer: pointer || "/", old: before, new: after }];
  const a = /** @type {Record<string, unknown>} */ (before);
  const b = /** @type {Record<string, unknown>} */ (after);
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  /** @type {{ pointer: string, old: unknown, new: unknown }[]} */
  const out = [];
  for (const key of keys) out.push(...diffJson(a[key], b[key], `${pointer}/${escapePointer(key)}`));
  return out;
}

/**
 * A value shortened for a one-line report.
 * @param {unknown} value
 * @param {number} [max]
 */
export function shown(value, max = 100) {
  if (value === undefined) return "(absent)";
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
