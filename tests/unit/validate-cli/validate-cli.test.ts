import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(".");
const FIXTURES = "tests/fixtures/theme-author";

function run(...files: string[]) {
  const result = spawnSync(process.execPath, ["scripts/validate.mjs", ...files], { cwd: ROOT, encoding: "utf8" });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes one file per case into a temp dir; the file name picks the schema. */
function temp(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "validate-cli-"));
  made.push(dir);
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

// Each case starts node and compiles every schema: seconds on a busy machine.
describe("npm run validate", { timeout: 60_000 }, () => {
  it("accepts a valid theme and says which schema it used", () => {
    const { code, out } = run(`${FIXTURES}/theme-valid.json`);
    expect(out).toBe(`${FIXTURES}/theme-valid.json: ok (theme/theme-config.schema.json)\n`);
    expect(code).toBe(0);
  });

  it("reports every problem of a broken theme at its line and column, with suggestions", () => {
    const file = `${FIXTURES}/theme-broken.json`;
    const { code, out } = run(file);
    expect(code).toBe(1);
    expect(out.trimEnd().split("\n")).toEqual([
      `${file}:3:3  /primaryColour  unknown property "primaryColour"; did you mean "primaryColor"?`,
      `${file}:4:21  /secondaryColor  "#12345" is not valid: expected a CSS colour: #rgb, #rrggbb, #rrggbbaa, rgb()/hsl()/oklch() or a named colour. For example: "#4a00ff", "rgb(74 0 255)", "teal".`,
      `${file}:5:22  /titleFontWeight  must be an integer, not a string (write 700 without quotes)`,
      `${file}:6:19  /borderRadius  must be a string, not a number`,
      `${file}:8:17  /product/imageFit  "stretch" is not allowed; use one of "cover", "contain"`,
      `${file}:9:23  /product/columnsDesktop  9 must be <= 6`,
      `${file}:12:15  /injects/0/type  "html" is not allowed; use one of "css", "js"`,
      `${file}:12:30  /injects/0/url  "http://cdn.example/x.js" is not valid: must match the pattern ^(https://[^\\s]+|/(?!/)[^\\s]*)$ (an https: URL or a same-origin path starting with a single /)`,
      `${file}:13:5  /injects/1  missing required property "url"`,
      "",
      "9 problems in 1 of 1 file",
    ]);
  });

  // One run for all of them: each run compiles every schema.
  const SYNTAX_CASES: Array<[text: string, position: string, pointer: string, message: string]> = [
    [
      '{\n  "primaryColor": "#fff\n}',
      "2:19",
      "/primaryColor",
      "unterminated string: missing the closing '\"' before the end of the line",
    ],
    ["{\n  'primaryColor': 1\n}", "2:3", "/", "property names must be in double quotes, not single quotes"],
    ['{\n  primaryColor: "#fff"\n}', "2:3", "/", 'property names must be in double quotes: write "primaryColor"'],
    ['{\n  // brand\n  "primaryColor": "#fff"\n}', "2:3", "/", "comments are not allowed in JSON"],
    [
      '{\n  "fontWeight": 0400\n}',
      "2:17",
      "/fontWeight",
      "invalid number \"0400\" (no leading zeros, leading '+', hex or trailing '.')",
    ],
    [
      '{\n  "injects": [\n    { "type": "css", "url": "/a.css" }\n    { "type": "js", "url": "/b.js" }\n  ]\n}',
      "3:39",
      "/injects/0",
      "missing ',' after item 0",
    ],
    ["", "1:1", "/", "the file is empty; a JSON object was expected"],
    ['{"a": 1}}', "1:9", "/", 'unexpected "}" after the end of the JSON value'],
  ];

  it("reports each kind of syntax error at its exact line and column", () => {
    const files = SYNTAX_CASES.map(([text]) => temp("theme.json", text));
    const { code, out } = run(`${FIXTURES}/theme-syntax.json`, `${FIXTURES}/theme-trailing-comma.json`, ...files);
    expect(code).toBe(1);
    const [missingComma, trailingComma, ...lines] = out.split("\n");
    expect(missingComma).toBe(
      `${FIXTURES}/theme-syntax.json:3:28  /primaryColor  syntax error: missing ',' after the value of "primaryColor"`,
    );
    expect(trailingComma).toBe(
      `${FIXTURES}/theme-trailing-comma.json:4:27  /container/screens  syntax error: trailing comma: remove the ',' before '}'`,
    );
    SYNTAX_CASES.forEach(([, position, pointer, message], index) => {
      expect(lines[index]).toBe(`${files[index]}:${position}  ${pointer}  syntax error: ${message}`);
    });
  });

  it("finds the schema by file name when there is no $schema", () => {
    const file = `${FIXTURES}/router-broken.json`;
    expect(run(file).out.trimEnd().split("\n").slice(0, 2)).toEqual([
      `${file}:3:3  /catgoryRule  unknown property "catgoryRule"; did you mean "categoryRule"?`,
      `${file}:4:18  /categories/0  missing required property "types"`,
    ]);
  });

  it("checks page templates and the static props of each section against its component", () => {
    const file = `${FIXTURES}/templates/home.json`;
    expect(run(file).out.trimEnd().split("\n").slice(0, 2)).toEqual([
      `${file}:6:20  /sections/1/component  unknown component "ProductGird"; did you mean "ProductGrid"?`,
      `${file}:7:67  /sections/2/props/languages/1  "klingon" is not allowed; use one of "en", "zh", "zh-TW", "zh-HK", "de", "es", "fr", "id", "it", "ja", "ko", "pt", "th", "fil", "vi"`,
    ]);
  });

  it("checks a template's data paths against the page data of its kind and the shared scope, with the nearest valid path", () => {
    const file = `${FIXTURES}/bad-paths/product-detail.json`;
    const head = `${FIXTURES}/bad-paths/head.json`;
    const { code, out } = run(file, head);
    expect(code).toBe(1);
    const ofPage = "(page is the data of the product-detail page: schemas/pages/product-detail.schema.json)";
    const ofScope = "($store, $route and $layout: schemas/pages/scope.schema.json)";
    expect(out.trimEnd().split("\n")).toEqual([
      `${file}:4:18  /description  unknown data path "page.descripton" in the placeholder {page.descripton}; did you mean "page.description"? ${ofPage}`,
      `${file}:11:20  /sections/0/bind/product  unknown data path "page.product"; did you mean "page.detail.product"? ${ofPage}`,
      `${file}:15:43  /sections/1/when  unknown data path "page.relatd"; did you mean "page.related"? ${ofPage}`,
      `${file}:15:108  /sections/1/bind/currency  unknown data path "$store.curency"; did you mean "$store.currency"? ${ofScope}`,
      // head.json is rendered with every kind's page data: page.title is fine there.
      `${head}:4:84  /sections/0/bind/homeHref  unknown data path "$layout.hom"; did you mean "$layout.home"? ${ofScope}`,
      "",
      "5 problems in 2 of 2 files",
    ]);
  });

  it("reports duplicate properties, unknown $schema values, and files it cannot place or read", () => {
    const dup = temp("theme.json", '{\n  "primaryColor": "#fff",\n  "primaryColor": "#000"\n}');
    const badSchema = temp("x.json", '{\n  "$schema": "../schemas/theme/theme-confg.schema.json"\n}');
    const { code, out } = run(dup, badSchema, `${FIXTURES}/unknown.json`, "missing.json");
    expect(code).toBe(1);
    const lines = out.split("\n");
    expect(lines[0]).toBe(`${dup}:3:3  /primaryColor  duplicate property "primaryColor"; only the last one counts`);
    expect(lines[1]).toBe(
      `${badSchema}:2:14  /$schema  unknown schema "../schemas/theme/theme-confg.schema.json"; did you mean "https://storefront-runtime.dev/schemas/theme/theme-config.schema.json"?`,
    );
    expect(lines[2]).toMatch(new RegExp(`^${FIXTURES}/unknown.json:1:1  /  cannot tell which schema applies`));
    expect(lines[3]).toBe("missing.json:1:1  /  cannot read the file (ENOENT)");
  });

  it("exits 1 when any of several files fails; --help shows the usage (without files the store is checked)", () => {
    expect(run(`${FIXTURES}/theme-valid.json`, `${FIXTURES}/theme-syntax.json`).code).toBe(1);
    const help = run("--help");
    expect(help.code).toBe(0);
    expect(help.err).toContain("usage: npm run validate -- [--strict] [FILE...]");
  });

  it("passes the demo store's theme, config and templates", () => {
    const templates = readdirSync("fixtures/demo-store/templates").map((f) => `fixtures/demo-store/templates/${f}`);
    const { code, out } = run("fixtures/demo-store/theme.json", "fixtures/demo-store/config.json", ...templates);
    expect(out).not.toContain("  /");
    expect(code).toBe(0);
  });

  it("every relative $schema in the fixtures leads to a schema file, so editors complete", () => {
    const files = [
      "fixtures/demo-store/theme.json",
      "fixtures/demo-store/config.json",
      `${FIXTURES}/theme-valid.json`,
      `${FIXTURES}/templates/home.json`,
      `${FIXTURES}/bad-paths/product-detail.json`,
    ];
    for (const file of files) {
      const ref = JSON.parse(readFileSync(file, "utf8")).$schema as string;
      expect(existsSync(resolve(dirname(file), ref)), `${file} -> ${ref}`).toBe(true);
    }
  });
});
