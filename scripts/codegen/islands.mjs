// The island registry's entries, from the component schemas: each
// schemas/components/{Name}.schema.json names its default hydration strategy in
// `x-hydrate`, and its component is the one file src/components/{area}/{Name}.tsx. The
// entry's type ties the component's props to the schema's type, so a component whose props
// disagree with its schema does not type-check.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

export function buildIslands(root, schemas, banner) {
  const componentsDir = join(root, "src/components");
  const areas = readdirSync(componentsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const problems = [];
  const entries = [];
  for (const { file, schema } of schemas) {
    const match = /^components\/([A-Z][A-Za-z0-9]*)\.schema\.json$/.exec(file);
    if (!match) continue;
    const name = match[1];
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
    entries.push({ name, area: found[0], hydrate: schema["x-hydrate"], type: schema.title });
  }
  if (problems.length) throw new Error(problems.join("\n"));
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
    "}",
    "",
    // A type, not an interface, so that it fits the registry's Record<string, …>.
    "export type Islands = {",
    ...entries.map((e) => `  ${e.name}: IslandEntry<T.${e.type}>;`),
    "};",
    "",
    "export const ISLANDS: Islands = {",
    ...entries.flatMap((e) => [
      `  ${e.name}: {`,
      `    load: () => import("../src/components/${e.area}/${e.name}"),`,
      `    validator: () => import("./validators/components/${e.name}.js"),`,
      `    hydrate: ${JSON.stringify(e.hydrate)},`,
      "  },",
    ]),
    "};",
    "",
  ];
  return new Map([["islands.ts", lines.join("\n")]]);
}
