// The interface messages of each language, merged for the runtime: the shared messages in
// src/locales/{language}.json and every component's own `{Name}.messages.json` beside it,
// which holds the three languages in one file so a component's texts are added in one place.
// Refuses an id defined twice or missing from a language, naming the file.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const MESSAGE_LANGUAGES = ["en", "zh", "zh-HK"];

function colocatedFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .map((f) => String(f).split(sep).join("/"))
    .filter((f) => f.endsWith(".messages.json"))
    .sort()
    .map((f) => join(dir, f));
}

function readJson(root, file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${relative(root, file)}: not valid JSON: ${err.message}`);
  }
}

/** generated file name -> content, one JSON per language. */
export function buildMessages(root) {
  const merged = Object.fromEntries(MESSAGE_LANGUAGES.map((lang) => [lang, {}]));
  const origin = new Map();
  const problems = [];
  const add = (file, lang, messages) => {
    for (const [id, text] of Object.entries(messages)) {
      if (typeof text !== "string" || text.trim() === "") problems.push(`${file}: ${lang} "${id}" must be a non-empty string`);
      const first = origin.get(`${lang}\u0000${id}`);
      if (first) problems.push(`${file}: "${id}" is already defined in ${first}`);
      origin.set(`${lang}\u0000${id}`, file);
      merged[lang][id] = text;
    }
  };
  for (const lang of MESSAGE_LANGUAGES) {
    add(`src/locales/${lang}.json`, lang, readJson(root, join(root, "src/locales", `${lang}.json`)));
  }
  for (const path of colocatedFiles(join(root, "src"))) {
    const file = relative(root, path).split(sep).join("/");
    const content = readJson(root, path);
    const extra = Object.keys(content).filter((key) => key !== "$schema" && !MESSAGE_LANGUAGES.includes(key));
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
  const sorted = (messages) => Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return new Map(
    MESSAGE_LANGUAGES.map((lang) => [`messages/${lang}.json`, `${JSON.stringify(sorted(merged[lang]), null, 2)}\n`]),
  );
}
