// A strict JSON parser that remembers where each value and property name stands, so the
// validator CLI can point a theme author at line:column. JSON.parse gives neither
// positions of values nor friendly syntax messages.

export class JsonSyntaxError extends Error {
  /** @param {string} message @param {{line: number, column: number}} position @param {string} pointer */
  constructor(message, position, pointer) {
    super(message);
    this.position = position;
    this.pointer = pointer;
  }
}

/** "~" and "/" escaped as in a JSON pointer (RFC 6901). */
export function pointerSegment(key) {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

/**
 * @param {string} text
 * @returns {{ value: unknown, positions: Map<string, {key?: {line: number, column: number}, value?: {line: number, column: number}}>, duplicates: Array<{pointer: string, position: {line: number, column: number}}> }}
 */
export function parseJson(text) {
  const n = text.length;
  const lineStarts = [0];
  for (let k = 0; k < n; k++) if (text[k] === "\n") lineStarts.push(k + 1);
  const positions = new Map();
  const duplicates = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  function loc(offset) {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  }
  function fail(message, at, pointer) {
    throw new JsonSyntaxError(message, loc(at), pointer);
  }
  function found(at) {
    if (at >= n) return "the end of the file";
    const rest = text.slice(at);
    const word = /^[A-Za-z_$][\w$]*/.exec(rest);
    return word ? `"${word[0]}"` : JSON.stringify(text[at]);
  }
  function space() {
    while (i < n && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++;
    if (text[i] === "/" && (text[i + 1] === "/" || text[i + 1] === "*")) fail("comments are not allowed in JSON", i, "");
  }
  // The next character could begin a value: a missing comma rather than a stray character.
  const startsValue = (c) => c !== undefined && /[-0-9"{[tfn]/.test(c);
  function record(pointer, field, offset) {
    positions.set(pointer, { ...positions.get(pointer), [field]: loc(offset) });
  }

  function value(pointer) {
    space();
    record(pointer, "value", i);
    const c = text[i];
    if (c === "{") return object(pointer);
    if (c === "[") return array(pointer);
    if (c === '"') return string(pointer);
    if (c === "-" || (c >= "0" && c <= "9")) return number(pointer);
    for (const [word, result] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ]) {
      if (text.startsWith(word, i) && !/[\w$]/.test(text[i + word.length] ?? "")) {
        i += word.length;
        return result;
      }
    }
    if (c === "'") fail('strings must be in double quotes ("…"), not single quotes', i, pointer);
    if (c === "}" || c === "]") fail(`expected a value, found ${found(i)}`, i, pointer);
    fail(
      `expected a value (a string in double quotes, a number, true, false, null, an object or an array), found ${found(i)}`,
      i,
      pointer,
    );
  }

  function object(pointer) {
    const result = {};
    const seen = new Set();
    i++;
    space();
    if (text[i] === "}") {
      i++;
      return result;
    }
    for (;;) {
      space();
      if (text[i] !== '"') {
        if (text[i] === "'") fail("property names must be in double quotes, not single quotes", i, pointer);
        if (/[A-Za-z_$]/.test(text[i] ?? ""))
          fail(`property names must be in double quotes: write "${found(i).slice(1, -1)}"`, i, pointer);
        fail(`expected a property name in double quotes, found ${found(i)}`, i, pointer);
      }
      const keyStart = i;
      const key = string(pointer);
      const child = `${pointer}/${pointerSegment(key)}`;
      if (seen.has(key)) duplicates.push({ pointer: child, position: loc(keyStart) });
      seen.add(key);
      record(child, "key", keyStart);
      space();
      if (text[i] !== ":") fail(`expected ':' after the property name "${key}", found ${found(i)}`, i, child);
      i++;
      // defineProperty: a "__proto__" key is data here, never the object's prototype.
      Object.defineProperty(result, key, { value: value(child), enumerable: true, writable: true, configurable: true });
      const valueEnd = i;
      space();
      if (text[i] === "}") {
        i++;
        return result;
      }
      if (text[i] !== ",") {
        if (startsValue(text[i]) || /[A-Za-z_$]/.test(text[i] ?? ""))
          fail(`missing ',' after the value of "${key}"`, valueEnd, child);
        fail(`expected ',' or '}' after the value of "${key}", found ${found(i)}`, i, child);
      }
      const comma = i;
      i++;
      space();
      if (text[i] === "}") fail("trailing comma: remove the ',' before '}'", comma, pointer);
    }
  }

  function array(pointer) {
    const result = [];
    i++;
    space();
    if (text[i] === "]") {
      i++;
      return result;
    }
    for (;;) {
      const child = `${pointer}/${result.length}`;
      result.push(value(child));
      const valueEnd = i;
      space();
      if (text[i] === "]") {
        i++;
        return result;
      }
      if (text[i] !== ",") {
        if (startsValue(text[i])) fail(`missing ',' after item ${result.length - 1}`, valueEnd, child);
        fail(`expected ',' or ']' after item ${result.length - 1}, found ${found(i)}`, i, child);
      }
      const comma = i;
      i++;
      space();
      if (text[i] === "]") fail("trailing comma: remove the ',' before ']'", comma, pointer);
    }
  }

  function string(pointer) {
    const start = i;
    i++;
    let out = "";
    for (;;) {
      if (i >= n) fail("unterminated string: missing the closing '\"'", start, pointer);
      const c = text[i];
      if (c === '"') {
        i++;
        return out;
      }
      if (c === "\n" || c === "\r")
        fail("unterminated string: missing the closing '\"' before the end of the line", start, pointer);
      if (c < " ") fail("control characters must be escaped inside strings (\\t, \\n, \\u0000)", i, pointer);
      if (c === "\\") {
        const e = text[i + 1];
        const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" }[e];
        if (simple !== undefined) {
          out += simple;
          i += 2;
          continue;
        }
        if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        fail(`invalid escape "\\${e ?? ""}" in a string`, i, pointer);
      }
      out += c;
      i++;
    }
  }

  function number(pointer) {
    const re = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    re.lastIndex = i;
    const match = re.exec(text);
    const end = match ? i + match[0].length : i;
    if (!match || /[\w.]/.test(text[end] ?? "")) {
      const word = /^[-\w.+]+/.exec(text.slice(i))?.[0] ?? text[i];
      fail(`invalid number "${word}" (no leading zeros, leading '+', hex or trailing '.')`, i, pointer);
    }
    i = end;
    return Number(match[0]);
  }

  space();
  if (i >= n) fail("the file is empty; a JSON object was expected", i, "");
  const result = value("");
  space();
  if (i < n) fail(`unexpected ${found(i)} after the end of the JSON value`, i, "");
  return { value: result, positions, duplicates };
}
