// Types of texts.mjs, which scripts/validate.mjs runs as plain JavaScript.
export type TextLanguage = "en" | "zh" | "zh-HK";
export interface Translations {
  en: string;
  zh?: string;
  "zh-HK"?: string;
}
export declare const TEXT_SCHEMA_ID: string;
export declare const TEXT_LANGUAGES: readonly TextLanguage[];
export declare const TRANSLATIONS: readonly ("zh" | "zh-HK")[];
export declare function isLocalizedText(value: unknown): value is Translations;
export declare function resolveText<T>(value: T | Translations, language: TextLanguage): T | string;
export declare function resolveTexts(value: unknown, language: TextLanguage): unknown;
export declare function missingLanguages(value: unknown): ("zh" | "zh-HK")[];

export interface FoundText {
  /** JSON pointer of the text in its file. */
  pointer: string;
  value: string | Translations;
}
type GetSchema = (id: string) => Record<string, unknown> | undefined;
export declare function findTexts(
  value: unknown,
  schema: Record<string, unknown>,
  getSchema: GetSchema,
  options?: { freeStrings?: boolean },
): FoundText[];
export declare function templateTexts(
  template: unknown,
  templateSchema: Record<string, unknown>,
  getSchema: GetSchema,
  componentSchema: (name: string) => Record<string, unknown> | undefined,
): FoundText[];
export declare function untranslated(texts: readonly FoundText[]): { pointer: string; missing: ("zh" | "zh-HK")[] }[];
export declare function describeMissing(missing: readonly string[]): string;
