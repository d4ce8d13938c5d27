import { describe, expect, it } from "vitest";
import { MAX_PROPS_DEPTH, MAX_PROPS_LENGTH, parseProps } from "../../../src/renderer/parse-props";

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

  // Issue #19: 20,000 levels (40 KB) overflowed the stack of the recursive key check.
  it("refuses props nested deeper than the limit, without recursion, naming the depth", () => {
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const result = parseProps(deep);
    expect(result).toEqual({ ok: false, pointer: "", message: `data-props are nested deeper than ${MAX_PROPS_DEPTH} levels` });
    const objects = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
    expect(parseProps(objects)).toMatchObject({ ok: false, pointer: "" });
  });

  it("takes props nested up to the limit, and brackets inside strings do not count", () => {
    const atLimit = `${"[".repeat(MAX_PROPS_DEPTH)}${"]".repeat(MAX_PROPS_DEPTH)}`;
    expect(parseProps(atLimit).ok).toBe(true);
    expect(parseProps(JSON.stringify({ text: "[".repeat(5_000), quote: '\\"[' }))).toMatchObject({ ok: true });
    expect(parseProps(`{"a":[${"[".repeat(MAX_PROPS_DEPTH)}]}`).ok).toBe(false);
  });

  it("still finds a prototype key deep in a large tree", () => {
    const props = { list: Array.from({ length: 2_000 }, (_, i) => ({ id: i, tags: [{ name: `t${i}` }] })) };
    (props.list[1_999]!.tags[0] as Record<string, unknown>).prototype = 1;
    expect(parseProps(JSON.stringify(props))).toMatchObject({ ok: false, pointer: "/list/1999/tags/0/prototype" });
  });

  it("refuses props longer than the limit", () => {
    const result = parseProps(JSON.stringify({ text: "x".repeat(MAX_PROPS_LENGTH) }));
    expect(result).toMatchObject({
      ok: false,
      pointer: "",
      message: `data-props are longer than ${MAX_PROPS_LENGTH} characters`,
    });
  });
});
