// The parts of codegen that read src/ as well as schemas/: the merged message files (shared
// locales plus each component's own {Name}.messages.json) and the island registry's entries.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIslands } from "../../scripts/codegen/islands.mjs";
import { buildMessages } from "../../scripts/codegen/messages.mjs";

let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

/** A tree with this repo's src/locales and an empty src/components/demo folder. */
function tree(): string {
  dir = mkdtempSync(join(tmpdir(), "codegen-"));
  cpSync("src/locales", join(dir, "src/locales"), { recursive: true });
  mkdirSync(join(dir, "src/components/demo"), { recursive: true });
  return dir;
}

const write = (path: string, value: unknown) => writeFileSync(join(dir, path), JSON.stringify(value));

describe("merged messages", () => {
  it("adds a component's own messages to every language", () => {
    const root = tree();
    write("src/components/demo/Badge.messages.json", {
      en: { "badge.new": "New" },
      zh: { "badge.new": "新品" },
      "zh-HK": { "badge.new": "新品" },
    });
    mkdirSync(join(root, "src/components/layout"));
    write("src/components/layout/Banner.messages.json", {
      en: { "banner.hello": "Hello" },
      zh: { "banner.hello": "你好" },
      "zh-HK": { "banner.hello": "你好" },
    });
    const files = buildMessages(root);
    expect([...files.keys()]).toEqual(
      ["en", "zh", "zh-HK"].flatMap((lang) => [
        `messages/${lang}.json`,
        `messages/${lang}.base.json`,
        `messages/${lang}.more.json`,
        // The theme editor's own texts (src/editor/), a set apart from the shop's (issue 50).
        `messages/editor.${lang}.json`,
      ]),
    );
    expect(JSON.parse(files.get("messages/zh.json")!)["badge.new"]).toBe("新品");
    expect(JSON.parse(files.get("messages/en.json")!)["api.unknown"]).toBeTruthy();
    // The browser's parts: shared and shop-page messages in base, an area outside the shop in more.
    const part = (name: string) => Object.keys(JSON.parse(files.get(name)!));
    expect(part("messages/zh.base.json")).toEqual(expect.arrayContaining(["api.unknown", "banner.hello"]));
    expect(part("messages/zh.base.json")).not.toContain("badge.new");
    expect(part("messages/zh.more.json")).toEqual(["badge.new"]);
  });

  it("refuses a message missing from a language, naming the file and the id", () => {
    const root = tree();
    write("src/components/demo/Badge.messages.json", { en: { "badge.new": "New" }, zh: { "badge.new": "新品" }, "zh-HK": {} });
    expect(() => buildMessages(root)).toThrow('src/components/demo/Badge.messages.json: zh-HK lacks "badge.new"');
  });

  it("refuses an id defined twice", () => {
    const root = tree();
    const again = { "api.unknown": "Oops" };
    write("src/components/demo/Badge.messages.json", { en: again, zh: again, "zh-HK": again });
    expect(() => buildMessages(root)).toThrow(
      'src/components/demo/Badge.messages.json: "api.unknown" is already defined in src/locales/en.json',
    );
  });

  it("refuses an unknown language", () => {
    const root = tree();
    write("src/components/demo/Badge.messages.json", { en: {}, zh: {}, "zh-HK": {}, fr: {} });
    expect(() => buildMessages(root)).toThrow('unknown language "fr"');
  });
});

describe("island entries", () => {
  const schema = (extra: Record<string, unknown> = {}) => ({
    file: "components/Badge.schema.json",
    schema: { title: "BadgeProps", ...extra },
  });

  it("imports the component from its area and keeps the schema's default strategy", () => {
    const root = tree();
    writeFileSync(join(root, "src/components/demo/Badge.tsx"), "export default () => null;\n");
    const source = buildIslands(root, [schema({ "x-hydrate": "idle" })], "// banner\n").get("islands.ts")!;
    expect(source).toContain("  Badge: IslandEntry<T.BadgeProps>;");
    expect(source).toContain('    load: () => import("../src/components/demo/Badge"),');
    expect(source).toContain('    hydrate: "idle",');
  });

  it("refuses a schema without a component or without x-hydrate", () => {
    const root = tree();
    expect(() => buildIslands(root, [schema({ "x-hydrate": "idle" })], "")).toThrow(
      "schemas/components/Badge.schema.json: no component src/components/{area}/Badge.tsx for it",
    );
    writeFileSync(join(root, "src/components/demo/Badge.tsx"), "export default () => null;\n");
    expect(() => buildIslands(root, [schema()], "")).toThrow('say when the island runs by default with "x-hydrate"');
  });

  it("keeps a strategy for signed-in shoppers, one of the schema's strategies", () => {
    const root = tree();
    writeFileSync(join(root, "src/components/demo/Badge.tsx"), "export default () => null;\n");
    const strategies = { file: "common/hydrate-strategy.schema.json", schema: { enum: ["load", "interaction"] } };
    const signedIn = (value: string) => [strategies, schema({ "x-hydrate": "interaction", "x-hydrate-signed-in": value })];
    const source = buildIslands(root, signedIn("load"), "").get("islands.ts")!;
    expect(source).toContain('    hydrate: "interaction",\n    hydrateSignedIn: "load",');
    expect(() => buildIslands(root, signedIn("soon"), "")).toThrow(
      '"x-hydrate-signed-in" names the strategy for a signed-in shopper',
    );
  });
});
