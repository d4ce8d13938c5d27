// The shop's own messages (generated/messages/), as a shopper reads them, so that a browser
// test finds its labels and texts by the same words in every language.
import { IntlMessageFormat } from "intl-messageformat";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";

export interface Language {
  /** en, zh or zh-HK. */
  name: "en" | "zh" | "zh-HK";
  /** The address prefix: "", "/zh", "/zh-HK". */
  prefix: string;
  messages: Record<string, string>;
}

export const LANGUAGES: Record<Language["name"], Language> = {
  en: { name: "en", prefix: "", messages: en },
  zh: { name: "zh", prefix: "/zh", messages: zh },
  "zh-HK": { name: "zh-HK", prefix: "/zh-HK", messages: zhHK },
};

/** A message as the shopper reads it: placeholders filled, markup tags dropped. */
export function say(language: Language, id: string, values: Record<string, string | number> = {}): string {
  const source = language.messages[id];
  if (source === undefined) throw new Error(`no message ${id} in ${language.name}`);
  const tags = Object.fromEntries(
    [...source.matchAll(/<(\w+)>/g)].map(([, tag]) => [tag!, (chunks: string[]) => chunks.join("")]),
  );
  const formatted = new IntlMessageFormat(source, language.name).format<string>({ ...values, ...tags });
  return Array.isArray(formatted) ? formatted.join("") : String(formatted);
}
