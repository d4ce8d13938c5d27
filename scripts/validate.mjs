// `npm run validate -- [--strict] [FILE...]`: checks theme, store/router config, page-template
// and catalog JSON files against their schemas, the way a theme author needs it: each problem as
// `file:line:column  /json/pointer  message`, with a suggestion where one exists. Without FILE,
// every file of the store (STORE_DIR, else fixtures/demo-store). A store text without its zh or
// zh-HK translation is a warning (English is shown instead); --strict makes warnings errors.
// Exit code 0 when every file is valid, 1 when any is not, 2 on a usage error.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkTemplatePaths, distance } from "../src/server/store/bind-paths.mjs";
import { JsonSyntaxError, parseJson, pointerSegment } from "../src/server/store/json-source.mjs";
import {
  describeMissing,
  findTexts,
  resolveTexts,
  TEXT_LANGUAGES,
  templateTexts,
  untranslated,
} from "../src/server/store/texts.mjs";
import { createAjv, ID_BASE, loadSchemas, SCHEMA_DIR } from "./schema-set.mjs";

// The shapes the theme editor shares (Problem, FileReport, Checker) are declared in validate.d.mts.
/** @typedef {import("./validate.mjs").Problem} Problem */
/** @typedef {import("./validate.mjs").FileReport} FileReport */
/** @typedef {import("./validate.mjs").Checker} Checker */
/** @typedef {import("ajv").default} Ajv */
/** @typedef {import("ajv").ErrorObject} ErrorObject */
/**
 * A problem before its position is looked up: at the key or the value of `pointer`.
 * @typedef {object} Found
 * @property {string} pointer
 * @property {"key" | "value"} at
 * @property {string} message
 * @property {boolean} [warning]
 */
/**
 * The page-data schemas: every page kind, and the schemas by $id.
 * @typedef {{ kinds: string[], byId: Map<string, Record<string, unknown>> }} Pages
 */

/**
 * File-name conventions, for files without "$schema".
 * @type {[RegExp, string][]}
 */
const BY_NAME = [
  [/^theme.*\.json$/i, "theme/theme-config.schema.json"],
  [/^router.*\.json$/i, "router/router-config.schema.json"],
  [/^(store-)?config.*\.json$/i, "page/store-config.schema.json"],
  [/template.*\.json$/i, "store/page-template.schema.json"],
  [/^checkout\.json$/i, "store/checkout.schema.json"],
  ...["products", "categories", "tags", "collections", "articles", "pages", "promotions", "coupons", "reviews"].map(
    /** @returns {[RegExp, string]} */ (name) => [new RegExp(`^${name}\\.json$`, "i"), `store/${name}.schema.json`],
  ),
];
const TEMPLATE_ID = `${ID_BASE}store/page-template.schema.json`;
const COMPONENT_DIR = "components/";
const PAGE_DIR = "pages/";
const SCOPE_FILE = "pages/scope.schema.json";

// Edit distance (insert, delete, replace, swap two neighbours), case-insensitive, for "did you mean".
export { distance };

/**
 * The closest candidate within a few edits, or null.
 * @param {string} word
 * @param {Iterable<string>} candidates
 * @returns {string | null}
 */
export function nearest(word, candidates) {
  /** @type {string | null} */
  let best = null;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : null;
}

/** @param {unknown} value */
const quote = (value) => JSON.stringify(value);
/** @param {unknown} value */
const kindOf = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
/** @param {string} type */
const article = (type) => (type === "object" || type === "array" || type === "integer" ? `an ${type}` : `a ${type}`);
/** @param {string} text */
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * One ajv error as a theme author reads it: where (pointer, and whether the key or the value) and what.
 * @param {ErrorObject} error
 * @returns {Found}
 */
function describe(error) {
  const { keyword, params, parentSchema = {}, data } = error;
  const pointer = error.instancePath;
  switch (keyword) {
    case "additionalProperties": {
      const name = params.additionalProperty;
      const allowed = Object.keys(parentSchema.properties ?? {}).filter((p) => p !== "$schema");
      const near = nearest(name, allowed);
      let message = `unknown property ${quote(name)}`;
      if (near) message += `; did you mean ${quote(near)}?`;
      else if (allowed.length > 0 && allowed.length <= 10) message += `; allowed: ${allowed.join(", ")}`;
      return { pointer: `${pointer}/${pointerSegment(name)}`, at: "key", message };
    }
    case "required":
      return { pointer, at: "value", message: `missing required property ${quote(params.missingProperty)}` };
    case "enum": {
      const allowed = params.allowedValues;
      const near =
        typeof data === "string"
          ? nearest(
              data,
              allowed.filter((/** @type {unknown} */ v) => typeof v === "string"),
            )
          : null;
      return {
        pointer,
        at: "value",
        message: `${quote(data)} is not allowed; use one of ${allowed.map(quote).join(", ")}${near ? ` (did you mean ${quote(near)}?)` : ""}`,
      };
    }
    case "const":
      return { pointer, at: "value", message: `must be ${quote(params.allowedValue)}` };
    case "type": {
      const want = String(params.type).split(",").map(article).join(" or ");
      return {
        pointer,
        at: "value",
        message: `must be ${want}, not ${kindOf(data)}${typeof data === "string" && /^-?\d+(\.\d+)?$/.test(data) ? ` (write ${data} without quotes)` : ""}`,
      };
    }
    case "pattern":
    case "format": {
      // A named definition (CssColor, CssLength, ...) explains itself; a one-off pattern is shown as is.
      const examples = Array.isArray(parentSchema.examples)
        ? ` For example: ${parentSchema.examples.map(quote).join(", ")}.`
        : "";
      const expected =
        parentSchema.title && parentSchema.description
          ? `expected ${lowerFirst(parentSchema.description.replace(/\.$/, ""))}.${examples}`
          : `${keyword === "format" ? `expected the format ${params.format}` : `must match the pattern ${params.pattern}`}${parentSchema.description ? ` (${lowerFirst(parentSchema.description.replace(/\.$/, ""))})` : ""}`;
      return { pointer, at: "value", message: `${quote(data)} is not valid: ${expected}` };
    }
    default:
      return {
        pointer,
        at: "value",
        message: `${data !== undefined && typeof data !== "object" ? `${quote(data)} ` : ""}${error.message}`,
      };
  }
}

/**
 * The position of a pointer's key or value, or of its nearest ancestor that has one.
 * @param {import("../src/server/store/json-source.mjs").JsonPositions} positions
 * @param {string} pointer
 * @param {"key" | "value"} at
 * @returns {import("../src/server/store/json-source.mjs").JsonPosition}
 */
function positionOf(positions, pointer, at) {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const entry = positions.get(p);
    const position = (p === pointer && at === "key" ? entry?.key : undefined) ?? entry?.value ?? entry?.key;
    if (position) return position;
    if (p === "") return { line: 1, column: 1 };
  }
}

/**
 * The schema a file is checked against: its "$schema", else the one its name says.
 * @param {string} file
 * @param {unknown} value
 * @param {ReadonlySet<string>} knownIds
 * @returns {{ id: string, problem?: undefined } | { id?: undefined, problem: Found }}
 */
function schemaIdFor(file, value, knownIds) {
  const declared =
    value && typeof value === "object" && !Array.isArray(value)
      ? /** @type {{ $schema?: unknown }} */ (value).$schema
      : undefined;
  if (typeof declared === "string") {
    const clean = declared.replace(/[?#].*$/, "");
    if (knownIds.has(clean)) return { id: clean };
    const at = clean.lastIndexOf("schemas/");
    const candidate = at >= 0 ? ID_BASE + clean.slice(at + "schemas/".length) : null;
    if (candidate && knownIds.has(candidate)) return { id: candidate };
    const near = nearest(
      basename(clean),
      [...knownIds].map((id) => basename(id)),
    );
    const suggestion = near ? [...knownIds].find((id) => basename(id) === near) : null;
    return {
      problem: {
        pointer: "/$schema",
        at: "value",
        message: `unknown schema ${quote(declared)}${suggestion ? `; did you mean ${quote(suggestion)}?` : ""}`,
      },
    };
  }
  const name = basename(file);
  const inTemplates = basename(dirname(file)) === "templates";
  for (const [pattern, path] of BY_NAME) {
    if ((pattern.test(name) || (inTemplates && path.startsWith("store/page-template"))) && knownIds.has(ID_BASE + path))
      return { id: ID_BASE + path };
  }
  return {
    problem: {
      pointer: "",
      at: "value",
      message: `cannot tell which schema applies: add "$schema": "${ID_BASE}theme/theme-config.schema.json" (or router/router-config, page/store-config, store/page-template), or name the file theme*.json, router*.json or config*.json`,
    },
  };
}

/**
 * Static props of each page-template section checked against that component's schema; bound props may be missing.
 * @param {Ajv} ajv
 * @param {any} value the template, as parsed
 * @param {ReadonlyMap<string, string>} componentIds component name -> its schema's $id
 */
function checkSections(ajv, value, componentIds) {
  /** @type {Found[]} */
  const problems = [];
  const sections = Array.isArray(value?.sections) ? value.sections : [];
  sections.forEach((/** @type {any} */ section, /** @type {number} */ index) => {
    if (!section || typeof section !== "object" || typeof section.component !== "string") return;
    const base = `/sections/${index}`;
    const id = componentIds.get(section.component);
    if (!id) {
      const near = nearest(section.component, [...componentIds.keys()]);
      problems.push({
        pointer: `${base}/component`,
        at: "value",
        message: `unknown component ${quote(section.component)}${near ? `; did you mean ${quote(near)}?` : ""}`,
      });
      return;
    }
    const bound = new Set(Object.keys(section.bind && typeof section.bind === "object" ? section.bind : {}));
    const validate = /** @type {import("ajv").ValidateFunction} */ (ajv.getSchema(id));
    // Texts may be given as translations: the props each language renders with must all pass.
    const seen = new Set();
    for (const language of TEXT_LANGUAGES) {
      if (validate(resolveTexts(structuredClone(section.props ?? {}), language))) continue;
      for (const error of validate.errors ?? []) {
        if (error.keyword === "required" && error.instancePath === "" && bound.has(error.params.missingProperty)) continue;
        const topKey = error.instancePath.split("/")[1];
        if (topKey !== undefined && bound.has(topKey)) continue;
        const problem = describe(error);
        const key = `${problem.pointer}|${problem.message}`;
        if (!seen.has(key)) problems.push({ ...problem, pointer: `${base}/props${problem.pointer}` });
        seen.add(key);
      }
    }
  });
  return problems;
}

/**
 * Data paths of a page template (bind, when, {placeholders}) checked against what it is
 * rendered with: the page data of its kind (the file's name: product-detail.json is the
 * product-detail page) and $store, $route, $layout. `pages`: { kinds, byId } of schemas/pages/.
 * @param {string} file
 * @param {unknown} value
 * @param {Pages} [pages]
 * @returns {Found[]}
 */
function checkDataPaths(file, value, pages) {
  if (!pages) return [];
  return checkTemplatePaths(value, basename(file, ".json"), pages.kinds, (id) => pages.byId.get(id)).map((p) => ({
    pointer: p.pointer,
    at: "value",
    message: p.message,
  }));
}

/**
 * A text (a string or its translations, one anyOf) that breaks a rule of one branch also fails
 * the other branch's type: keep the rule that says what is wrong, or one message for both.
 * @param {ErrorObject[]} errors
 */
function textErrors(errors) {
  const anyOfAt = new Set(errors.filter((e) => e.keyword === "anyOf").map((e) => e.instancePath));
  /** @type {ErrorObject[]} */
  const out = [];
  for (const error of errors) {
    const at = [...anyOfAt].find((p) => error.instancePath === p || error.instancePath.startsWith(`${p}/`));
    if (at === undefined) {
      out.push(error);
      continue;
    }
    const specific = errors.some((e) => e.instancePath.startsWith(at) && e.keyword !== "type" && e.keyword !== "anyOf");
    if (error.keyword === "anyOf" && !specific)
      out.push({
        ...error,
        keyword: "text",
        message: 'must be a string or an object of translations { "en": …, "zh": …, "zh-HK": … }',
      });
    else if (error.keyword !== "anyOf" && error.keyword !== "type") out.push(error);
  }
  return out;
}

/**
 * Texts without a zh or zh-HK translation, as warnings.
 * @param {Ajv} ajv
 * @param {string} schemaId one of the schemas `ajv` holds
 * @param {unknown} value
 * @param {ReadonlyMap<string, string>} componentIds
 * @returns {Found[]}
 */
function textWarnings(ajv, schemaId, value, componentIds) {
  /** @param {string} id */
  const getSchema = (id) => /** @type {Record<string, unknown> | undefined} */ (ajv.getSchema(id)?.schema);
  /** @param {string} id an $id `ajv` holds */
  const known = (id) => /** @type {Record<string, unknown>} */ (getSchema(id));
  const texts =
    schemaId === TEMPLATE_ID
      ? templateTexts(value, known(TEMPLATE_ID), getSchema, (name) => {
          const id = componentIds.get(name);
          return id !== undefined ? getSchema(id) : undefined;
        })
      : findTexts(value, known(schemaId), getSchema);
  return untranslated(texts).map((t) => ({
    pointer: t.pointer,
    at: "value",
    message: describeMissing(t.missing),
    warning: true,
  }));
}

/**
 * Every problem of one file, each with its position. `pages`: the page-data schemas, for templates' data paths.
 * @param {string} file
 * @param {Ajv} ajv
 * @param {ReadonlySet<string>} knownIds
 * @param {ReadonlyMap<string, string>} componentIds
 * @param {Pages} [pages]
 * @returns {FileReport}
 */
export function validateFile(file, ajv, knownIds, componentIds, pages) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const { code, message } = /** @type {NodeJS.ErrnoException} */ (err);
    return {
      problems: [{ position: { line: 1, column: 1 }, pointer: "", message: `cannot read the file (${code ?? message})` }],
    };
  }
  return validateText(file, text, ajv, knownIds, componentIds, pages);
}

/**
 * The same for a file's text, read or not yet written (the theme editor checks its drafts with it).
 * @param {string} file
 * @param {string} text
 * @param {Ajv} ajv
 * @param {ReadonlySet<string>} knownIds
 * @param {ReadonlyMap<string, string>} componentIds
 * @param {Pages} [pages]
 * @returns {FileReport}
 */
export function validateText(file, text, ajv, knownIds, componentIds, pages) {
  let parsed;
  try {
    parsed = parseJson(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return { problems: [{ position: err.position, pointer: err.pointer, message: `syntax error: ${err.message}` }] };
  }
  const { value, positions, duplicates } = parsed;
  /** @type {Found[]} */
  const found = [];
  for (const d of duplicates)
    found.push({
      pointer: d.pointer,
      at: "key",
      message: `duplicate property ${quote(d.pointer.split("/").pop())}; only the last one counts`,
    });
  const chosen = schemaIdFor(file, value, knownIds);
  if (chosen.problem) found.push(chosen.problem);
  else {
    const validate = /** @type {import("ajv").ValidateFunction} */ (ajv.getSchema(chosen.id));
    if (!validate(structuredClone(value))) {
      const seen = new Set();
      for (const error of textErrors(validate.errors ?? [])) {
        const problem = describe(error);
        const key = `${problem.pointer}|${problem.message}`;
        if (!seen.has(key)) found.push(problem);
        seen.add(key);
      }
    }
    if (chosen.id === TEMPLATE_ID) found.push(...checkSections(ajv, value, componentIds), ...checkDataPaths(file, value, pages));
    if (found.length === 0) found.push(...textWarnings(ajv, chosen.id, value, componentIds));
  }
  /** @type {Problem[]} */
  const problems = found
    .map((p) => ({
      position: positionOf(positions, p.pointer, p.at),
      pointer: p.pointer,
      message: p.message,
      ...(p.warning ? { warning: /** @type {true} */ (true) } : {}),
    }))
    .sort((a, b) => a.position.line - b.position.line || a.position.column - b.position.column);
  return { schema: chosen.id, problems };
}

/**
 * What `npm run validate` checks a file with, loaded once: every schema compiled, the
 * components' and the page kinds'. `check(file, text)` answers as validateFile does; `file` is
 * the name under the store (theme.json, templates/home.json), which picks the schema and the page kind.
 * @param {string} [schemaDir]
 * @returns {Checker}
 */
export function createChecker(schemaDir = SCHEMA_DIR) {
  const schemas = loadSchemas(schemaDir);
  const ajv = createAjv({ allErrors: true, verbose: true, useDefaults: false }, undefined, schemas);
  const knownIds = new Set(schemas.map((s) => s.schema.$id));
  const componentIds = new Map(
    schemas.filter((s) => s.file.startsWith(COMPONENT_DIR)).map((s) => [basename(s.file, ".schema.json"), s.schema.$id]),
  );
  /** @type {Pages} */
  const pages = {
    kinds: schemas
      .filter((s) => s.file.startsWith(PAGE_DIR) && s.file !== SCOPE_FILE)
      .map((s) => s.file.slice(PAGE_DIR.length, -".schema.json".length)),
    byId: new Map(schemas.map((s) => [s.schema.$id, s.schema])),
  };
  return {
    schemas,
    checkFile: (file) => validateFile(file, ajv, knownIds, componentIds, pages),
    check: (file, text) => validateText(file, text, ajv, knownIds, componentIds, pages),
  };
}

/**
 * Every JSON file of a store directory: its own files, then its templates.
 * @param {string} dir
 */
export function storeFiles(dir) {
  /** @param {string} d */
  const list = (d) =>
    existsSync(d)
      ? readdirSync(d)
          .filter((f) => f.endsWith(".json"))
          .sort()
          .map((f) => join(d, f))
      : [];
  return [...list(dir), ...list(join(dir, "templates"))];
}

const DEFAULT_STORE = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "demo-store");

/**
 * @param {string[]} args
 * @param {NodeJS.WritableStream} [out]
 * @param {NodeJS.WritableStream} [err]
 * @returns {number} the exit code
 */
export function main(args, out = process.stdout, err = process.stderr) {
  const strict = args.includes("--strict");
  let files = args.filter((a) => a !== "--" && a !== "--strict");
  if (files.includes("--help") || files.includes("-h")) {
    err.write(
      "usage: npm run validate -- [--strict] [FILE...]\n  Checks theme, store/router config, page-template and catalog JSON files against their schemas;\n  without FILE, every file of the store (STORE_DIR, else fixtures/demo-store). A text without its zh or\n  zh-HK translation is a warning; --strict makes warnings errors.\n",
    );
    return 0;
  }
  if (files.length === 0) {
    const dir = process.env.STORE_DIR ?? DEFAULT_STORE;
    files = storeFiles(dir).map((f) => relative(process.cwd(), f) || f);
    if (files.length === 0) {
      err.write(`validate: no JSON files in ${dir}\n`);
      return 2;
    }
  }
  let checker;
  try {
    checker = createChecker();
  } catch (error) {
    err.write(`validate: the schemas themselves do not load: ${/** @type {Error} */ (error).message}\n`);
    return 2;
  }
  let failed = 0;
  let warned = 0;
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    const { schema, problems } = checker.checkFile(file);
    if (problems.length === 0) {
      out.write(`${file}: ok (${schema?.slice(ID_BASE.length)})\n`);
      continue;
    }
    if (strict || problems.some((p) => !p.warning)) failed++;
    else warned++;
    for (const p of problems) {
      const warning = p.warning && !strict;
      if (warning) warnings++;
      else errors++;
      out.write(
        `${file}:${p.position.line}:${p.position.column}  ${p.pointer || "/"}  ${warning ? "warning: " : ""}${p.message}\n`,
      );
    }
  }
  /** @param {number} n @param {string} word @param {number} of */
  const count = (n, word, of) =>
    `${n} ${word}${n === 1 ? "" : "s"} in ${of} of ${files.length} file${files.length === 1 ? "" : "s"}`;
  const summary = [
    errors ? count(errors, "problem", failed) : "",
    warnings ? `${count(warnings, "warning", warned)} (--strict makes them errors)` : "",
  ];
  if (errors || warnings) out.write(`\n${summary.filter(Boolean).join("; ")}\n`);
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
