// `npm run validate -- FILE...`: checks theme, store/router config and page-template JSON
// files against their schemas, the way a theme author needs it: each problem as
// `file:line:column  /json/pointer  message`, with a suggestion where one exists.
// Exit code 0 when every file is valid, 1 when any is not, 2 on a usage error.
import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { checkTemplatePaths, distance } from "../src/server/store/bind-paths.mjs";
import { JsonSyntaxError, parseJson, pointerSegment } from "./json-source.mjs";
import { createAjv, ID_BASE, loadSchemas } from "./schema-set.mjs";

/** File-name conventions, for files without "$schema". */
const BY_NAME = [
  [/^theme.*\.json$/i, "theme/theme-config.schema.json"],
  [/^router.*\.json$/i, "router/router-config.schema.json"],
  [/^(store-)?config.*\.json$/i, "page/store-config.schema.json"],
  [/template.*\.json$/i, "store/page-template.schema.json"],
];
const TEMPLATE_ID = `${ID_BASE}store/page-template.schema.json`;
const COMPONENT_DIR = "components/";
const PAGE_DIR = "pages/";
const SCOPE_FILE = "pages/scope.schema.json";

// Edit distance (insert, delete, replace, swap two neighbours), case-insensitive, for "did you mean".
export { distance };

/** The closest candidate within a few edits, or null. */
export function nearest(word, candidates) {
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

const quote = (value) => JSON.stringify(value);
const kindOf = (value) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : `a ${typeof value}`;
const article = (type) => (type === "object" || type === "array" || type === "integer" ? `an ${type}` : `a ${type}`);
const lowerFirst = (text) => text.charAt(0).toLowerCase() + text.slice(1);

/** One ajv error as a theme author reads it: where (pointer, and whether the key or the value) and what. */
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
              allowed.filter((v) => typeof v === "string"),
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

/** The position of a pointer's key or value, or of its nearest ancestor that has one. */
function positionOf(positions, pointer, at) {
  for (let p = pointer; ; p = p.slice(0, p.lastIndexOf("/"))) {
    const entry = positions.get(p);
    const position = (p === pointer && at === "key" ? entry?.key : undefined) ?? entry?.value ?? entry?.key;
    if (position) return position;
    if (p === "") return { line: 1, column: 1 };
  }
}

function schemaIdFor(file, value, knownIds) {
  const declared = value && typeof value === "object" && !Array.isArray(value) ? value.$schema : undefined;
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

/** Static props of each page-template section checked against that component's schema; bound props may be missing. */
function checkSections(ajv, value, componentIds) {
  const problems = [];
  const sections = Array.isArray(value?.sections) ? value.sections : [];
  sections.forEach((section, index) => {
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
    const validate = ajv.getSchema(id);
    if (validate(structuredClone(section.props ?? {}))) return;
    for (const error of validate.errors ?? []) {
      if (error.keyword === "required" && error.instancePath === "" && bound.has(error.params.missingProperty)) continue;
      const topKey = error.instancePath.split("/")[1];
      if (topKey !== undefined && bound.has(topKey)) continue;
      const problem = describe(error);
      problems.push({ ...problem, pointer: `${base}/props${problem.pointer}` });
    }
  });
  return problems;
}

/**
 * Data paths of a page template (bind, when, {placeholders}) checked against what it is
 * rendered with: the page data of its kind (the file's name: product-detail.json is the
 * product-detail page) and $store, $route, $layout. `pages`: { kinds, byId } of schemas/pages/.
 */
function checkDataPaths(file, value, pages) {
  if (!pages) return [];
  return checkTemplatePaths(value, basename(file, ".json"), pages.kinds, (id) => pages.byId.get(id)).map((p) => ({
    pointer: p.pointer,
    at: "value",
    message: p.message,
  }));
}

/** Every problem of one file, each with its position. `pages`: the page-data schemas, for templates' data paths. */
export function validateFile(file, ajv, knownIds, componentIds, pages) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    return {
      problems: [{ position: { line: 1, column: 1 }, pointer: "", message: `cannot read the file (${err.code ?? err.message})` }],
    };
  }
  let parsed;
  try {
    parsed = parseJson(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return { problems: [{ position: err.position, pointer: err.pointer, message: `syntax error: ${err.message}` }] };
  }
  const { value, positions, duplicates } = parsed;
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
    const validate = ajv.getSchema(chosen.id);
    if (!validate(structuredClone(value))) {
      const seen = new Set();
      for (const error of validate.errors ?? []) {
        const problem = describe(error);
        const key = `${problem.pointer}|${problem.message}`;
        if (!seen.has(key)) found.push(problem);
        seen.add(key);
      }
    }
    if (chosen.id === TEMPLATE_ID) found.push(...checkSections(ajv, value, componentIds), ...checkDataPaths(file, value, pages));
  }
  const problems = found
    .map((p) => ({ position: p.position ?? positionOf(positions, p.pointer, p.at), pointer: p.pointer, message: p.message }))
    .sort((a, b) => a.position.line - b.position.line || a.position.column - b.position.column);
  return { schema: chosen.id, problems };
}

export function main(args, out = process.stdout, err = process.stderr) {
  const files = args.filter((a) => a !== "--");
  if (files.length === 0 || files.includes("--help") || files.includes("-h")) {
    err.write(
      "usage: npm run validate -- FILE...\n  Checks theme, store/router config and page-template JSON files against their schemas.\n",
    );
    return files.length === 0 ? 2 : 0;
  }
  let ajv;
  let schemas;
  try {
    ajv = createAjv({ allErrors: true, verbose: true, useDefaults: false });
    schemas = loadSchemas();
  } catch (error) {
    err.write(`validate: the schemas themselves do not load: ${error.message}\n`);
    return 2;
  }
  const knownIds = new Set(schemas.map((s) => s.schema.$id));
  const componentIds = new Map(
    schemas.filter((s) => s.file.startsWith(COMPONENT_DIR)).map((s) => [basename(s.file, ".schema.json"), s.schema.$id]),
  );
  const pages = {
    kinds: schemas
      .filter((s) => s.file.startsWith(PAGE_DIR) && s.file !== SCOPE_FILE)
      .map((s) => s.file.slice(PAGE_DIR.length, -".schema.json".length)),
    byId: new Map(schemas.map((s) => [s.schema.$id, s.schema])),
  };
  let failed = 0;
  let total = 0;
  for (const file of files) {
    const { schema, problems } = validateFile(file, ajv, knownIds, componentIds, pages);
    if (problems.length === 0) {
      out.write(`${file}: ok (${schema.slice(ID_BASE.length)})\n`);
      continue;
    }
    failed++;
    total += problems.length;
    for (const p of problems) out.write(`${file}:${p.position.line}:${p.position.column}  ${p.pointer || "/"}  ${p.message}\n`);
  }
  if (failed)
    out.write(
      `\n${total} problem${total === 1 ? "" : "s"} in ${failed} of ${files.length} file${files.length === 1 ? "" : "s"}\n`,
    );
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exitCode = main(process.argv.slice(2));
}
