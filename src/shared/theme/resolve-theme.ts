// A theme config with every schema default filled in. The defaults live only in
// schemas/theme/theme-config.schema.json; the generated validator fills them in. A value
// the schema rejects is dropped (so its default applies) rather than failing the page.
import type { ThemeConfig } from "../../../generated/types";
import validateThemeConfig from "../../../generated/validators/theme/theme-config.js";

type Breakpoint = "sm" | "md" | "lg" | "xl" | "2xl" | "3xl";

export type ResolvedProduct = Required<NonNullable<ThemeConfig["product"]>>;
export interface ResolvedContainer {
  screens: Record<Breakpoint, number>;
  padding: Record<Breakpoint | "DEFAULT", string>;
}
export type ResolvedTheme = Required<Omit<ThemeConfig, "$schema" | "product" | "container">> & {
  product: ResolvedProduct;
  container: ResolvedContainer;
};

// Each pass drops one rejected value; the schema has far fewer leaves than this.
const MAX_PASSES = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Removes the value at a JSON pointer (an array item is spliced out). False if nothing could be removed. */
function dropAt(root: Record<string, unknown>, pointer: string, extraKey?: string): boolean {
  const segments = pointer === "" ? [] : pointer.slice(1).split("/").map(unescapePointer);
  if (extraKey !== undefined) segments.push(extraKey);
  const last = segments.pop();
  if (last === undefined) return false;
  let parent: unknown = root;
  for (const segment of segments) {
    parent = (parent as Record<string, unknown> | undefined)?.[segment];
    if (typeof parent !== "object" || parent === null) return false;
  }
  if (Array.isArray(parent)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index < 0 || index >= parent.length) return false;
    parent.splice(index, 1);
    return true;
  }
  if (!isRecord(parent) || !Object.hasOwn(parent, last)) return false;
  delete parent[last];
  return true;
}

/** The config with every default applied; values the schema rejects fall back to their default. */
export function resolveTheme(config: ThemeConfig | undefined | null): ResolvedTheme {
  const data: Record<string, unknown> = isRecord(config) ? (JSON.parse(JSON.stringify(config)) as Record<string, unknown>) : {};
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if (validateThemeConfig(data)) return data as unknown as ResolvedTheme;
    const error = validateThemeConfig.errors?.[0];
    if (!error) break;
    const extra = error.keyword === "additionalProperties" ? String(error.params.additionalProperty) : undefined;
    if (!dropAt(data, error.instancePath, extra)) break;
  }
  const defaults: Record<string, unknown> = {};
  validateThemeConfig(defaults);
  return defaults as unknown as ResolvedTheme;
}
