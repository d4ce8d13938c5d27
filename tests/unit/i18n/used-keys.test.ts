import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";

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
      for (const pattern of USES) {
        for (const match of text.matchAll(pattern)) {
          if (!(match[1]! in en)) missing.push(`${file}: ${match[1]}`);
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
});
