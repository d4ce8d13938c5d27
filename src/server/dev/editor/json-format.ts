// How the theme editor writes a store file: key order as the value holds it, two-space
// indent, a final newline, and every part that did not change written as the file had it
// (a section kept on one line stays on one line, a moved section moves as it was written),
// so a diff shows only what changed and an edit undone writes the file back byte for byte.

/** A value of the file as written: where its text is, and its parts. */
interface Node {
  start: number;
  end: number;
  /** The indent of the line the value starts on. */
  indent: string;
  value: unknown;
  /** An object's members by key, or an array's items. */
  members?: Map<string, Node> | Node[];
}

/** The nodes of a JSON text (already known to be valid JSON). */
function parseNodes(text: string): Node {
  let i = 0;
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const indentAt = (at: number) => {
    const lineStart = text.lastIndexOf("\n", at - 1) + 1;
    return /^[ \t]*/.exec(text.slice(lineStart, at))![0];
  };
  const stringEnd = (from: number) => {
    let k = from + 1;
    while (text[k] !== '"') k += text[k] === "\\" ? 2 : 1;
    return k + 1;
  };
  const node = (): Node => {
    space();
    const start = i;
    const c = text[i];
    if (c === "{") {
      i++;
      const members = new Map<string, Node>();
      space();
      while (text[i] !== "}") {
        const keyEnd = stringEnd(i);
        const key = JSON.parse(text.slice(i, keyEnd)) as string;
        i = keyEnd;
        space();
        i++; // the colon
        members.set(key, node());
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
      return { start, end: i, indent: indentAt(start), value: JSON.parse(text.slice(start, i)), members };
    }
    if (c === "[") {
      i++;
      const members: Node[] = [];
      space();
      while (text[i] !== "]") {
        members.push(node());
        space();
        if (text[i] === ",") i++;
        space();
      }
      i++;
      return { start, end: i, indent: indentAt(start), value: JSON.parse(text.slice(start, i)), members };
    }
    if (c === '"') i = stringEnd(i);
    else while (i < text.length && !",}] \t\n\r".includes(text[i]!)) i++;
    return { start, end: i, indent: indentAt(start), value: JSON.parse(text.slice(start, i)) };
  };
  return node();
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value on one line, as the store's files write short ones: `{ "a": 1 }`, `["x", "y"]`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }` : "{}";
  }
  return JSON.stringify(value);
}

/** `value` written at a line indented by `indent`, reusing what `old` (its place in the file) wrote. */
function emit(value: unknown, old: Node | undefined, indent: string, text: string, oneLine: boolean): string {
  if (old && same(value, old.value)) {
    const written = text.slice(old.start, old.end);
    return old.indent === indent ? written : written.split(`\n${old.indent}`).join(`\n${indent}`);
  }
  const container = Array.isArray(value) || isObject(value);
  if (!container) return JSON.stringify(value);
  // A container keeps the shape it had; a new one takes its neighbours'.
  const sameKind = old && Array.isArray(old.value) === Array.isArray(value) && (Array.isArray(old.value) || isObject(old.value));
  const multiline = sameKind ? text.slice(old.start, old.end).includes("\n") : !oneLine;
  if (!multiline) return inline(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const olds = sameKind && Array.isArray(old.members) ? old.members : [];
    const used = new Set<Node>();
    const itemsOneLine = olds.some(
      (n) => (Array.isArray(n.value) || isObject(n.value)) && !text.slice(n.start, n.end).includes("\n"),
    );
    const lines = value.map((item, index) => {
      // An item moved or kept: the one the file had with that value; an edited one: the one at its place.
      const match =
        olds.find((n) => !used.has(n) && same(n.value, item)) ??
        (olds[index] && !used.has(olds[index]!) ? olds[index] : undefined);
      if (match) used.add(match);
      return inner + emit(item, match, inner, text, itemsOneLine);
    });
    return `[\n${lines.join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return "{}";
  const members = sameKind && old.members instanceof Map ? old.members : new Map<string, Node>();
  const lines = entries.map(([key, v]) => {
    const prior = members.get(key);
    const childOneLine = prior ? !text.slice(prior.start, prior.end).includes("\n") : oneLine;
    return `${inner}${JSON.stringify(key)}: ${emit(v, prior, inner, text, childOneLine)}`;
  });
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** The text to write for `value`, in the shape of `previous` (the file as it is), or two-space JSON without one. */
export function formatLike(value: unknown, previous?: string): string {
  let old: Node | undefined;
  if (previous !== undefined) {
    try {
      JSON.parse(previous);
      old = parseNodes(previous);
    } catch {
      old = undefined;
    }
  }
  if (!old || previous === undefined) return `${JSON.stringify(value, null, 2)}\n`;
  return `${emit(value, old, "", previous, false)}\n`;
}
