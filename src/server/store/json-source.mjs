// JSON text with the line and column of each value and property name, so the store loader and
// the validator can point at the line that broke a rule. momoa parses; what is ours is the
// pointer map and, when the text does not parse, a message a theme author can act on
// (momoa says "Unexpected token RBrace", we say "trailing comma: remove the ',' before '}'").
import { parse, tokenize } from "@humanwhocodes/momoa";

/** @typedef {import("@humanwhocodes/momoa").StringNode} StringNode */
/** @typedef {import("@humanwhocodes/momoa").Token} Token */
/** @typedef {{ line: number, column: number }} JsonPosition */
/** @typedef {Map<string, { key?: JsonPosition, value?: JsonPosition }>} JsonPositions */

export class JsonSyntaxError extends Error {
  /** @param {string} message @param {JsonPosition} position @param {string} pointer */
  constructor(message, position, pointer) {
    super(message);
    this.position = position;
    this.pointer = pointer;
  }
}

/**
 * "~" and "/" escaped as in a JSON pointer (RFC 6901).
 * @param {string | number} key
 */
export function pointerSegment(key) {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * Parses `text` strictly (RFC 8259) and records where each pointer's key and value start.
 * @param {string} text
 * @returns {{ value: unknown, positions: JsonPositions, duplicates: { pointer: string, position: JsonPosition }[] }}
 */
export function parseJson(text) {
  // A byte-order mark becomes a space, so every offset and column stays where the editor shows it.
  const source = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  let document;
  try {
    document = parse(source, { mode: "json", allowTrailingCommas: false });
  } catch (err) {
    const offset = /** @type {{ offset?: unknown } | null | undefined} */ (err)?.offset;
    if (typeof offset !== "number") throw err;
    throw explain(source, offset);
  }
  /** @type {JsonPositions} */
  const positions = new Map();
  /** @type {{ pointer: string, position: JsonPosition }[]} */
  const duplicates = [];
  /** @param {string} pointer @param {"key" | "value"} field @param {import("@humanwhocodes/momoa").Location} loc */
  const record = (pointer, field, loc) => {
    positions.set(pointer, { ...positions.get(pointer), [field]: { line: loc.line, column: loc.column } });
  };
  // momoa takes raw control characters inside strings; JSON does not.
  /** @param {StringNode} node @param {string} pointer */
  const checkString = (node, pointer) => {
    const { start, end } = node.loc;
    const bad = /[\u0000-\u001f]/.exec(source.slice(start.offset, end.offset));
    if (bad) throw stringError(source, start.offset, start.offset + bad.index, pointer);
  };
  /**
   * @param {import("@humanwhocodes/momoa").ValueNode} node
   * @param {string} pointer
   * @returns {unknown}
   */
  const build = (node, pointer) => {
    record(pointer, "value", node.loc.start);
    switch (node.type) {
      case "Object": {
        const result = {};
        const seen = new Set();
        for (const member of node.members) {
          // In JSON mode a property name is always a string, never an identifier.
          const name = /** @type {StringNode} */ (member.name);
          const key = name.value;
          const child = `${pointer}/${pointerSegment(key)}`;
          checkString(name, pointer);
          if (seen.has(key)) duplicates.push({ pointer: child, position: locOf(source, name.loc.start.offset) });
          seen.add(key);
          record(child, "key", name.loc.start);
          // defineProperty: a "__proto__" key is data here, never the object's prototype.
          const value = build(member.value, child);
          Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
        }
        return result;
      }
      case "Array":
        return node.elements.map((element, n) => build(element.value, `${pointer}/${n}`));
      case "String":
        checkString(node, pointer);
        return node.value;
      case "Null":
        return null;
      default:
        // JSON mode has no NaN or Infinity: what is left is a number or a boolean.
        return /** @type {import("@humanwhocodes/momoa").NumberNode | import("@humanwhocodes/momoa").BooleanNode} */ (node).value;
    }
  };
  return { value: build(document.body, ""), positions, duplicates };
}

/** @param {string} text @param {number} offset @returns {JsonPosition} */
function locOf(text, offset) {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - (before.lastIndexOf("\n") + 1) + 1 };
}

/** @param {string} text @param {string} message @param {number} offset @param {string} pointer */
function fail(text, message, offset, pointer) {
  return new JsonSyntaxError(message, locOf(text, offset), pointer);
}

/**
 * What stands at `at`, for a message: a word, a character, or the end of the file.
 * @param {string} text
 * @param {number} at
 */
function found(text, at) {
  if (at >= text.length) return "the end of the file";
  const word = /^[A-Za-z_$][\w$]*/.exec(text.slice(at));
  return word ? `"${word[0]}"` : JSON.stringify(text[at]);
}

/** @param {string | undefined} c */
const startsValue = (c) => c !== undefined && /[-0-9"{[tfn]/.test(c);

/** @param {string} text @param {number} start @param {number} at @param {string} pointer */
function stringError(text, start, at, pointer) {
  const c = text[at];
  if (c === "\n" || c === "\r")
    return fail(text, "unterminated string: missing the closing '\"' before the end of the line", start, pointer);
  return fail(text, "control characters must be escaped inside strings (\\t, \\n, \\u0000)", at, pointer);
}

/**
 * Where the tokens of a prefix leave the parse: the container being read (a frame per open
 * object or array, the document at the bottom), what it expects next, and where the last
 * value ended. `child` is where a value read next would be: the container itself where a
 * property name is expected.
 * @param {string} text
 * @param {Token[]} tokens
 */
function contextOf(text, tokens) {
  /**
   * @typedef {object} Frame
   * @property {boolean} [root]
   * @property {boolean} array
   * @property {string} pointer
   * @property {"value" | "key" | "colon" | "next" | "end"} expect
   * @property {number} [index]
   * @property {string} [key]
   * @property {number} [comma]
   */
  /** @type {Frame[]} */
  const stack = [{ root: true, array: false, pointer: "", expect: "value" }];
  let lastEnd = 0;
  // The tokens are a prefix momoa parsed, so no bracket closes the document's own frame.
  const top = () => /** @type {Frame} */ (stack[stack.length - 1]);
  /** @param {Frame} frame */
  const childOf = (frame) =>
    frame.root
      ? ""
      : frame.array
        ? `${frame.pointer}/${frame.index}`
        : frame.expect === "key"
          ? frame.pointer
          : `${frame.pointer}/${pointerSegment(/** @type {string} */ (frame.key))}`;
  /** @param {number} end */
  const valueDone = (end) => {
    top().expect = top().root ? "end" : "next";
    lastEnd = end;
  };
  for (const token of tokens) {
    const frame = top();
    const { start, end } = token.loc;
    switch (token.type) {
      case "LBrace":
      case "LBracket": {
        const array = token.type === "LBracket";
        stack.push({ array, pointer: childOf(frame), expect: array ? "value" : "key", index: 0 });
        break;
      }
      case "RBrace":
      case "RBracket":
        stack.pop();
        valueDone(end.offset);
        break;
      case "Colon":
        frame.expect = "value";
        break;
      case "Comma":
        frame.comma = start.offset;
        frame.expect = frame.array ? "value" : "key";
        if (frame.array) frame.index = (frame.index ?? 0) + 1;
        break;
      case "String":
        if (frame.expect === "key") {
          frame.key = JSON.parse(text.slice(start.offset, end.offset));
          frame.expect = "colon";
          frame.comma = undefined;
        } else valueDone(end.offset);
        break;
      default:
        valueDone(end.offset);
    }
  }
  const frame = top();
  return { frame, child: childOf(frame), lastEnd };
}

/**
 * The tokens of `text` before `offset`; null where a string is still open there.
 * @param {string} text
 * @param {number} offset
 */
function tokensBefore(text, offset) {
  try {
    return tokenize(text.slice(0, offset), { mode: "json" });
  } catch {
    return null;
  }
}

/**
 * The start of the string left open at the end of `text`.
 * @param {string} text
 */
function openStringStart(text) {
  let open = 0;
  for (const match of text.matchAll(/"(?:[^"\\]|\\[\s\S])*("?)/g)) open = match.index;
  return open;
}

/**
 * A JsonSyntaxError for the first thing momoa could not parse, at `at`.
 * @param {string} text
 * @param {number} at
 */
function explain(text, at) {
  if (text.trim() === "") return fail(text, "the file is empty; a JSON object was expected", at, "");
  const c = text[at];
  if (c === "/" && (text[at + 1] === "/" || text[at + 1] === "*"))
    return fail(text, "comments are not allowed in JSON", at, "");
  // A number momoa stopped inside ("0400", "1.", "0x1", "+1"): name the whole of it.
  let numberStart = at;
  while (numberStart > 0 && /[-+\w.]/.test(text.charAt(numberStart - 1))) numberStart--;
  // The pattern matches the empty string too, so there is always a match.
  const word = /** @type {RegExpExecArray} */ (/^[-+\w.]*/.exec(text.slice(numberStart)))[0];
  if (/^[-+0-9.]/.test(word) && !/^-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?$/.test(word)) {
    const { child } = contextOf(text, tokensBefore(text, numberStart) ?? []);
    return fail(text, `invalid number "${word}" (no leading zeros, leading '+', hex or trailing '.')`, numberStart, child);
  }
  const tokens = tokensBefore(text, at);
  // A string momoa read past a line break, or to the end of the file.
  const open = tokens ? tokens.find((t) => t.type === "String" && /[\u0000-\u001f]/.test(sliceOf(text, t))) : null;
  const start = open ? open.loc.start.offset : tokens ? -1 : openStringStart(text.slice(0, at));
  if (start >= 0) {
    const { child: pointer } = contextOf(text, tokensBefore(text, start) ?? []);
    const bad = /[\u0000-\u001f]/.exec(text.slice(start, open ? open.loc.end.offset : text.length));
    if (bad) return stringError(text, start, start + bad.index, pointer);
    return fail(text, "unterminated string: missing the closing '\"'", start, pointer);
  }
  // No tokens means a string open at `at`, answered above.
  const { frame, child, lastEnd } = contextOf(text, /** @type {Token[]} */ (tokens));
  const what = found(text, at);
  switch (frame.expect) {
    case "end":
      return fail(text, `unexpected ${what} after the end of the JSON value`, at, "");
    case "key":
      if (c === "}" && frame.comma !== undefined)
        return fail(text, "trailing comma: remove the ',' before '}'", frame.comma, frame.pointer);
      if (c === "'") return fail(text, "property names must be in double quotes, not single quotes", at, frame.pointer);
      if (/[A-Za-z_$]/.test(c ?? ""))
        return fail(text, `property names must be in double quotes: write "${what.slice(1, -1)}"`, at, frame.pointer);
      return fail(text, `expected a property name in double quotes, found ${what}`, at, frame.pointer);
    case "colon":
      return fail(text, `expected ':' after the property name "${frame.key}", found ${what}`, at, child);
    case "value":
      if (c === "]" && frame.comma !== undefined)
        return fail(text, "trailing comma: remove the ',' before ']'", frame.comma, frame.pointer);
      if (c === "'") return fail(text, 'strings must be in double quotes ("…"), not single quotes', at, child);
      if (c === "}" || c === "]") return fail(text, `expected a value, found ${what}`, at, child);
      return fail(
        text,
        `expected a value (a string in double quotes, a number, true, false, null, an object or an array), found ${what}`,
        at,
        child,
      );
    default: {
      const after = frame.array ? `item ${frame.index}` : `the value of "${frame.key}"`;
      if (startsValue(c) || /[A-Za-z_$]/.test(c ?? "")) return fail(text, `missing ',' after ${after}`, lastEnd, child);
      return fail(text, `expected ',' or '${frame.array ? "]" : "}"}' after ${after}, found ${what}`, at, child);
    }
  }
}

/** @param {string} text @param {Token} token */
const sliceOf = (text, token) => text.slice(token.loc.start.offset, token.loc.end.offset);
