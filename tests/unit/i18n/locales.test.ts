import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";

const FILES: Record<string, Record<string, string>> = { en, zh, "zh-HK": zhHK };

/** Every placeholder and tag name a message uses, nested plural/select/tag bodies included. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.type === TYPE.tag ? `<${el.value}>` : el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) placeholders(option.value, into);
    }
    if (el.type === TYPE.tag) placeholders(el.children, into);
  }
  return into;
}

function placeholdersOf(message: string): string[] {
  return [...placeholders(parse(message))].sort();
}

describe("locale files", () => {
  const keysOf = (lang: string) => Object.keys(FILES[lang]!).sort();

  it.each(["zh", "zh-HK"])("%s has exactly the keys of en", (lang) => {
    const missing = keysOf("en").filter((k) => !(k in FILES[lang]!));
    const extra = keysOf(lang).filter((k) => !(k in en));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(Object.keys(FILES))("%s: every message is valid ICU and not empty", (lang) => {
    for (const [key, message] of Object.entries(FILES[lang]!)) {
      expect(message.trim(), `${lang} ${key}`).not.toBe("");
      expect(() => parse(message), `${lang} ${key}`).not.toThrow();
    }
  });

  it.each(["zh", "zh-HK"])("%s uses the same placeholders as en in every message", (lang) => {
    const differing = Object.keys(en)
      .filter((key) => key in FILES[lang]!)
      .map((key) => ({ key, en: placeholdersOf(FILES.en![key]!), [lang]: placeholdersOf(FILES[lang]![key]!) }))
      .filter((row) => JSON.stringify(row.en) !== JSON.stringify(row[lang]));
    expect(differing).toEqual([]);
  });

  it("finds a missing or an extra placeholder", () => {
    expect(placeholdersOf("{count, plural, one {# item in {place}} other {# items}}")).toEqual(["count", "place"]);
    expect(placeholdersOf("Hi <b>{name}</b>")).toEqual(["<b>", "name"]);
    expect(placeholdersOf("{a} and {b}")).not.toEqual(placeholdersOf("{a}"));
  });

  it("keeps Chinese text in Chinese: zh-HK is Traditional, zh is Simplified", () => {
    // A few characters that differ between the scripts; none may appear in the other file.
    const simplifiedOnly = /[这们为说请选择输码户务与网关发货单]/u;
    const traditionalOnly = /[這們為說請選擇輸碼戶務與網關發貨單]/u;
    for (const [key, message] of Object.entries(zhHK)) expect(message, key).not.toMatch(simplifiedOnly);
    for (const [key, message] of Object.entries(zh)) expect(message, key).not.toMatch(traditionalOnly);
  });
});
