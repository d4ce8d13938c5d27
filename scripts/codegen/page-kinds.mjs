// The page kinds, from schemas/pages/: every schema there whose title ends in "PageData" is the
// data of the template of the same name (templates/{kind}.json). The server's resolvers, its
// page-data check and the template path check all read this list, so a new kind is its schema.
/**
 * @param {ReadonlyArray<{ file: string, schema: import("ajv").SchemaObject }>} schemas every schema under schemas/, by path
 * @param {string} banner
 * @returns {Map<string, string>} generated file -> content
 */
export function buildPageKinds(schemas, banner) {
  /** @type {{ kind: string, type: string }[]} */
  const kinds = [];
  for (const { file, schema } of schemas) {
    const kind = /^pages\/([a-z][a-z0-9-]*)\.schema\.json$/.exec(file)?.[1];
    if (kind !== undefined && /PageData$/.test(schema.title)) kinds.push({ kind, type: schema.title });
  }
  /** @param {string} kind */
  const key = (kind) => (/^[a-z]+$/.test(kind) ? kind : JSON.stringify(kind));
  /** @param {string} kind */
  const local = (kind) => `validate${kind.replace(/(^|-)([a-z0-9])/g, (_, __, /** @type {string} */ c) => c.toUpperCase())}`;
  const lines = [
    banner.trimEnd(),
    "// The page kinds: schemas/pages/{kind}.schema.json whose title ends in PageData. Server only:",
    "// it imports every page-data validator.",
    'import type * as T from "./types";',
    'import type { ValidateFunction } from "./validate-function";',
    ...kinds.map(({ kind }) => `import ${local(kind)} from "./validators/pages/${kind}.js";`),
    "",
    "export type PageDataByKind = {",
    ...kinds.map(({ kind, type }) => `  ${key(kind)}: T.${type};`),
    "};",
    "",
    "export type PageKind = keyof PageDataByKind;",
    "",
    `export const PAGE_KINDS = [${kinds.map(({ kind }) => JSON.stringify(kind)).join(", ")}] as const satisfies readonly PageKind[];`,
    "",
    "export const PAGE_DATA_VALIDATORS: { readonly [K in PageKind]: ValidateFunction<PageDataByKind[K]> } = {",
    ...kinds.map(({ kind }) => `  ${key(kind)}: ${local(kind)},`),
    "};",
    "",
  ];
  return new Map([["page-kinds.ts", lines.join("\n")]]);
}
