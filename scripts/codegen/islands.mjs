// The island registry's entries, from the component schemas: each
// schemas/components/{Name}.schema.json names its default hydration strategy in
// `x-hydrate` (and in `x-hydrate-signed-in` another one for a signed-in shopper, when what it
// shows then needs the session), and its component is the one file src/components/{area}/{Name}.tsx. The
// entry's type ties the component's props to the schema's type, so a component whose props
// disagree with its schema does not type-check.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Areas whose islands appear together on the public pages (every page's head and foot, home,
 * listings, the product): each area's components load as one chunk, and all their validators
 * as one more, so a page fetches a handful of files instead of two per island and the many
 * small chunks esbuild splits out of islands that share code collapse into few. Account, auth
 * and checkout islands each sit on a page of their own and keep a chunk apiece.
 */
export const GROUPED_AREAS = new Set(["cart", "catalog", "content", "layout", "product"]);

/**
 * @param {string} root the repository
 * @param {ReadonlyArray<{ file: string, schema: import("ajv").SchemaObject }>} schemas every schema under schemas/, by path
 * @param {string} banner
 * @returns {Map<string, string>} generated file -> content
 */
export function buildIslands(root, schemas, banner) {
  const componentsDir = join(root, "src/components");
  const areas = readdirSync(componentsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  /** @type {string[]} */
  const problems = [];
  const HYDRATE_NAMES = new Set(schemas.find((s) => s.file === "common/hydrate-strategy.schema.json")?.schema.enum ?? []);
  const entries = [];
  for (const { file, schema } of schemas) {
    const match = /^components\/([A-Z][A-Za-z0-9]*)\.schema\.json$/.exec(file);
    if (!match) continue;
    const name = /** @type {string} */ (match[1]);
    const found = areas.filter((area) => existsSync(join(componentsDir, area, `${name}.tsx`)));
    if (found.length !== 1) {
      problems.push(
        found.length === 0
          ? `schemas/${file}: no component src/components/{area}/${name}.tsx for it`
          : `schemas/${file}: ${name}.tsx is in several areas (${found.join(", ")}); keep one`,
      );
      continue;
    }
    if (typeof schema["x-hydrate"] !== "string") {
      problems.push(
        `schemas/${file}: say when the island runs by default with "x-hydrate" (load, idle, visible, interaction, media or none)`,
      );
      continue;
    }
    const signedIn = schema["x-hydrate-signed-in"];
    if (signedIn !== undefined && !HYDRATE_NAMES.has(signedIn)) {
      problems.push(
        `schemas/${file}: "x-hydrate-signed-in" names the strategy for a signed-in shopper (load, idle, visible, interaction, media or none)`,
      );
      continue;
    }
    const chunk = schema["x-chunk"];
    if (chunk !== undefined && chunk !== "own") {
      problems.push(`schemas/${file}: "x-chunk" may only be "own" (the island's code apart from its area's group)`);
      continue;
    }
    const area = /** @type {string} */ (found[0]);
    // A big island of few pages (the cart page, an inquiry form) keeps its code out of the
    // group every shop page loads; its messages stay its area's (shop: the base part).
    entries.push({
      name,
      area,
      shop: GROUPED_AREAS.has(area),
      grouped: GROUPED_AREAS.has(area) && !chunk,
      hydrate: schema["x-hydrate"],
      hydrateSignedIn: signedIn,
      type: schema.title,
    });
  }
  if (problems.length) throw new Error(problems.join("\n"));
  const groupedAreas = [...new Set(entries.filter((e) => e.grouped).map((e) => e.area))];
  const lines = [
    banner.trimEnd(),
    "// The island registry's entries, one per schemas/components/{Name}.schema.json.",
    'import type { ComponentType } from "react";',
    'import type * as T from "./types";',
    'import type { ValidateFunction } from "./validate-function";',
    "",
    "/** One island: its code and its props validator, each its own chunk, and its default strategy. */",
    "export interface IslandEntry<P> {",
    "  load: () => Promise<{ default: ComponentType<P> }>;",
    "  validator: () => Promise<{ default: ValidateFunction<P> }>;",
    "  /** Strategy used when the island does not name one in data-hydrate. */",
    "  hydrate: T.HydrateStrategy;",
    "  /** Strategy used instead for a signed-in shopper (x-hydrate-signed-in): what it shows then needs the session. */",
    "  hydrateSignedIn?: T.HydrateStrategy;",
    '  /** "all": it needs the messages outside the shop\'s pages too (messages.mjs). */',
    '  messages?: "all";',
    "}",
    "",
    // A type, not an interface, so that it fits the registry's Record<string, …>.
    "export type Islands = {",
    ...entries.map((e) => `  ${e.name}: IslandEntry<T.${e.type}>;`),
    "};",
    "",
    // The grouped chunks, each named once: the boot chunk carries this table.
    ...groupedAreas.map((area) => `const ${area}Group = () => import("./island-groups/${area}");`),
    ...(groupedAreas.length ? ['const validatorsGroup = () => import("./island-groups/validators");'] : []),
    "/** One export of a grouped chunk, as a lone module's default. */",
    "const member =",
    "  <M, K extends keyof M>(group: () => Promise<M>, name: K) =>",
    "  () =>",
    "    group().then((m) => ({ default: m[name] }));",
    "",
    "export const ISLANDS: Islands = {",
    ...entries.flatMap((e) => [
      `  ${e.name}: {`,
      ...(e.grouped
        ? [`    load: member(${e.area}Group, "${e.name}"),`, `    validator: member(validatorsGroup, "${e.name}"),`]
        : [
            `    load: () => import("../src/components/${e.area}/${e.name}"),`,
            `    validator: () => import("./validators/components/${e.name}.js"),`,
          ]),
      `    hydrate: ${JSON.stringify(e.hydrate)},`,
      ...(e.hydrateSignedIn ? [`    hydrateSignedIn: ${JSON.stringify(e.hydrateSignedIn)},`] : []),
      ...(e.shop ? [] : ['    messages: "all",']),
      "  },",
    ]),
    "};",
    "",
  ];
  const files = new Map([["islands.ts", lines.join("\n")]]);
  const grouped = entries.filter((e) => e.grouped);
  for (const area of new Set(grouped.map((e) => e.area))) {
    files.set(
      `island-groups/${area}.ts`,
      [
        banner.trimEnd(),
        `// The islands of src/components/${area}, loaded as one chunk (see GROUPED_AREAS).`,
        ...grouped
          .filter((e) => e.area === area)
          .map((e) => `export { default as ${e.name} } from "../../src/components/${area}/${e.name}";`),
        "",
      ].join("\n"),
    );
  }
  files.set(
    "island-groups/validators.ts",
    [
      banner.trimEnd(),
      "// The props validators of every grouped island, one chunk: a page that moves to another kind",
      "// of public page (home to a product) has them all already (see GROUPED_AREAS).",
      ...grouped.map((e) => `export { default as ${e.name} } from "../validators/components/${e.name}.js";`),
      "",
    ].join("\n"),
  );
  return files;
}
