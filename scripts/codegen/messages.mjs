// The interface messages of each language, merged for the runtime: the shared messages in
// src/locales/{language}.json and every component's own `{Name}.messages.json` beside it,
// which holds the three languages in one file so a component's texts are added in one place.
// Refuses an id defined twice or missing from a language, naming the file.
//
// Besides each language's whole set (the server's), the browser's two parts of it: `.base`,
// the shared messages and those of the shop's pages (the grouped island areas, SHOP_MESSAGES),
// which every island gets, and `.more`, the rest (account, sign-in, checkout, promotions, the
// server's own), which only islands of those areas load (their registry entry's `messages`).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { GROUPED_AREAS } from "./islands.mjs";

/** @typedef {"en" | "zh" | "zh-HK"} Language */
/** @type {readonly Language[]} */
export const MESSAGE_LANGUAGES = ["en", "zh", "zh-HK"];

/** Files whose messages are in every page's base part: the shared ones, the common components' and the shop pages' islands'. */
export const SHOP_MESSAGES = new RegExp(`^src/(locales/|components/(${["common", ...GROUPED_AREAS].join("|")})/)`);

/** @param {string} dir */
function colocatedFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".messages.json"))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * @param {string} root
 * @param {string} file
 * @returns {Record<string, any>} a messages file: id -> text, or language -> id -> text
 */
function readJson(root, file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${relative(root, file)}: not valid JSON: ${/** @type {Error} */ (err).message}`);
  }
}

/**
 * The theme editor's own messages (/dev/editor, src/editor/): a set of their own,
 * `messages/editor.{language}.json`, which neither the shop's pages nor its server carry.
 */
export const EDITOR_MESSAGES = /^src\/editor\//;

/**
 * generated file name -> content, one JSON per language.
 * @param {string} root the repository
 * @returns {Map<string, string>}
 */
export function buildMessages(root) {
  /** @typedef {Record<Language, Record<string, unknown>>} ByLanguage language -> id -> text */
  const merged = /** @type {ByLanguage} */ (Object.fromEntries(MESSAGE_LANGUAGES.map((lang) => [lang, {}])));
  const editor = /** @type {ByLanguage} */ (Object.fromEntries(MESSAGE_LANGUAGES.map((lang) => [lang, {}])));
  /** @type {Set<string>} */
  const more = new Set();
  /** @type {Map<string, string>} */
  const origin = new Map();
  /** @type {string[]} */
  const problems = [];
  /** @param {string} file @param {Language} lang @param {Record<string, unknown>} messages */
  const add = (file, lang, messages) => {
    const into = EDITOR_MESSAGES.test(file) ? editor : merged;
    for (const [id, text] of Object.entries(messages)) {
      if (typeof text !== "string" || text.trim() === "") problems.push(`${file}: ${lang} "${id}" must be a non-empty string`);
      const first = origin.get(`${lang}\u0000${id}`);
      if (first) problems.push(`${file}: "${id}" is already defined in ${first}`);
      origin.set(`${lang}\u0000${id}`, file);
      into[lang][id] = text;
      if (into === merged && !SHOP_MESSAGES.test(file)) more.add(id);
    }
  };
  for (const lang of MESSAGE_LANGUAGES) {
    add(`src/locales/${lang}.json`, lang, readJson(root, join(root, "src/locales", `${lang}.json`)));
  }
  for (const path of colocatedFiles(join(root, "src"))) {
    const file = relative(root, path).split(sep).join("/");
    const content = readJson(root, path);
    const extra = Object.keys(content).filter(
      (key) => key !== "$schema" && !(/** @type {readonly string[]} */ (MESSAGE_LANGUAGES).includes(key)),
    );
    if (extra.length)
      problems.push(`${file}: unknown language ${extra.map((k) => `"${k}"`).join(", ")}; use ${MESSAGE_LANGUAGES.join(", ")}`);
    const ids = new Set(MESSAGE_LANGUAGES.flatMap((lang) => Object.keys(content[lang] ?? {})));
    for (const lang of MESSAGE_LANGUAGES) {
      const missing = [...ids].filter((id) => !(id in (content[lang] ?? {})));
      if (missing.length) problems.push(`${file}: ${lang} lacks ${missing.map((id) => `"${id}"`).join(", ")}`);
      add(file, lang, content[lang] ?? {});
    }
  }
  if (problems.length) throw new Error(problems.join("\n"));
  /** @param {Record<string, unknown>} messages */
  const sorted = (messages) => Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  /** @param {Record<string, unknown>} messages */
  const json = (messages) => `${JSON.stringify(sorted(messages), null, 2)}\n`;
  /** @param {Language} lang @param {boolean} inMore */
  const part = (lang, inMore) => Object.fromEntries(Object.entries(merged[lang]).filter(([id]) => more.has(id) === inMore));
  return new Map(
    MESSAGE_LANGUAGES.flatMap((lang) => [
      [`messages/${lang}.json`, json(merged[lang])],
      [`messages/${lang}.base.json`, json(part(lang, false))],
      [`messages/${lang}.more.json`, json(part(lang, true))],
      [`messages/editor.${lang}.json`, json(editor[lang])],
    ]),
  );
}
