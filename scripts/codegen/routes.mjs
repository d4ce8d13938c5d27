// The built-in routes, from the page kinds: each schemas/pages/{kind}.schema.json names the
// routes its template renders in `x-routes` (route name -> path pattern, or { pattern, last }
// for a catch-all that must match after every other route). Patterns are wouter's, with the
// router config's tokens: {productRule}, {articleRule}, ... (SPEC.md §2) and {user}, the
// account area's first segment. src/shared/routes.ts orders them by specificity.
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const PATTERN = /^(\/|\{[a-z]+Rule\}|\{user\}\/)[A-Za-z0-9:/*{}?_-]*$/;

/**
 * @param {ReadonlyArray<{ file: string, schema: import("ajv").SchemaObject }>} schemas every schema under schemas/, by path
 * @param {string} banner
 * @returns {Map<string, string>} generated file -> content
 */
export function buildRoutes(schemas, banner) {
  /** @type {{ name: string, pattern: string, kind: string | undefined, last?: true }[]} */
  const routes = [];
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, string>} */
  const seen = new Map();
  for (const { file, schema } of schemas) {
    const match = /^pages\/([a-z][a-z0-9-]*)\.schema\.json$/.exec(file);
    if (!match || !schema["x-routes"]) continue;
    for (const [name, value] of Object.entries(schema["x-routes"])) {
      const route = typeof value === "string" ? { pattern: value } : value;
      if (!NAME.test(name)) problems.push(`schemas/${file}: x-routes/${name}: a route name is lowercase words joined by "-"`);
      if (typeof route?.pattern !== "string" || !PATTERN.test(route.pattern)) {
        problems.push(
          `schemas/${file}: x-routes/${name}: "${route?.pattern}" is no path pattern ("/…", "{productRule}…" or "{user}/…")`,
        );
      }
      if (seen.has(name)) problems.push(`schemas/${file}: x-routes/${name} is also a route of schemas/${seen.get(name)}`);
      seen.set(name, file);
      routes.push({ name, pattern: route.pattern, kind: match[1], ...(route.last ? { last: true } : {}) });
    }
  }
  if (problems.length) throw new Error(problems.join("\n"));
  const lines = [
    banner.trimEnd(),
    "// The built-in routes: the `x-routes` of each schemas/pages/{kind}.schema.json.",
    "",
    "/** Every built-in route's name. Router config categories add `{type}-detail` routes at run time. */",
    `export const ROUTE_NAMES = [\n${routes.map((r) => `  ${JSON.stringify(r.name)},`).join("\n")}\n] as const;`,
    "",
    "export type RouteName = (typeof ROUTE_NAMES)[number];",
    "",
    "export interface BuiltInRoute {",
    "  name: RouteName;",
    "  /** wouter pattern with the router config's tokens: {productRule}, ..., {user}. */",
    "  pattern: string;",
    "  /** The page kind whose template renders it. */",
    "  kind: string;",
    "  /** A catch-all: matched after every other route, the router config's included. */",
    "  last?: true;",
    "}",
    "",
    "export const BUILT_IN_ROUTES: readonly BuiltInRoute[] = [",
    ...routes.map((r) => `  ${JSON.stringify(r).replace(/"(\w+)":/g, "$1: ")},`),
    "];",
    "",
  ];
  return new Map([["routes.ts", lines.join("\n")]]);
}
