// The server's resolvers of every page kind: src/server/pages/resolvers/{kind}.ts exports
// `resolvers` (route name -> resolver) for each kind of generated/page-kinds.ts, and this
// file gathers them, so a new kind is its schema and its resolver file, with no list to edit.
import { existsSync } from "node:fs";
import { join } from "node:path";

export function buildResolvers(root, schemas, banner) {
  const kinds = schemas
    .map(({ file, schema }) => ({ match: /^pages\/([a-z][a-z0-9-]*)\.schema\.json$/.exec(file), schema, file }))
    .filter(({ match, schema }) => match && /PageData$/.test(schema.title));
  const missing = kinds.filter(({ match }) => !existsSync(join(root, "src/server/pages/resolvers", `${match[1]}.ts`)));
  if (missing.length) {
    throw new Error(
      missing
        .map(
          ({ file, match }) =>
            `schemas/${file}: no resolvers for it; write src/server/pages/resolvers/${match[1]}.ts exporting \`resolvers\``,
        )
        .join("\n"),
    );
  }
  const local = (kind) => kind.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
  const lines = [
    banner.trimEnd(),
    "// Every page kind's resolvers (src/server/pages/resolvers/{kind}.ts), one map. Server only.",
    ...kinds.map(({ match }) => `import { resolvers as ${local(match[1])} } from "../src/server/pages/resolvers/${match[1]}";`),
    "",
    `export const KIND_RESOLVERS = { ${kinds.map(({ match }) => `...${local(match[1])}`).join(", ")} };`,
    "",
  ];
  return new Map([["resolvers.ts", lines.join("\n")]]);
}
