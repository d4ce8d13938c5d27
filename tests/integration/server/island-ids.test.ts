// The server renders islands with React; the browser hydrates them with Preact, whose
// hydration keeps the server's attributes and reports no mismatch. So every id an island
// writes (and every label, description and control naming one) must come out the same from
// both renderers: src/shared/island-id.ts counts them in render order. This renders each
// example of every component's schema with both (Preact's build of src/server/ssr.tsx, made
// here with the browser build's aliases, rendering to a string with preact-render-to-string)
// and compares them.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import { browserAliases } from "../../../scripts/esbuild/browser-aliases.mjs";
import { registry } from "../../../src/registry/index";
import { renderIsland } from "../../../src/server/ssr";

const out = mkdtempSync(join(tmpdir(), "island-ids-"));
/** The Preact build's own registry and renderIsland: its components import Preact. */
let preact: { registry: typeof registry; renderIsland: typeof renderIsland };

beforeAll(async () => {
  const file = join(out, "ssr-preact.mjs");
  await esbuild.build({
    stdin: {
      contents: 'export { renderIsland } from "./src/server/ssr"; export { registry } from "./src/registry/index";',
      resolveDir: process.cwd(),
      loader: "ts",
    },
    outfile: file,
    bundle: true,
    format: "esm",
    platform: "node",
    jsx: "automatic",
    loader: { ".css": "empty" },
    define: { __DEV__: "false" },
    alias: browserAliases,
    logLevel: "error",
  });
  preact = await import(pathToFileURL(file).href);
}, 60_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every id and id reference in the markup, in order: each is an element's, so the order is the tree's. */
const idsOf = (html: string): string[] =>
  Array.from(
    html.matchAll(/\s(id|for|aria-labelledby|aria-describedby|aria-controls|aria-owns)="([^"]*)"/g),
    (m) => `${m[1]}=${m[2]}`,
  );

const SCHEMAS = join(process.cwd(), "schemas/components");
const examples = readdirSync(SCHEMAS)
  .filter((f) => f.endsWith(".schema.json"))
  .flatMap((f) => {
    const name = f.replace(".schema.json", "");
    const schema = JSON.parse(readFileSync(join(SCHEMAS, f), "utf8")) as { examples?: unknown[] };
    return (schema.examples ?? []).map((props, i) => ({ name, i, props }));
  });

describe("island ids", () => {
  it("come from the schemas' examples of every registered component", () => {
    expect(new Set(examples.map((e) => e.name))).toEqual(new Set(Object.keys(registry)));
  });

  it.each(examples)("are the same from React and from Preact: $name, example $i", async ({ name, props }) => {
    const options = { context: { locale: "en", messages: en, path: "/product/linen-shirt" }, uid: "b3-" };
    const react = await renderIsland(registry, name, props, options);
    const preactHtml = await preact.renderIsland(preact.registry, name, props, options);
    expect(idsOf(preactHtml)).toEqual(idsOf(react));
  });
});
