// The 15 interface prefixes of the URL and what each means: which message file the
// interface uses, and which locale dates, numbers and prices are formatted in.
export const MESSAGE_LANGUAGES = ["en", "zh", "zh-HK"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const PREFIXES = [
  "en",
  "zh",
  "zh-TW",
  "zh-HK",
  "de",
  "es",
  "fr",
  "id",
  "it",
  "ja",
  "ko",
  "pt",
  "th",
  "fil",
  "vi",
] as const;
export type Prefix = (typeof PREFIXES)[number];

export const DEFAULT_PREFIX: Prefix = "en";

export interface Language {
  prefix: Prefix;
  /** The language's own name for itself, for the locale switch. */
  name: string;
  /** Which message file the interface text comes from. */
  messages: MessageLanguage;
  /** BCP 47 tag for <html lang> and for Intl formatting. */
  locale: string;
}

const LOCALE_OF: Partial<Record<Prefix, string>> = { zh: "zh-CN" };

// Each language names itself in its own words and script, so these are not translated.
const NAMES: Record<Prefix, string> = {
  en: "English",
  zh: "简体中文",
  "zh-TW": "繁體中文（台灣）",
  "zh-HK": "繁體中文（香港）",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  id: "Bahasa Indonesia",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  pt: "Português",
  th: "ไทย",
  fil: "Filipino",
  vi: "Tiếng Việt",
};

export function isPrefix(value: string): value is Prefix {
  return (PREFIXES as readonly string[]).includes(value);
}

export function languageOf(prefix: Prefix): Language {
  const messages: MessageLanguage = prefix === "zh" ? "zh" : prefix === "zh-TW" || prefix === "zh-HK" ? "zh-HK" : "en";
  return { prefix, name: NAMES[prefix], messages, locale: LOCALE_OF[prefix] ?? prefix };
}

/** The language of a document, from the lang attribute the server wrote. */
export function languageOfLocale(locale: string): Language {
  const prefix = (Object.keys(LOCALE_OF) as Prefix[]).find((p) => LOCALE_OF[p] === locale) ?? locale;
  return languageOf(isPrefix(prefix) ? prefix : DEFAULT_PREFIX);
}
