// Codegen's output for a schema depends on that schema and the schemas it reaches through
// $ref, never on unrelated schemas or on the order schemas are listed in: each validator is
// compiled by its own ajv instance, so ajv's function counters cannot leak across schemas.
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

interface SchemaFile {
  file: string;
  schema: Record<string, unknown>;
}
type Generate = (schemas?: SchemaFile[]) => Promise<Map<string, string>>;

const scripts = join(__dirname, "..", "..", "scripts");
// Plain .mjs scripts: imported by path, so TypeScript does not look for declarations.
const load = async () => {
  const codegen = (await import(join(scripts, "codegen.mjs"))) as { generate: Generate };
  const set = (await import(join(scripts, "schema-set.mjs"))) as { loadSchemas: () => SchemaFile[]; ID_BASE: string };
  return { generate: codegen.generate, loadSchemas: set.loadSchemas, ID_BASE: set.ID_BASE };
};

const validators = (files: Map<string, string>) => [...files.keys()].filter((name) => name.startsWith("validators/")).sort();

describe("codegen output is stable", () => {
  let tools: Awaited<ReturnType<typeof load>>;
  let schemas: SchemaFile[];
  let before: Map<string, string>;
  beforeAll(async () => {
    tools = await load();
    schemas = tools.loadSchemas();
    before = await tools.generate(schemas);
  }, 120_000);

  it("an extra unrelated schema and another order leave every other file byte-identical", async () => {
    const { generate, ID_BASE } = tools;

    // An unrelated schema with patterns, formats and a $ref of its own: under one shared ajv
    // instance its functions and patterns would shift the numbers of everything compiled after it.
    const extra: SchemaFile = {
      file: "aaa/extra.schema.json",
      schema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        $id: `${ID_BASE}aaa/extra.schema.json`,
        title: "AaaExtra",
        description: "An unrelated schema added only by this test.",
        type: "object",
        properties: {
          code: { type: "string", pattern: "^[a-z]{1,8}$", description: "A code." },
          mail: { type: "string", format: "email", description: "A mail address." },
          hydrate: { $ref: "../common/hydrate-strategy.schema.json" },
        },
        examples: [{ code: "abc" }],
      },
    };
    const after = await generate([extra, ...[...schemas].reverse()]);

    expect(after.has("validators/aaa/extra.js")).toBe(true);
    const unchanged = validators(before);
    expect(unchanged.length).toBeGreaterThan(100);
    for (const name of unchanged) expect(after.get(name), name).toBe(before.get(name));
    for (const name of ["api-calls.ts", "constants.ts", "validate-function.ts"])
      expect(after.get(name), name).toBe(before.get(name));
  }, 120_000);

  it("a change to one schema rewrites only its own validator and those that $ref it", async () => {
    const { generate } = tools;
    const target = "api/cart/add.request.schema.json";
    const changed = schemas.map((s) =>
      s.file === target
        ? {
            file: s.file,
            schema: {
              ...s.schema,
              properties: {
                ...(s.schema.properties as object),
                note: { type: "string", pattern: "^[^<>]{0,200}$", description: "A note." },
              },
            },
          }
        : s,
    );
    const after = await generate(changed);
    expect(after.get("validators/api/cart/add.request.js")).not.toBe(before.get("validators/api/cart/add.request.js"));
    // No schema refers to cart/add.request, so nothing else may change.
    for (const name of validators(before)) {
      if (name.startsWith("validators/api/cart/add.request.")) continue;
      expect(after.get(name), name).toBe(before.get(name));
    }
  }, 120_000);
});
