// @vitest-environment node
// Every store file is checked at start; a broken one names the file, the line and the rule.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import { loadSchemaSet } from "../../../src/server/schemas";
import { loadStore, StoreFileError } from "../../../src/server/store/load";

const schemas = loadSchemaSet(join(process.cwd(), "schemas"));
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function copyStore(): string {
  const dir = mkdtempSync(join(tmpdir(), "store-files-"));
  cpSync(join(process.cwd(), "fixtures/demo-store"), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

function loadError(dir: string): StoreFileError {
  try {
    loadStore(dir, schemas);
  } catch (err) {
    if (err instanceof StoreFileError) return err;
    throw err;
  }
  throw new Error("the store loaded");
}

describe("store files", () => {
  it("loads the demo store: 40+ products with variants, and every template", () => {
    const store = loadStore(join(process.cwd(), "fixtures/demo-store"), schemas);
    expect(store.products.length).toBeGreaterThanOrEqual(40);
    expect(store.variantBySku.size).toBeGreaterThan(store.products.length);
    for (const name of ["head", "foot", "error", "home", "product-detail", "listing", "account"])
      expect(store.templates.has(name)).toBe(true);
    // The first load compiles the store files' validators: seconds on a busy two-core machine.
  }, 30_000);

  it("names the file, line and rule of a value that breaks its schema", () => {
    const dir = copyStore();
    const path = join(dir, "products.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"price": 79.99,', '"price": -1,'));
    const error = loadError(dir);
    expect(error.file).toMatch(/products\.json$/);
    // Texts with translations span several lines: the line is wherever the price is.
    const line =
      readFileSync(path, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('"price": -1')) + 1;
    expect(error.line).toBe(line);
    expect(error.rule).toMatch(/^\/items\/0\/price must be >= 0 \(rule .*minimum of schemas\/store\/products\.schema\.json\)$/);
  });

  it("names an unknown property in a template", () => {
    const dir = copyStore();
    writeFileSync(
      join(dir, "templates/cart-extra.json"),
      '{\n  "sections": [\n    { "component": "Hero", "colour": "red" }\n  ]\n}\n',
    );
    const error = loadError(dir);
    expect(error.message).toMatch(/cart-extra\.json:3: \/sections\/0 unknown property "colour"/);
  });

  it("refuses a template section naming a component the registry does not have", () => {
    const dir = copyStore();
    writeFileSync(join(dir, "templates/extra.json"), '{\n  "sections": [\n    { "component": "Carousel" }\n  ]\n}\n');
    try {
      loadStore(dir, schemas, Object.keys(registry));
      throw new Error("the store loaded");
    } catch (err) {
      expect((err as Error).message).toMatch(/extra\.json:3: \/sections\/0\/component "Carousel" is not a registered component/);
    }
  });

  it("names the line of invalid JSON", () => {
    const dir = copyStore();
    writeFileSync(join(dir, "theme.json"), '{\n  "primaryColor": "#4a00ff",\n  oops\n}\n');
    expect(loadError(dir).message).toMatch(/theme\.json:3: not valid JSON/);
  });

  it("refuses a product whose category does not exist", () => {
    const dir = copyStore();
    const path = join(dir, "products.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"category": "shirts"', '"category": "hats"'));
    expect(loadError(dir).message).toMatch(/products\.json:\d+: \/items\/0\/category "hats" is not in categories\.json/);
  });

  it("refuses a bad router rule in config.json", () => {
    const dir = copyStore();
    const path = join(dir, "config.json");
    writeFileSync(path, readFileSync(path, "utf8").replace('"userPath": "user"', '"userPath": "User Area"'));
    const line =
      readFileSync(path, "utf8")
        .split("\n")
        .findIndex((l) => l.includes('"userPath"')) + 1;
    expect(loadError(dir).message).toMatch(new RegExp(`config\\.json:${line}: /router/userPath must match pattern`));
  });
});
