// Parses an island's data-props. Keys that could reach Object.prototype are refused,
// so props from a server or a theme author can never pollute the page's objects. Depth
// and length are bounded, and nothing here recurses: props nested 20,000 levels deep
// fail with a warning instead of overflowing the stack (issue #19).
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Deeper props are refused; real ones nest a handful of levels. */
export const MAX_PROPS_DEPTH = 64;
/** Longer props are refused: 1 MiB of JSON is far beyond any island's needs. */
export const MAX_PROPS_LENGTH = 1024 * 1024;

export type ParseResult = { ok: true; value: unknown } | { ok: false; pointer: string; message: string };

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** The deepest nesting of [ and { outside strings, counted before JSON.parse builds anything. */
function depthOf(raw: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/** The pointer of the first forbidden key, walking with an explicit stack. */
function findForbiddenKey(root: unknown): string | null {
  const stack: [unknown, string][] = [[root, ""]];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    const children: [unknown, string][] = [];
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) children.push([value[i], `${pointer}/${i}`]);
    } else {
      for (const key of Object.keys(value)) {
        const child = `${pointer}/${escapePointer(key)}`;
        if (FORBIDDEN_KEYS.has(key)) return child;
        children.push([(value as Record<string, unknown>)[key], child]);
      }
    }
    // Reversed onto the stack, so the first child is looked at first (document order).
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

/** An absent attribute means no props: `{}`. */
export function parseProps(raw: string | null): ParseResult {
  if (raw === null || raw.trim() === "") return { ok: true, value: {} };
  if (raw.length > MAX_PROPS_LENGTH) {
    return { ok: false, pointer: "", message: `data-props are longer than ${MAX_PROPS_LENGTH} characters` };
  }
  if (depthOf(raw) > MAX_PROPS_DEPTH) {
    return { ok: false, pointer: "", message: `data-props are nested deeper than ${MAX_PROPS_DEPTH} levels` };
  }
  let value: unknown;
  try {
    // JSON.parse defines "__proto__" as an own property, never as the prototype; the walk below refuses it.
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, pointer: "", message: `data-props is not valid JSON (${(err as Error).message})` };
  }
  const forbidden = findForbiddenKey(value);
  if (forbidden !== null) {
    return { ok: false, pointer: forbidden, message: `data-props may not contain the key "${forbidden.split("/").pop()}"` };
  }
  return { ok: true, value };
}
