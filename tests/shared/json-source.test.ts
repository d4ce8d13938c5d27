// The JSON reader the store loader and the validator share (src/server/store/json-source.mjs):
// momoa's parse with each value's position, and syntax errors a theme author can act on.
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, parseJson } from "../../src/server/store/json-source.mjs";

function syntaxError(text: string): string {
  try {
    parseJson(text);
  } catch (err) {
    if (!(err instanceof JsonSyntaxError)) throw err;
    return `${err.position.line}:${err.position.column} ${err.pointer || "/"} ${err.message}`;
  }
  throw new Error("parsed");
}

describe("parseJson", () => {
  it("gives the line and column of each key and value, and lists duplicate keys", () => {
    const { value, positions, duplicates } = parseJson('{\n  "a": [1, {"b": null}],\n  "a": true\n}');
    expect(value).toEqual({ a: true });
    expect(positions.get("/a/1/b")).toEqual({ key: { line: 2, column: 13 }, value: { line: 2, column: 18 } });
    expect(duplicates).toEqual([{ pointer: "/a", position: { line: 3, column: 3 } }]);
  });

  it("keeps a __proto__ key as data and a byte-order mark out of the columns' way", () => {
    const { value, positions } = parseJson('\ufeff{"__proto__": {"x": 1}}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(["__proto__"]);
    expect(positions.get("/__proto__")?.key).toEqual({ line: 1, column: 3 });
  });

  it.each([
    ['{"a": "abc', "1:7 /a unterminated string: missing the closing '\"'"],
    ['{"a": "x\ty"}', "1:9 /a control characters must be escaped inside strings (\\t, \\n, \\u0000)"],
    ['{"a": 1.}', "1:7 /a invalid number \"1.\" (no leading zeros, leading '+', hex or trailing '.')"],
    // A bad number where a property name belongs points at its object, not at a key never read.
    ['{"a": {0x1: 2}}', "1:8 /a invalid number \"0x1\" (no leading zeros, leading '+', hex or trailing '.')"],
    ['{"a": 1, 01: 2}', "1:10 / invalid number \"01\" (no leading zeros, leading '+', hex or trailing '.')"],
    ["[1, 2,]", "1:6 / trailing comma: remove the ',' before ']'"],
    ['{"a" 1}', '1:6 /a expected \':\' after the property name "a", found "1"'],
    [
      '{"a": tru}',
      '1:7 /a expected a value (a string in double quotes, a number, true, false, null, an object or an array), found "tru"',
    ],
    ["[true false]", "1:6 /0 missing ',' after item 0"],
  ])("explains %j", (text, expected) => {
    expect(syntaxError(text)).toBe(expected);
  });
});
