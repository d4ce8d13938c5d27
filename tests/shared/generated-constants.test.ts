// Values generated from schemas (generated/constants.ts) agree with the code that uses them, and
// the field rules of schemas/common/fields.schema.json are written nowhere else.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HYDRATE_STRATEGIES, WIRE } from "../../generated/constants";
import { ROUTE_NAMES } from "../../generated/routes";
import fields from "../../schemas/common/fields.schema.json";
import { EMAIL, PHONE } from "../../src/server/api/calls/shared";
import { API_BASE, AUTH_HEADER } from "../../src/shared/codes";
import { routeDefs } from "../../src/shared/routes";

const schemaDir = join(__dirname, "..", "..", "schemas");

describe("generated constants", () => {
  it("ROUTE_NAMES (the page kinds' x-routes) are the route table's built-in names", () => {
    expect(
      routeDefs()
        .map((def) => def.name)
        .sort(),
    ).toEqual([...ROUTE_NAMES].sort());
  });

  it("HYDRATE_STRATEGIES include media", () => {
    expect(HYDRATE_STRATEGIES).toEqual(["load", "idle", "visible", "interaction", "media", "none"]);
  });

  it("the wire names have one definition", () => {
    expect(API_BASE).toBe(WIRE.apiBase);
    expect(AUTH_HEADER).toBe(WIRE.authHeader);
    expect(WIRE).toMatchObject({ apiBase: "/api/web", authHeader: "x-auth", livePath: "/ws/message", apiTimeoutMs: 20_000 });
  });
});

describe("shared field rules", () => {
  const shared = Object.entries(fields.definitions).filter(([, def]) => "pattern" in def);

  it("no other schema repeats a shared pattern: it uses $ref", () => {
    const repeats: string[] = [];
    const files = readdirSync(schemaDir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".schema.json") && !f.startsWith("common"));
    for (const file of files) {
      const text = readFileSync(join(schemaDir, file), "utf8");
      for (const [name, def] of shared) {
        if (text.includes(JSON.stringify((def as { pattern: string }).pattern))) repeats.push(`${file}: ${name}`);
      }
    }
    expect(repeats).toEqual([]);
  });

  it("the server's EMAIL and PHONE are the schema's patterns", () => {
    expect(EMAIL.source).toBe(fields.definitions.email.pattern);
    expect(PHONE.source).toBe(fields.definitions.phone.pattern);
    expect(EMAIL.test("mei@example.com")).toBe(true);
    expect(PHONE.test("012345")).toBe(false);
  });
});
