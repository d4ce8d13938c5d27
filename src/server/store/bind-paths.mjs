// Checks the data paths of a page template (each section's `bind` values and `when`, and the
// {placeholders} of `title` and `description`) against the schemas of what the template is
// rendered with: $store, $route and $layout (schemas/pages/scope.schema.json) and `page`, the
// data of the template's page kind (schemas/pages/{kind}.schema.json). The store loader and
// the theme author's validator (scripts/validate.mjs) both use it, so they report the same
// problems in the same words. Plain JavaScript without imports: Node runs it as is.

/** @typedef {(id: string) => Record<string, unknown> | undefined} GetSchema */
/**
 * A JSON Schema node, as parsed from its file.
 * @typedef {Record<string, any>} SchemaNode
 */
/**
 * A schema node and the $id its relative $refs resolve against.
 * @typedef {{ node: SchemaNode, base: string }} Entry
 */
/**
 * A data path a template writes.
 * @typedef {object} TemplatePath
 * @property {string} pointer JSON pointer of the string the path is written in.
 * @property {string} path
 * @property {"bind" | "when" | "placeholder"} use
 */
/**
 * A data path the schemas do not have, and what to write instead.
 * @typedef {{ pointer: string, path: string, message: string }} TemplatePathProblem
 */

export const SCHEMA_BASE = "https://storefront-runtime.dev/schemas/";
export const SCOPE_ID = `${SCHEMA_BASE}pages/scope.schema.json`;
/**
 * Templates that render a region of every page rather than a page of one kind.
 * @type {readonly string[]}
 */
export const REGION_TEMPLATES = ["head", "foot"];
const PLACEHOLDER = /\{([A-Za-z0-9_.$]+)\}/g;
/** How deep the suggestions look; data deeper than this is still checked, only not offered. */
const LIST_DEPTH = 8;

/** @param {string} kind */
export const pageSchemaId = (kind) => `${SCHEMA_BASE}pages/${kind}.schema.json`;

/**
 * Edit distance (insert, delete, replace, swap two neighbours), case-insensitive.
 * @param {string} a
 * @param {string} b
 */
export function distance(a, b) {
  a = a.toLowerCase();
  b = b.toLowerCase();
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  // Every index below stays inside the (a.length + 1) × (b.length + 1) table.
  const row = (/** @type {number} */ i) => /** @type {number[]} */ (d[i]);
  const at = (/** @type {number} */ i, /** @type {number} */ j) => /** @type {number} */ (row(i)[j]);
  for (let j = 1; j <= b.length; j++) row(0)[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row(i)[j] = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row(i)[j] = Math.min(at(i, j), at(i - 2, j - 2) + 1);
    }
  }
  return at(a.length, b.length);
}

/**
 * @param {unknown} doc
 * @param {string} pointer
 * @returns {unknown}
 */
function pointerGet(doc, pointer) {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[key];
  }
  return node;
}

/**
 * Walks schemas as data trees. `getSchema(id)` answers the schema document of an $id
 * (without fragment), or undefined.
 * @param {GetSchema} getSchema
 */
function createWalker(getSchema) {
  /**
   * The schema a node stands for, $refs followed (relative ones against `base`).
   * @param {any} node
   * @param {string} base
   * @returns {Entry | null}
   */
  function deref(node, base) {
    for (let hops = 0; node && typeof node === "object" && typeof node.$ref === "string"; hops++) {
      if (hops > 20) return null;
      const url = new URL(node.$ref, base);
      const id = url.origin + url.pathname;
      const doc = getSchema(id);
      if (!doc) return null;
      node = url.hash.length > 1 ? pointerGet(doc, decodeURIComponent(url.hash.slice(1))) : doc;
      base = id;
    }
    return node && typeof node === "object" ? { node, base } : null;
  }

  /**
   * What a value of this schema holds: named children, and whether any other key (or index) may hold data.
   * @param {readonly Entry[]} entries
   * @returns {{ named: Map<string, Entry[]>, anyKey: Entry[] | null, index: Entry[] | null }}
   */
  function children(entries) {
    /** @type {Map<string, Entry[]>} */
    const named = new Map();
    /** @type {Entry[] | null} */
    let anyKey = null; // schemas any other key is checked against; [] when anything goes
    /** @type {Entry[] | null} */
    let index = null; // the schemas of array items
    /** @param {string} key @param {Entry} entry */
    const add = (key, entry) => named.set(key, [...(named.get(key) ?? []), entry]);
    /** @param {unknown} node @param {string} base @param {number} depth @returns {void} */
    const visit = (node, base, depth) => {
      const resolved = deref(node, base);
      if (!resolved || depth > 10) return;
      const { node: s, base: b } = resolved;
      for (const [key, child] of Object.entries(s.properties ?? {})) add(key, { node: child, base: b });
      for (const branch of [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(branch, b, depth + 1);
      if (s.items && typeof s.items === "object" && !Array.isArray(s.items)) (index ??= []).push({ node: s.items, base: b });
      const isObject = s.type === "object" || (s.type === undefined && (s.properties || s.additionalProperties !== undefined));
      if (isObject) {
        if (s.additionalProperties && typeof s.additionalProperties === "object") (anyKey ??= []).push({ node: s.additionalProperties, base: b });
        else if (s.additionalProperties === undefined || s.additionalProperties === true) {
          if (!s.properties && !s.patternProperties) anyKey = anyKey ?? [];
        }
      }
    };
    for (const { node, base } of entries) visit(node, base, 0);
    return { named, anyKey, index };
  }

  /**
   * The longest prefix of `segments` the schema allows, and the entries there.
   * @param {Entry} root
   * @param {readonly string[]} segments
   * @returns {{ ok: true } | { ok: false, at: number, keys: string[] }}
   */
  function follow(root, segments) {
    let entries = [root];
    for (let i = 0; i < segments.length; i++) {
      const { named, anyKey, index } = children(entries);
      const segment = /** @type {string} */ (segments[i]);
      let next = named.get(segment);
      if (!next && index && /^(0|[1-9]\d*)$/.test(segment)) next = index;
      if (!next && anyKey) {
        if (anyKey.length === 0) return { ok: true };
        next = anyKey;
      }
      if (!next) return { ok: false, at: i, keys: [...named.keys()] };
      entries = next;
    }
    return { ok: true };
  }

  /**
   * Every named path under the root (array items and free-form keys are not listed).
   * @param {Entry} root
   */
  function list(root) {
    /** @type {string[]} */
    const out = [];
    /** @param {readonly Entry[]} entries @param {string} prefix @param {number} depth @returns {void} */
    const walk = (entries, prefix, depth) => {
      if (depth > LIST_DEPTH) return;
      const { named, index } = children(entries);
      for (const [key, next] of named) {
        const path = prefix ? `${prefix}.${key}` : key;
        out.push(path);
        walk(next, path, depth + 1);
      }
      // Array items are listed without their index: suggestions name the list itself.
      if (index && depth > 0) walk(index, prefix, depth + 1);
    };
    walk([root], "", 0);
    return [...new Set(out)];
  }

  return { follow, list };
}

/**
 * The closest valid path to a wrong one, or null.
 * @param {string} path
 * @param {readonly string[]} valid
 * @returns {string | null}
 */
export function nearestPath(path, valid) {
  /** @type {string | null} */
  let best = null;
  let bestDistance = Infinity;
  /** @param {string} candidate @param {number} d */
  const consider = (candidate, d) => {
    if (d < bestDistance || (d === bestDistance && best !== null && candidate.length < best.length)) {
      best = candidate;
      bestDistance = d;
    }
  };
  const segments = path.split(".");
  const last = /** @type {string} */ (segments[segments.length - 1]);
  for (const candidate of valid) consider(candidate, distance(path, candidate));
  // A typo: a few letters off, measured against the last name, where the typo usually is.
  if (best !== null && bestDistance <= Math.max(2, Math.floor(last.length / 2))) return best;
  // A segment left out or put in the wrong place: the same last name under the same root.
  /** @param {string} p */
  const rootOf = (p) => p.split(".")[0];
  best = null;
  bestDistance = Infinity;
  for (const candidate of valid) {
    const candidateLast = candidate.slice(candidate.lastIndexOf(".") + 1);
    if (rootOf(candidate) !== rootOf(path) || candidate === rootOf(path)) continue;
    const lastDistance = distance(last, candidateLast);
    if (lastDistance > (last.length > 4 ? 1 : 0)) continue;
    consider(candidate, lastDistance * 100 + distance(path, candidate));
  }
  return best;
}

/**
 * Every data path a template uses, with the JSON pointer of where it is written.
 * @param {unknown} template
 * @returns {TemplatePath[]}
 */
export function templatePaths(template) {
  /** @type {TemplatePath[]} */
  const found = [];
  if (!template || typeof template !== "object") return found;
  const doc = /** @type {Record<string, any>} */ (template);
  for (const field of ["title", "description"]) {
    const value = doc[field];
    // A localized text ({ en, zh, "zh-HK" }): the placeholders of every language.
    const texts = typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).filter((v) => typeof v === "string") : [];
    for (const [i, text] of texts.entries()) {
      const pointer = typeof value === "string" ? `/${field}` : `/${field}/${Object.keys(value)[i]}`;
      for (const match of text.matchAll(PLACEHOLDER)) found.push({ pointer, path: /** @type {string} */ (match[1]), use: "placeholder" });
    }
  }
  const sections = Array.isArray(doc.sections) ? doc.sections : [];
  sections.forEach((section, i) => {
    if (!section || typeof section !== "object") return;
    if (section.bind && typeof section.bind === "object") {
      for (const [prop, path] of Object.entries(section.bind)) {
        if (typeof path === "string") found.push({ pointer: `/sections/${i}/bind/${String(prop).replace(/~/g, "~0").replace(/\//g, "~1")}`, path, use: "bind" });
      }
    }
    if (typeof section.when === "string") found.push({ pointer: `/sections/${i}/when`, path: section.when, use: "when" });
  });
  return found;
}

/**
 * Problems of a template's data paths, each `{ pointer, path, message }`.
 * `name`: the template's name (its file name without .json), which is its page kind;
 * `pageKinds`: every page kind, for head, foot and templates of no kind, whose `page` paths
 * may name data of any kind; `getSchema(id)`: a schema document by $id.
 * Without the scope schema nothing is checked.
 * @param {unknown} template
 * @param {string} name
 * @param {readonly string[]} pageKinds
 * @param {GetSchema} getSchema
 * @returns {TemplatePathProblem[]}
 */
export function checkTemplatePaths(template, name, pageKinds, getSchema) {
  const scope = getSchema(SCOPE_ID);
  if (!scope) return [];
  const { kind, root } = scopeRoot(scope, name, pageKinds, getSchema);
  const walker = createWalker(getSchema);
  const pageWhere = kind
    ? `page is the data of the ${kind} page: schemas/pages/${kind}.schema.json`
    : `${REGION_TEMPLATES.includes(name) ? `${name} is rendered on every page` : `"${name}" is not a page kind`}, so page may be the data of any page kind: schemas/pages/*.schema.json`;
  /** @type {string[] | null} */
  let valid = null;
  /** @type {TemplatePathProblem[]} */
  const problems = [];
  for (const { pointer, path, use } of templatePaths(template)) {
    const result = walker.follow(root, path.split("."));
    if (result.ok) continue;
    valid ??= walker.list(root);
    const near = nearestPath(path, valid);
    const segments = path.split(".");
    const parent = segments.slice(0, result.at).join(".");
    const hint = near
      ? `did you mean "${near}"?`
      : result.keys.length
        ? `${parent ? `"${parent}"` : "the scope"} has ${result.keys.slice(0, 12).map((k) => `"${k}"`).join(", ")}`
        : `"${parent}" has no named properties`;
    problems.push({
      pointer,
      path,
      message: `unknown data path "${path}"${use === "placeholder" ? ` in the placeholder {${path}}` : ""}; ${hint} (${path.startsWith("page") ? pageWhere : "$store, $route and $layout: schemas/pages/scope.schema.json"})`,
    });
  }
  return problems;
}

/**
 * What a template named `name` is rendered with: its page kind (or null) and the scope as one schema.
 * @param {SchemaNode} scope
 * @param {string} name
 * @param {readonly string[]} pageKinds
 * @param {GetSchema} getSchema
 * @returns {{ kind: string | null, root: Entry }}
 */
function scopeRoot(scope, name, pageKinds, getSchema) {
  const kind = pageKinds.includes(name) && getSchema(pageSchemaId(name)) ? name : null;
  const root = {
    node: {
      type: "object",
      additionalProperties: false,
      properties: {
        ...scope.properties,
        page: kind ? { $ref: pageSchemaId(kind) } : { anyOf: pageKinds.filter((k) => getSchema(pageSchemaId(k))).map((k) => ({ $ref: pageSchemaId(k) })) },
      },
    },
    base: SCOPE_ID,
  };
  return { kind, root };
}

/**
 * Every named data path a template named `name` may use (bind, when, placeholders), as checkTemplatePaths accepts them.
 * @param {string} name
 * @param {readonly string[]} pageKinds
 * @param {GetSchema} getSchema
 * @returns {string[]}
 */
export function dataPathsOf(name, pageKinds, getSchema) {
  const scope = getSchema(SCOPE_ID);
  if (!scope) return [];
  return createWalker(getSchema).list(scopeRoot(scope, name, pageKinds, getSchema).root);
}
