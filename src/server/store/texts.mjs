// Localized store text: a plain string (English) or { en, zh?, "zh-HK"? }
// (schemas/store/text.schema.json). Resolving a value for one language, and finding the texts
// of a store file that lack a translation, for the store loader and the theme author's
// validator (scripts/validate.mjs), so that both report the same texts. Plain JavaScript
// without imports: Node runs it as is.

/** @typedef {"en" | "zh" | "zh-HK"} TextLanguage */
/** @typedef {{ en: string, zh?: string, "zh-HK"?: string }} Translations */
/** @typedef {Exclude<TextLanguage, "en">} Translation */
/**
 * A text found in a file.
 * @typedef {object} FoundText
 * @property {string} pointer JSON pointer of the text in its file.
 * @property {string | Translations} value
 */
/** @typedef {(id: string) => Record<string, unknown> | undefined} GetSchema */
/**
 * A JSON Schema node, as parsed from its file.
 * @typedef {Record<string, any>} SchemaNode
 */

export const TEXT_SCHEMA_ID = "https://storefront-runtime.dev/schemas/store/text.schema.json";
/** @type {readonly TextLanguage[]} */
export const TEXT_LANGUAGES = ["en", "zh", "zh-HK"];
/**
 * The languages a text should have besides English.
 * @type {readonly Translation[]}
 */
export const TRANSLATIONS = ["zh", "zh-HK"];
const PLACEHOLDER = /\{[A-Za-z0-9_.$]+\}/g;

/**
 * An object of translations: an English string, and at most zh and zh-HK strings besides.
 * @param {unknown} value
 * @returns {value is Translations}
 */
export function isLocalizedText(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const record = /** @type {Record<string, unknown>} */ (value);
  if (typeof record.en !== "string") return false;
  for (const key of Object.keys(record)) {
    if (!TEXT_LANGUAGES.includes(/** @type {TextLanguage} */ (key)) || typeof record[key] !== "string") return false;
  }
  return true;
}

/**
 * A text in `language`: its translation, else English (zh-HK falls back to en, never to zh).
 * @template T
 * @param {T | Translations} value
 * @param {TextLanguage} language
 * @returns {T | string}
 */
export function resolveText(value, language) {
  if (!isLocalizedText(value)) return value;
  return value[language] ?? value.en;
}

/**
 * A copy of `value` with every localized text in it resolved for `language`. Pages resolve
 * products with it as they are read: plain assignment and key loops, not a defineProperty and
 * an entries array per key (five times the cost).
 * @param {unknown} value
 * @param {TextLanguage} language
 * @returns {unknown}
 */
export function resolveTexts(value, language) {
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => resolveTexts(item, language));
  if (isLocalizedText(value)) return resolveText(value, language);
  const record = /** @type {Record<string, unknown>} */ (value);
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const key of Object.keys(record)) {
    const item = resolveTexts(record[key], language);
    // A "__proto__" key stays data.
    if (key === "__proto__") Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

/**
 * Whether a plain string says anything to translate: a letter outside its {placeholders}.
 * @param {string} text
 */
function hasWords(text) {
  return /\p{L}/u.test(text.replace(PLACEHOLDER, ""));
}

/**
 * The languages a text lacks: [] when translated (or when it has no words, like "{page.title}").
 * @param {unknown} value
 * @returns {Translation[]}
 */
export function missingLanguages(value) {
  if (typeof value === "string") return hasWords(value) ? [...TRANSLATIONS] : [];
  if (!isLocalizedText(value) || !hasWords(value.en)) return [];
  return TRANSLATIONS.filter((language) => typeof value[language] !== "string");
}

/** @param {string | number} key */
const segment = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

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
 * The texts of `value` as its schema places them: every position whose schema is a $ref into
 * text.schema.json. `getSchema(id)` answers a schema document by $id. With `freeStrings`, a
 * string whose schema leaves it free (no pattern, format, enum or const) counts as a text too:
 * the props of a template's sections, checked against each component's schema.
 * Each found text is { pointer, value }.
 * @param {unknown} value
 * @param {Record<string, unknown>} schema
 * @param {GetSchema} getSchema
 * @param {{ freeStrings?: boolean }} [options]
 * @returns {FoundText[]}
 */
export function findTexts(value, schema, getSchema, options = {}) {
  /** @type {Map<string, FoundText>} */
  const found = new Map();
  /**
   * @param {unknown} data
   * @param {SchemaNode | null | undefined} node
   * @param {string} base
   * @param {string} pointer
   * @param {number} depth
   * @returns {void}
   */
  const visit = (data, node, base, pointer, depth) => {
    if (depth > 40 || !node || typeof node !== "object") return;
    if (typeof node.$ref === "string") {
      const url = new URL(node.$ref, base);
      const id = url.origin + url.pathname;
      if (id === TEXT_SCHEMA_ID) {
        if (typeof data === "string" || isLocalizedText(data)) found.set(pointer, { pointer, value: data });
        return;
      }
      const doc = getSchema(id);
      if (!doc) return;
      const target = url.hash.length > 1 ? pointerGet(doc, decodeURIComponent(url.hash.slice(1))) : doc;
      visit(data, /** @type {SchemaNode | undefined} */ (target), id, pointer, depth + 1);
      return;
    }
    for (const branch of [...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])]) visit(data, branch, base, pointer, depth + 1);
    if (isLocalizedText(data) && options.freeStrings) {
      found.set(pointer, { pointer, value: data });
      return;
    }
    if (typeof data === "string") {
      const free = node.type === "string" && !node.pattern && !node.format && !node.enum && node.const === undefined;
      if (options.freeStrings && free) found.set(pointer, { pointer, value: data });
      return;
    }
    if (Array.isArray(data)) {
      if (node.items && typeof node.items === "object" && !Array.isArray(node.items)) {
        data.forEach((item, i) => visit(item, node.items, base, `${pointer}/${i}`, depth + 1));
      }
      return;
    }
    if (data && typeof data === "object") {
      for (const [key, item] of Object.entries(data)) {
        const child = node.properties?.[key] ?? (typeof node.additionalProperties === "object" ? node.additionalProperties : null);
        if (child) visit(item, child, base, `${pointer}/${segment(key)}`, depth + 1);
      }
    }
  };
  visit(value, schema, typeof schema.$id === "string" ? schema.$id : TEXT_SCHEMA_ID, "", 0);
  return [...found.values()];
}

/**
 * The texts of a page template: its title and description, and the texts of its sections'
 * props (free strings of each component's schema, and any object of translations).
 * `componentSchema(name)` answers a component's props schema, or undefined.
 * @param {unknown} template
 * @param {Record<string, unknown>} templateSchema
 * @param {GetSchema} getSchema
 * @param {(name: string) => Record<string, unknown> | undefined} componentSchema
 * @returns {FoundText[]}
 */
export function templateTexts(template, templateSchema, getSchema, componentSchema) {
  const doc = /** @type {{ sections?: unknown } | null | undefined} */ (template);
  const found = findTexts({ ...doc, sections: [] }, templateSchema, getSchema);
  const sections = Array.isArray(doc?.sections) ? doc.sections : [];
  sections.forEach((section, i) => {
    if (!section || typeof section !== "object" || !section.props || typeof section.props !== "object") return;
    const schema = componentSchema(section.component) ?? { type: "object" };
    for (const text of findTexts(section.props, schema, getSchema, { freeStrings: true })) {
      found.push({ pointer: `/sections/${i}/props${text.pointer}`, value: text.value });
    }
  });
  return found;
}

/**
 * Each text of `texts` that lacks a translation: { pointer, missing: ["zh", "zh-HK"] }.
 * @param {readonly FoundText[]} texts
 * @returns {{ pointer: string, missing: Translation[] }[]}
 */
export function untranslated(texts) {
  return texts.map((t) => ({ pointer: t.pointer, missing: missingLanguages(t.value) })).filter((t) => t.missing.length > 0);
}

/**
 * How a missing translation reads in a warning.
 * @param {readonly string[]} missing
 */
export function describeMissing(missing) {
  return `text has no ${missing.join(" and no ")} translation; English is shown instead`;
}
