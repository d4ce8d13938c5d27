// `npm run validate` and store texts: a text without its zh or zh-HK translation is a warning
// (file:line:column, the JSON pointer, which languages are missing), an error with --strict;
// translations are checked against the same bounds as the English text.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(".");

function run(...args: string[]) {
  const result = spawnSync(process.execPath, ["scripts/validate.mjs", ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A file in a fresh folder; "templates/home.json" makes a template of it. */
function temp(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "validate-texts-"));
  made.push(dir);
  const file = join(dir, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

const CATEGORIES = `{
  "items": [
    { "slug": "shirts", "name": { "en": "Shirts", "zh": "衬衫", "zh-HK": "恤衫" } },
    { "slug": "shoes", "name": "Shoes" },
    { "slug": "bags", "name": { "en": "Bags", "zh": "包袋" }, "description": "{page.title}" }
  ]
}
`;

const TEMPLATE = `{
  "title": "{page.title}",
  "description": { "en": "Made to last.", "zh": "经久耐用。", "zh-HK": "經久耐用。" },
  "sections": [
    { "component": "HeaderNotice", "props": { "id": "free-shipping", "message": "Free shipping" } },
    { "component": "LinkList", "props": { "title": { "en": "Shop by category", "zh-HK": "按類別選購" }, "layout": "list" }, "bind": { "links": "page.categories" } }
  ]
}
`;

describe("npm run validate: store texts", { timeout: 60_000 }, () => {
  it("warns about each text without a translation, at its line, and exits 0", () => {
    const file = temp("categories.json", CATEGORIES);
    const { code, out } = run(file);
    expect(out.trimEnd().split("\n")).toEqual([
      `${file}:4:32  /items/1/name  warning: text has no zh and no zh-HK translation; English is shown instead`,
      `${file}:5:31  /items/2/name  warning: text has no zh-HK translation; English is shown instead`,
      "",
      "2 warnings in 1 of 1 file (--strict makes them errors)",
    ]);
    expect(code).toBe(0);
  });

  it("finds the texts of a template's title, description and section props, but not ids or enums", () => {
    const file = temp("templates/home.json", TEMPLATE);
    const { code, out } = run(file);
    expect(out).toContain(`${file}:5:81  /sections/0/props/message  warning: text has no zh and no zh-HK translation`);
    expect(out).toContain(`${file}:6:52  /sections/1/props/title  warning: text has no zh translation`);
    expect(out).not.toMatch(/props\/id|props\/layout| {2}\/title | {2}\/description /);
    expect(code).toBe(0);
  });

  it("makes the warnings errors with --strict", () => {
    const file = temp("categories.json", CATEGORIES);
    const { code, out } = run("--strict", file);
    expect(out).toContain(`${file}:4:32  /items/1/name  text has no zh and no zh-HK translation`);
    expect(out).toContain("2 problems in 1 of 1 file");
    expect(code).toBe(1);
  });

  it("checks translations against the text's bounds and needs English", () => {
    const file = temp(
      "tags.json",
      `{ "items": [\n  { "slug": "a", "name": { "en": "A", "zh": "${"长".repeat(101)}", "zh-HK": "甲" } },\n  { "slug": "b", "name": { "zh": "乙" } },\n  { "slug": "c", "name": 3 }\n] }\n`,
    );
    const { code, out } = run(file);
    const lines = out.trimEnd().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^${file}:2:45  /items/0/name/zh  "长+" must NOT have more than 100 characters$`));
    expect(lines.slice(1, 3)).toEqual([
      `${file}:3:26  /items/1/name  missing required property "en"`,
      `${file}:4:26  /items/2/name  3 must be a string or an object of translations { "en": …, "zh": …, "zh-HK": … }`,
    ]);
    expect(code).toBe(1);
  });

  it("checks the whole demo store when no file is named, and finds it translated in full", () => {
    const { code, out } = run("--strict");
    expect(out).toContain("fixtures/demo-store/products.json: ok (store/products.schema.json)");
    expect(out).toContain("fixtures/demo-store/templates/home.json: ok (store/page-template.schema.json)");
    expect(out).not.toContain("warning");
    expect(code).toBe(0);
  });
});
