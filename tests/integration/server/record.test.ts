// `npm run record` against the built reference server (dist/server, as `npm start` runs it;
// `npm test` builds first): the default route list covers every route
// kind the demo store answers, the files are scrubbed and schema-checked, and `--check`
// reports a schema change and a live server's drift by file and JSON pointer.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "../../../scripts/built-server.mjs";
import { checkRecording, recordStore } from "../../../scripts/record.mjs";
import { createScrubber, DATE_PLACEHOLDER } from "../../../scripts/record-scrub.mjs";
import { START_TIMEOUT_MS } from "./support";

let store: { url: string; stop(): void };
let dataDir: string;
let out: string;
let elapsedMs = 0;
let recorded: Awaited<ReturnType<typeof recordStore>>;
const logged: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "record-data-"));
  const server = startBuiltServer(process.cwd(), { DATA_DIR: dataDir });
  store = { url: await server.url, stop: server.stop };
  out = mkdtempSync(join(tmpdir(), "recording-"));
  const started = Date.now();
  recorded = await recordStore({ base: store.url, out, log: (line) => logged.push(line) });
  elapsedMs = Date.now() - started;
}, START_TIMEOUT_MS + 90_000);

afterAll(async () => {
  store?.stop();
  for (const dir of [out, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => readFileSync(join(out, file), "utf8");

// Generous limits: on a loaded two-core machine each page takes a moment; what bounds the
// recorder is the number of addresses it tries, checked below.
describe("recording the demo store", { timeout: 60_000 }, () => {
  it("records one address per route kind of SPEC.md §2 found from its links and sitemaps, in a few seconds", () => {
    const routes = new Set(recorded.entries.map((e) => e.route));
    for (const name of [
      "home",
      "search",
      "cart",
      "tag-list",
      "tag-detail",
      "category-detail",
      "brand-detail",
      "slug-detail",
      "product-detail",
      "product-sku",
      "article-detail",
      "page-detail",
      "collection-detail",
      "inquiry-detail",
      "checkout",
      "checkout-thankyou",
      "promotion-list",
      "promotion-detail",
      "coupon-list",
      "coupon-detail",
      "custom-detail",
      "root-detail",
      "auth-signin",
      "auth-signup",
      "auth-forget",
      "auth-reset-password",
      "auth-verify-email",
      "auth-verify-prompt",
      "user-center",
      "error-404",
      "error-500",
      "error-403",
      "app",
    ]) {
      expect(routes, name).toContain(name);
    }
    // The same pages under language prefixes.
    expect(recorded.entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(["zh--home", "zh-HK--product-detail", "de--cart"]),
    );
    // Bounded: at most 80 addresses tried, whatever the size of the catalog.
    const tried = Number(/among (\d+) addresses/.exec(logged.join("\n"))?.[1]);
    expect(tried).toBeLessThanOrEqual(80);
    expect(elapsedMs).toBeLessThan(60_000);
  });

  it("writes each answer and document, checked against the schemas, with the status the server gave", () => {
    expect(recorded.problems).toEqual([]);
    const index = JSON.parse(read("recording.json")) as { routes: { name: string; path: string; status: number }[] };
    expect(index.routes.map((r) => r.name).sort()).toEqual(
      readdirSync(join(out, "routes"))
        .map((f) => f.replace(/\.json$/, ""))
        .sort(),
    );
    const signin = index.routes.find((r) => r.name === "user-center")!;
    expect(signin.status).toBe(401);
    const cart = JSON.parse(read("routes/cart.json"));
    expect(cart.code).toBe(0);
    expect(cart.data.meta.route).toBe("cart");
    expect(read("documents/cart.html")).toContain('<script id="__INITIAL_DATA__" type="application/json">');
  });

  it("scrubs the server's address, the visitor id, nonces and build hashes", () => {
    const port = new URL(store.url).port;
    for (const dir of ["routes", "documents"]) {
      for (const file of readdirSync(join(out, dir))) {
        const text = read(join(dir, file));
        expect(text, file).not.toContain(`127.0.0.1:${port}`);
        expect(text, file).not.toMatch(/nonce="(?!<NONCE>)/);
        expect(text, file).not.toMatch(/\/assets\/boot-[A-Z0-9]{8}\.js/);
        expect(text, file).not.toMatch(/visitorId=rec/);
      }
    }
    // Documents carry no nonce since issue 17 (hash-based CSP); the scrub stays for older recordings.
    expect(read("documents/home.html")).not.toContain("nonce=");
    expect(read("documents/home.html")).toContain("http://recorded.test/");
  });

  it("--check passes today's schemas and the same server, with no drift", async () => {
    const { problems, drift } = await checkRecording({ dir: out, base: store.url, log: () => {} });
    expect(problems).toEqual([]);
    expect(drift).toEqual([]);
  });

  it("--check reports a deliberately changed schema by file and pointer, and exits 1", () => {
    const schemas = mkdtempSync(join(tmpdir(), "schemas-"));
    cpSync(join(process.cwd(), "schemas"), schemas, { recursive: true });
    const metaFile = join(schemas, "page/meta.schema.json");
    const meta = JSON.parse(readFileSync(metaFile, "utf8"));
    meta.properties.title.maxLength = 4;
    writeFileSync(metaFile, JSON.stringify(meta));
    const result = spawnSync(process.execPath, ["scripts/record.mjs", "--check", out, "--schemas", schemas], {
      cwd: process.cwd(),
      encoding: "utf8",
    });
    rmSync(schemas, { recursive: true, force: true });
    expect(result.status).toBe(1);
    const lines = result.stdout.split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(
        /routes\/cart\.json {2}\/data\/meta\/title {2}must NOT have more than 4 characters \(rule maxLength at /,
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/documents\/cart\.html {2}#__INITIAL_DATA__\/meta\/title {2}must NOT have more than 4 characters/),
    );
  });

  it("--check with --base lists what the live server answers differently: pointer, old and new", async () => {
    const file = join(out, "routes/cart.json");
    const answer = JSON.parse(readFileSync(file, "utf8"));
    const title = answer.data.meta.title;
    answer.data.meta.title = "Old cart title";
    writeFileSync(file, JSON.stringify(answer));
    const lines: string[] = [];
    const { drift } = await checkRecording({ dir: out, base: store.url, log: (line) => lines.push(line) });
    expect(drift).toContainEqual({ file: "routes/cart.json", pointer: "/data/meta/title", old: "Old cart title", new: title });
    expect(lines).toContainEqual(
      expect.stringContaining(`routes/cart.json  /data/meta/title  changed: "Old cart title" -> ${JSON.stringify(title)}`),
    );
  });
});

describe("the scrub list", () => {
  it("replaces tokens, dates and remembered values with stable placeholders that still pass their formats", () => {
    const scrub = createScrubber();
    scrub.remember("http://127.0.0.1:4567", "http://recorded.test");
    scrub.remember("visitor123abc", "<VISITOR_ID>");
    expect(
      scrub.json({
        token: "abc.def",
        data: { createdAt: 1795403203905, updatedAt: "2026-11-23T03:00:00.000Z", orderNo: "SO123456" },
        url: "http://127.0.0.1:4567/cart?v=visitor123abc",
        html: '<script nonce="Zm9v" src="/assets/boot-AB12CD34.js"></script>',
      }),
    ).toEqual({
      token: "<TOKEN>",
      data: { createdAt: Date.parse(DATE_PLACEHOLDER), updatedAt: DATE_PLACEHOLDER, orderNo: "<ORDER_NO>" },
      url: "http://recorded.test/cart?v=<VISITOR_ID>",
      html: '<script nonce="<NONCE>" src="/assets/boot-<HASH>.js"></script>',
    });
  });
});
