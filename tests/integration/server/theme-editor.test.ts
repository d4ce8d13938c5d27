// The theme editor's server side (/dev/editor): drafts checked by `npm run validate`'s code,
// saves refused while a problem remains, files written as they were with only the change,
// and the running shop showing what was saved.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChecker } from "../../../scripts/validate.mjs";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

const DEMO = join(process.cwd(), "fixtures/demo-store");
let storeDir: string;
let store: TestStore;
const read = (name: string) => readFileSync(join(storeDir, name), "utf8");

const call = async (path: string, files: Record<string, unknown>) => {
  const response = await fetch(`${store.url}/dev/editor/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ files }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { problems: Record<string, { pointer: string; message: string }[]>; saved: string[] },
  };
};

beforeAll(async () => {
  storeDir = mkdtempSync(join(tmpdir(), "editor-store-"));
  cpSync(DEMO, storeDir, { recursive: true });
  store = await startStore({ storeDir });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await store?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

describe("the theme editor's calls", () => {
  it(
    "names each problem of a draft with its JSON pointer, as npm run validate does",
    async () => {
      const theme = { ...JSON.parse(read("theme.json")), primaryColor: "not a colour" };
      const home = JSON.parse(read("templates/home.json"));
      home.sections[1].bind.links = "page.categoriez";
      const { status, body } = await call("check", { "theme.json": theme, "templates/home.json": home });
      expect(status).toBe(200);
      expect(body.problems["theme.json"]).toEqual([expect.objectContaining({ pointer: "/primaryColor" })]);
      expect(body.problems["theme.json"]![0]!.message).toContain('"not a colour" is not valid');
      expect(body.problems["templates/home.json"]).toEqual([
        expect.objectContaining({
          pointer: "/sections/1/bind/links",
          message: expect.stringContaining('did you mean "page.categories"?'),
        }),
      ]);
      // The first check compiles every schema, as npm run validate does.
    },
    START_TIMEOUT_MS,
  );

  it("refuses to save while a problem remains, and writes nothing", async () => {
    const before = read("theme.json");
    const { status, body } = await call("save", { "theme.json": { ...JSON.parse(before), fontWeight: 450 } });
    expect(status).toBe(422);
    expect(body.saved).toEqual([]);
    expect(body.problems["theme.json"]![0]!.pointer).toBe("/fontWeight");
    expect(read("theme.json")).toBe(before);
  });

  it("refuses names that are no design file", async () => {
    expect((await call("save", { "../config.json": {} })).status).toBe(400);
    expect((await call("check", { "templates/../../x.json": {} })).status).toBe(400);
  });

  it(
    "saves only what changed, and the running shop shows it at once",
    async () => {
      const before = read("templates/home.json");
      const home = JSON.parse(before);
      home.sections.splice(1, 0, { component: "RichText", props: { paragraphs: ["Saved by the theme editor"] } });
      const { status, body } = await call("save", { "templates/home.json": home, "theme.json": JSON.parse(read("theme.json")) });
      expect(status).toBe(200);
      expect(body.saved).toEqual(["templates/home.json"]);
      const after = read("templates/home.json");
      expect(JSON.parse(after)).toEqual(home);
      const added = after.split("\n").filter((line) => !before.split("\n").includes(line));
      expect(added).toEqual(['    { "component": "RichText", "props": { "paragraphs": ["Saved by the theme editor"] } },']);
      // npm run validate passes: an untranslated text is a warning (English is shown instead).
      const problems = createChecker().checkFile(join(storeDir, "templates/home.json")).problems;
      expect(problems.filter((p) => !p.warning)).toEqual([]);
      const page = await (await fetch(`${store.url}/`)).text();
      expect(page).toContain("Saved by the theme editor");

      const theme = { ...JSON.parse(read("theme.json")), primaryColor: "#0a7d33" };
      expect((await call("save", { "theme.json": theme })).body.saved).toEqual(["theme.json"]);
      const restyled = await fetch(`${store.url}/zh/`);
      expect(await restyled.text()).toContain("--color-primary:#0a7d33");
      // The policy allows the new <style> by its hash: the page is styled as it says.
      expect(restyled.headers.get("content-security-policy")).toMatch(/style-src 'self' .*'sha256-/);
    },
    START_TIMEOUT_MS,
  );

  it(
    "takes up a hand edit of the design files too, as every worker of npm start does",
    async () => {
      const theme = JSON.parse(read("theme.json"));
      writeFileSync(join(storeDir, "theme.json"), `${JSON.stringify({ ...theme, secondaryColor: "#123456" }, null, 2)}\n`);
      await expect
        .poll(async () => (await fetch(`${store.url}/cart`)).text(), { timeout: 5000 })
        .toContain("--color-secondary:#123456");
      // A file that breaks a rule leaves the shop as it was.
      writeFileSync(join(storeDir, "theme.json"), `${JSON.stringify({ ...theme, secondaryColor: 12 }, null, 2)}\n`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await (await fetch(`${store.url}/cart`)).text()).toContain("--color-secondary:#123456");
      writeFileSync(join(storeDir, "theme.json"), `${JSON.stringify(theme, null, 2)}\n`);
    },
    START_TIMEOUT_MS,
  );

  it("renders a page of the shop with a draft for the preview frame, without saving it", async () => {
    const home = JSON.parse(read("templates/home.json"));
    home.sections.unshift({ component: "RichText", props: { paragraphs: ["Only a draft"] } });
    const response = await fetch(`${store.url}/dev/editor/frame`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ address: "/zh-HK", draft: JSON.stringify({ files: { "templates/home.json": home } }) }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Only a draft");
    expect(html).toContain('lang="zh-HK"');
    expect(await (await fetch(`${store.url}/`)).text()).not.toContain("Only a draft");
  });

  it("shows account pages as a test shopper when the author is not signed in", async () => {
    const response = await fetch(`${store.url}/dev/editor/frame`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ address: "/user/center", draft: JSON.stringify({ files: {} }) }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("theme-editor@example.test");
    // The shop's own page still asks a visitor to sign in.
    expect((await fetch(`${store.url}/user/center`)).status).toBe(401);
  });

  it("opens with the design files, the schemas and each template's data paths and addresses", async () => {
    const html = await (await fetch(`${store.url}/dev/editor?lang=zh-HK`)).text();
    const state = JSON.parse(/<script type="application\/json" id="editor-state">(.*?)<\/script>/s.exec(html)![1]!);
    expect(state.lang).toBe("zh-HK");
    expect(Object.keys(state.files)).toContain("templates/product-detail.json");
    expect(state.schemas[state.themeSchema].properties.primaryColor).toBeDefined();
    const product = state.templates.find((t: { name: string }) => t.name === "product-detail");
    expect(product.paths).toEqual(expect.arrayContaining(["page.detail.product", "$store.currency"]));
    expect(product.addresses[0]).toMatch(/^\/product\//);
    expect(state.templates.find((t: { name: string }) => t.name === "checkout").addresses).toEqual(["/checkout/cart"]);
    expect(state.widths).toEqual(expect.arrayContaining([360, 768, 1280]));
  });
});

describe("in production", () => {
  it(
    "has no theme editor",
    async () => {
      const production = await startStore({ production: true });
      try {
        expect((await fetch(`${production.url}/dev/editor`)).status).toBe(404);
        expect((await fetch(`${production.url}/dev/editor/save`, { method: "POST", body: "{}" })).status).toBe(404);
      } finally {
        await production.close();
      }
    },
    START_TIMEOUT_MS,
  );
});
