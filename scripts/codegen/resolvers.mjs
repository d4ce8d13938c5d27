// The server's resolvers of every page kind: src/server/pages/resolvers/{kind}.ts exports
// `resolvers` (route name -> resolver) for each kind of generated/page-kinds.ts, and this
// file gathers them, so a new kind is its schema and its resolver file, with no list to edit.
import { existsSync } from "node:fs";
import { join } from "node:path";

/**
 * @param {string} root the repository
 * @param {ReadonlyArray<{ file: string, schema: import("ajv").SchemaObject }>} schemas every schema under schemas/, by path
 * @param {string} banner
 * @returns {Map<string, string>} generated file -> content
 */
export function buildResolvers(root, schemas, banner) {
  const kinds = schemas.flatMap(({ file, schema }) => {
    const kind = /^pages\/([a-z][a-z0-9-]*)\.schema\.json$/.exec(file)?.[1];
    return kind !== undefined && /PageData$/.test(schema.title) ? [{ kind, file }] : [];
  });
  const missing = kinds.filter(({ kind }) => !existsSync(join(root, "src/server/pages/resolvers", `${kind}.ts`)));
  if (missing.length) {
    throw new Error(
      missing
        .map(
          ({ file, kind }) =>
            `schemas/${file}: no resolvers for it; write src/server/pages/resolvers/${kind}.ts exporting \`resolvers\``,
        )
        .join("\n"),
    );
  }
  /** @param {string} kind */
  const local = (kind) => kind.replace(/-([a-z0-9])/g, (_, /** @type {string} */ c) => c.toUpperCase());
  const lines = [
    banner.trimEnd(),
    "// Every page kind's resolvers (src/server/pages/resolvers/{kind}.ts), one map. Server only.",
    ...kinds.map(({ kind }) => `import { resolvers as ${local(kind)} } from "../src/server/pages/resolvers/${kind}";`),
    "",
    `export const KIND_RESOLVERS = { ${kinds.map(({ kind }) => `...${local(kind)}`).join(", ")} };`,
    "",
  ];
  return new Map([["resolvers.ts", lines.join("\n")]]);
}
