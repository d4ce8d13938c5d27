import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatLike } from "../../../src/server/dev/editor/json-format";

const STORE = join(import.meta.dirname, "../../../fixtures/demo-store");
const designFiles = ["theme.json", ...readdirSync(join(STORE, "templates")).map((f) => `templates/${f}`)];
const read = (file: string) => readFileSync(join(STORE, file), "utf8");

describe("the theme editor's JSON writer", () => {
  it("writes every design file of the demo store back byte for byte when nothing changed", () => {
    for (const file of designFiles) expect(formatLike(JSON.parse(read(file)), read(file)), file).toBe(read(file));
  });

  it("changes only the lines of what changed: a new section is one new line, a moved one moves as written", () => {
    const before = read("templates/home.json");
    const home = JSON.parse(before) as { sections: unknown[] };
    const [first, second] = home.sections;
    home.sections.splice(0, 2, second, first, { component: "RichText", props: { html: "<p>Hi</p>" } });
    const after = formatLike(home, before);
    expect(JSON.parse(after)).toEqual(home);
    const oldLines = before.split("\n");
    const newLines = after.split("\n");
    expect(newLines.length).toBe(oldLines.length + 1);
    expect(newLines.filter((line) => !oldLines.includes(line))).toEqual([
      '    { "component": "RichText", "props": { "html": "<p>Hi</p>" } },',
    ]);
  });

  it("keeps key order, indents by two spaces and ends with a newline", () => {
    const text = formatLike({ b: 1, a: { c: [1, 2] } });
    expect(text).toBe('{\n  "b": 1,\n  "a": {\n    "c": [\n      1,\n      2\n    ]\n  }\n}\n');
    const edited = formatLike({ primaryColor: "#ff0000", fontSize: "16px" }, '{\n  "primaryColor": "#4a00ff"\n}\n');
    expect(edited).toBe('{\n  "primaryColor": "#ff0000",\n  "fontSize": "16px"\n}\n');
  });
});
