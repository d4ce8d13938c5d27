// JSON Schema reading for the editor's forms: $refs followed through the schemas the page
// opened with, a start value for a new item, and JSON pointers into the draft.
export type Schema = Record<string, unknown> & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
  examples?: unknown[];
  description?: string;
  title?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  maxLength?: number;
  additionalProperties?: boolean | Schema;
};

/** A schema with the $id its relative $refs resolve against. */
export interface Located {
  schema: Schema;
  base: string;
}

export type Schemas = Record<string, unknown>;

function pointerGet(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** The schema `located` stands for, its $refs followed; its own description and default win over the target's. */
export function deref(schemas: Schemas, located: Located): Located {
  let { schema, base } = located;
  const own = { description: schema.description, default: schema.default, title: schema.title };
  for (let hops = 0; typeof schema.$ref === "string" && hops < 20; hops++) {
    const url = new URL(schema.$ref, base);
    const id = url.origin + url.pathname;
    const document = schemas[id];
    const target = url.hash.length > 1 ? pointerGet(document, url.hash.slice(1)) : document;
    if (!target || typeof target !== "object") break;
    schema = target as Schema;
    base = id;
  }
  const merged: Schema = { ...schema };
  for (const [key, value] of Object.entries(own)) if (value !== undefined) merged[key] = value;
  return { schema: merged, base };
}

export const typeOf = (schema: Schema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;

/** A value to start a new item with: its default, its first example, or an empty value of its type. */
export function startValue(schemas: Schemas, located: Located): unknown {
  const { schema } = deref(schemas, located);
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.examples?.length) return structuredClone(schema.examples[0]);
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return startValue(schemas, { schema: branch, base: located.base });
  switch (typeOf(schema)) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const child = schema.properties?.[key];
        if (child) out[key] = startValue(schemas, { schema: child, base: located.base });
      }
      return out;
    }
    case "array":
      return [];
    case "integer":
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return false;
    default:
      return "";
  }
}

/** "~" and "/" escaped as in a JSON pointer. */
export const segment = (key: string | number) => String(key).replace(/~/g, "~0").replace(/\//g, "~1");

/** `root` with the value at `path` (keys and indexes) set to `value`, or removed when it is undefined; `root` is left as it is. */
export function setIn(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [key, ...rest] = path;
  if (Array.isArray(root)) {
    const copy = [...root];
    const next = setIn(copy[key as number], rest, value);
    if (next === undefined && rest.length === 0) copy.splice(key as number, 1);
    else copy[key as number] = next;
    return copy;
  }
  const object = root !== null && typeof root === "object" ? (root as Record<string, unknown>) : {};
  const next = setIn(object[key as string], rest, value);
  const copy = { ...object };
  if (next === undefined) delete copy[key as string];
  else copy[key as string] = next;
  return copy;
}
