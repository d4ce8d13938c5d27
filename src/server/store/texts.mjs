// Localized store text: a plain string (English) or { en, zh?, "zh-HK"? }
// (schemas/store/text.schema.json). Resolving a value for one language, and finding the texts
// of a store file that lack a translation, for the store loader and the theme author's
// validator (scripts/validate.mjs), so that both report the same texts. Plain JavaScript
// without imports: Node runs it as is.

export const TEXT_SCHEMA_ID = "https://storefront-runtime.dev/schemas/store/text.schema.json";
export const TEXT_LANGUAGES = ["en", "zh", "zh-HK"];
/** The languages a text should have besides English. */
export const TRANSLATIONS = ["zh", "zh-HK"];
const PLACEHOLDER = /\{[A-Za-z0-9_.$]+\}/g;

/** An object of translations: an English string, and at most zh and zh-HK strings besides. */
export function isLocalizedText(value) {
  if (!value || typeof value !== "object" || Array.isArray(value) || typeof value.en !== "string") return false;
  for (const key of Object.keys(value)) if (!TEXT_LANGUAGES.includes(key) || typeof value[key] !== "string") return false;
  return true;
}

/** A text in `language`: its translation, else English (zh-HK falls back to en, never to zh). */
export function resolveText(value, language) {
  if (!isLocalizedText(value)) return value;
  return value[language] ?? value.en;
}

/**
 * A copy of `value` with every localized text in it resolved for `language`. Pages resolve
 * products with it as they are read: plain assignment and key loops, not a defineProperty and
 * an entries array per key (five times the cost).
 */
export function resolveTexts(value, language) {
  if (!value || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => resolveTexts(item, language));
  if (isLocalizedText(value)) return resolveText(value, language);
  const out = {};
  for (const key of Object.keys(value)) {
    const item = resolveTexts(value[key], language);
    // A "__proto__" key stays data.
    if (key === "__proto__") Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out;
}

/** Whether a plain string says anything to translate: a letter outside its {placeholders}. */
function hasWords(text) {
  return /\p{L}/u.test(text.replace(PLACEHOLDER, ""));
}

/** The languages a text lacks: [] when translated (or when it has no words, like "{page.title}"). */
export function missingLanguages(value) {
  if (typeof value === "string") return hasWords(value) ? [...TRANSLATIONS] : [];
  if (!isLocalizedText(value) || !hasWords(value.en)) return [];
  return TRANSLATIONS.filter((language) => typeof value[language] !== "string");
}

const segment = (key) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

function pointerGet(doc, pointer) {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

/**
 * The texts of `value` as its schema places them: every position whose schema is a $ref into
 * text.schema.json. `getSchema(id)` answers a schema document by $id. With `freeStrings`, a
 * string whose schema leaves it free (no pattern, format, enum or const) counts as a text too:
 * the props of a template's sections, checked against each component's schema.
 * Each found text is { pointer, value }.
 */
export function findTexts(value, schema, getSchema, options = {}) {
  const found = new Map();
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
      visit(data, target, id, pointer, depth + 1);
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
  visit(value, schema, schema.$id ?? TEXT_SCHEMA_ID, "", 0);
  return [...found.values()];
}

/**
 * The texts of a page template: its title and description, and the texts of its sections'
 * props (free strings of each component's schema, and any object of translations).
 * `componentSchema(name)` answers a component's props schema, or undefined.
 */
export function templateTexts(template, templateSchema, getSchema, componentSchema) {
  const found = findTexts({ ...template, sections: [] }, templateSchema, getSchema);
  const sections = Array.isArray(template?.sections) ? template.sections : [];
  sections.forEach((section, i) => {
    if (!section || typeof section !== "object" || !section.props || typeof section.props !== "object") return;
    const schema = componentSchema(section.component) ?? { type: "object" };
    for (const text of findTexts(section.props, schema, getSchema, { freeStrings: true })) {
      found.push({ pointer: `/sections/${i}/props${text.pointer}`, value: text.value });
    }
  });
  return found;
}

/** Each text of `texts` that lacks a translation: { pointer, missing: ["zh", "zh-HK"] }. */
export function untranslated(texts) {
  return texts.map((t) => ({ pointer: t.pointer, missing: missingLanguages(t.value) })).filter((t) => t.missing.length > 0);
}

/** How a missing translation reads in a warning. */
export function describeMissing(missing) {
  return `text has no ${missing.join(" and no ")} translation; English is shown instead`;
}
