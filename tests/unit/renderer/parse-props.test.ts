import { describe, expect, it } from "vitest";
import { parseProps } from "../../../src/renderer/parse-props";

describe("parseProps", () => {
  it("parses JSON props and treats a missing attribute as no props", () => {
    expect(parseProps('{"a":1,"b":[true]}')).toEqual({ ok: true, value: { a: 1, b: [true] } });
    expect(parseProps(null)).toEqual({ ok: true, value: {} });
    expect(parseProps("  ")).toEqual({ ok: true, value: {} });
  });

  it("reports bad JSON with the parser's reason", () => {
    const result = parseProps("{price: 1}");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^data-props is not valid JSON \(/);
  });

  it.each([
    ['{"__proto__":{"polluted":true}}', "/__proto__"],
    ['{"a":{"constructor":{"prototype":{"polluted":true}}}}', "/a/constructor"],
    ['{"list":[{"ok":1},{"prototype":1}]}', "/list/1/prototype"],
  ])("refuses prototype keys in %s at %s and never pollutes Object.prototype", (json, pointer) => {
    const result = parseProps(json);
    expect(result).toMatchObject({ ok: false, pointer });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("escapes / and ~ in JSON pointers", () => {
    expect(parseProps('{"a/b":{"~x":{"__proto__":1}}}')).toMatchObject({ ok: false, pointer: "/a~1b/~0x/__proto__" });
  });
});
