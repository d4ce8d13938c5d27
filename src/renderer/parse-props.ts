// Parses an island's data-props. Keys that could reach Object.prototype are refused,
// so props from a server or a theme author can never pollute the page's objects.
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export type ParseResult = { ok: true; value: unknown } | { ok: false; pointer: string; message: string };

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function findForbiddenKey(value: unknown, pointer: string): string | null {
  if (value === null || typeof value !== "object") return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findForbiddenKey(value[i], `${pointer}/${i}`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const child = `${pointer}/${escapePointer(key)}`;
    if (FORBIDDEN_KEYS.has(key)) return child;
    const found = findForbiddenKey((value as Record<string, unknown>)[key], child);
    if (found !== null) return found;
  }
  return null;
}

/** An absent attribute means no props: `{}`. */
export function parseProps(raw: string | null): ParseResult {
  if (raw === null || raw.trim() === "") return { ok: true, value: {} };
  let value: unknown;
  try {
    // JSON.parse defines "__proto__" as an own property, never as the prototype; the walk below refuses it.
    value = JSON.parse(raw);
  } catch (err) {
    return { ok: false, pointer: "", message: `data-props is not valid JSON (${(err as Error).message})` };
  }
  const forbidden = findForbiddenKey(value, "");
  if (forbidden !== null) {
    return { ok: false, pointer: forbidden, message: `data-props may not contain the key "${forbidden.split("/").pop()}"` };
  }
  return { ok: true, value };
}
