import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import editor from "../../../generated/messages/editor.en.json";
import base from "../../../generated/messages/en.base.json";
import en from "../../../generated/messages/en.json";
import more from "../../../generated/messages/en.more.json";

// The literal message ids the code asks for: formatMessage({ id: "…" }), <FormattedMessage id="…">
// and the server's t("…"), or in a component with `const t = useText("prefix")`, t("…") under
// that prefix. Each must exist (the three files are kept equal by locales.test.ts). A prefix
// built at run time (useText(`…${x}`)) cannot be followed here; its ids are left to the e2e tests.
const USES = [/formatMessage\(\s*\{\s*id:\s*"([^"]+)"/g, /<FormattedMessage\s+id="([^"]+)"/g];
const T_CALLS = /\bt\(\s*"([^"]+)"/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("message ids used in the code", () => {
  it("all exist in the locale files", () => {
    const missing: string[] = [];
    for (const file of sources("src")) {
      const text = readFileSync(file, "utf8");
      // The theme editor's messages are a set of their own (scripts/codegen/messages.mjs).
      const messages = file.split("\\").join("/").startsWith("src/editor/") ? editor : en;
      for (const pattern of USES) {
        for (const match of text.matchAll(pattern)) {
          if (!(match[1]! in messages)) missing.push(`${file}: ${match[1]}`);
        }
      }
      const helper = /const t = useText\((?:"([^"]+)"|`)/.exec(text);
      if (helper && helper[1] === undefined) continue;
      const prefix = helper ? `${helper[1]}.` : "";
      for (const match of text.matchAll(T_CALLS)) {
        if (!(prefix + match[1]! in en)) missing.push(`${file}: ${prefix}${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  // The shop's pages load only the base part of the messages (src/runtime/i18n/messages.ts):
  // what the browser's shared code and the shop's islands ask for must be there. Any quoted
  // text that is an id of the other part counts, so helpers that take ids (at("…"), failure
  // fallbacks) are followed too; comments are left out.
  it("of the shop's islands and the browser's shared code are all in the base part", () => {
    const shop = /^src\/(runtime|renderer|shared|registry|components\/(cart|catalog|common|content|layout|product))\//;
    const quoted = /["'`]([a-zA-Z]+(?:\.[\w-]+)+)["'`]/g;
    const outside: string[] = [];
    for (const file of sources("src").filter((f) => shop.test(f.split("\\").join("/")))) {
      const code = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
      for (const match of code.matchAll(quoted)) if (match[1]! in more) outside.push(`${file}: ${match[1]}`);
    }
    expect(outside).toEqual([]);
  });

  it("split into two parts that together are the whole set, once each", () => {
    const ids = [...Object.keys(base), ...Object.keys(more)].sort();
    expect(ids).toEqual(Object.keys(en).sort());
    expect(Object.keys(base).length).toBeGreaterThan(0);
    expect(Object.keys(more).length).toBeGreaterThan(0);
  });
});
