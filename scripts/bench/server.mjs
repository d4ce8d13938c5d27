// Throughput of the reference store server, run as `npm start` runs it (dist/server/main.js,
// production, one worker per core unless WEB_CONCURRENCY says otherwise): requests per second
// and p50/p99 latency of the product page, as a document and as the page-route JSON, under 50
// keep-alive connections for 10 s each, beside a static file of the same size from the same
// server; the document under 200 connections for 10 s; and the server's resident memory (all
// its processes) before and after 20,000 more requests. The load comes from another process
// (load.mjs), whose CPU use is printed: on a small machine it takes cores from the server.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startBuiltServer } from "../built-server.mjs";

const CONNECTIONS = 50;
const MANY_CONNECTIONS = 200;
const DURATION_MS = 10_000;
const MEMORY_REQUESTS = 20_000;
const WARM_UP_REQUESTS = 2_000;
const PRODUCT = "/product/linen-shirt/LINSHI-RUS-M";
const LOAD = join(dirname(fileURLToPath(import.meta.url)), "load.mjs");

/**
 * @param {string} url
 * @returns {Promise<{ status: number | undefined, bytes: number }>}
 */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, bytes }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * Runs load.mjs in its own process: `{ requests, rps, p50, p99, errors, seconds, cores }`.
 * @param {string[]} urls
 * @param {number} connections
 * @param {{ durationMs?: number, requests?: number }} until
 * @returns {import("./load.mjs").LoadResult}
 */
function load(urls, connections, until) {
  const out = execFileSync(process.execPath, [LOAD, JSON.stringify({ urls, connections, ...until })], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(/** @type {string} */ (out.trim().split("\n").at(-1)));
}

/**
 * Resident memory in KB of a process and its children (the workers), from /proc (Linux).
 * @param {number | undefined} pid
 */
function residentKb(pid) {
  /** @param {number | string | undefined} p */
  const rss = (p) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, "utf8"))?.[1] ?? 0);
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile) ? readFileSync(childrenFile, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  return rss(pid) + children.reduce((sum, child) => sum + rss(child), 0);
}

/** @type {import("./chromium.mjs").Section} */
export const serverThroughput = {
  title: `Store server (production, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? `${availableParallelism()} (one per core)`}): ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per target; ${MANY_CONNECTIONS} connections; memory over ${MEMORY_REQUESTS} requests`,
  async run(root) {
    const work = mkdtempSync(join(tmpdir(), "bench-store-"));
    const storeDir = join(work, "store");
    cpSync(join(root, "fixtures/demo-store"), storeDir, { recursive: true });
    const built = startBuiltServer(root, { STORE_DIR: storeDir, DATA_DIR: join(work, "data"), NODE_ENV: "production" });
    const url = await built.url;
    try {
      const documentBytes = (await get(url + PRODUCT)).bytes;
      const routeBytes = (await get(`${url}${PRODUCT}?request=route`)).bytes;
      // Static twins of the same sizes, served by the same server from the store's images.
      writeFileSync(join(storeDir, "images/bench-document.txt"), "x".repeat(documentBytes));
      writeFileSync(join(storeDir, "images/bench-route.txt"), "x".repeat(routeBytes));
      /** @type {{ name: string, bytes: number, page: import("./load.mjs").LoadResult, file: import("./load.mjs").LoadResult }[]} */
      const rows = [];
      for (const [name, dynamic, twin, bytes] of /** @type {[string, string, string, number][]} */ ([
        ["product document", PRODUCT, "/media/bench-document.txt", documentBytes],
        ["product page route", `${PRODUCT}?request=route`, "/media/bench-route.txt", routeBytes],
      ])) {
        const page = load([url + dynamic], CONNECTIONS, { durationMs: DURATION_MS });
        const file = load([url + twin], CONNECTIONS, { durationMs: DURATION_MS });
        rows.push({ name, bytes, page, file });
      }
      const many = load([url + PRODUCT], MANY_CONNECTIONS, { durationMs: DURATION_MS });
      const mixed = [url + PRODUCT, `${url}${PRODUCT}?request=route`];
      load(mixed, CONNECTIONS, { requests: WARM_UP_REQUESTS });
      const before = residentKb(built.pid);
      const memoryRun = load(mixed, CONNECTIONS, { requests: MEMORY_REQUESTS });
      const after = residentKb(built.pid);

      /** @param {number} n */
      const f = (n) => n.toFixed(1).padStart(8);
      /** @param {import("./load.mjs").LoadResult} r */
      const cores = (r) => `load ${r.cores.toFixed(2)} cores`;
      console.log(
        `${"target".padEnd(20)} ${"bytes".padStart(7)} | ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} | static: ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} | rps ratio`,
      );
      for (const { name, bytes, page, file } of rows) {
        console.log(
          `${name.padEnd(20)} ${String(bytes).padStart(7)} | ${f(page.rps)} ${f(page.p50)} ${f(page.p99)} |         ${f(file.rps)} ${f(file.p50)} ${f(file.p99)} | ${(page.rps / file.rps).toFixed(3)}` +
            `  (${cores(page)}, static ${cores(file)}${page.errors + file.errors ? `; ${page.errors + file.errors} errors` : ""})`,
        );
      }
      console.log(
        `product document, ${MANY_CONNECTIONS} connections: ${many.requests} requests, ${f(many.rps).trim()} rps, p50 ${f(many.p50).trim()} ms, p99 ${f(many.p99).trim()} ms, ${many.errors} errors (${cores(many)})`,
      );
      const growth = ((after - before) / before) * 100;
      console.log(
        `resident memory (all server processes): ${(before / 1024).toFixed(1)} MB after ${WARM_UP_REQUESTS} requests, ${(after / 1024).toFixed(1)} MB after ${memoryRun.requests} more (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}%; ${memoryRun.errors} errors)`,
      );
      return [
        ...rows.flatMap(({ name, page, file }) => [
          {
            name: `${name}: share of the static file's requests per second`,
            value: (page.rps / file.rps) * 100,
            limit: 30,
            unit: "%",
            atLeast: true,
          },
          { name: `${name}: p99 at ${CONNECTIONS} connections`, value: page.p99, limit: 50, unit: "ms", below: true, digits: 1 },
        ]),
        { name: `product document at ${MANY_CONNECTIONS} connections: errors`, value: many.errors, limit: 0 },
        {
          name: `product document at ${MANY_CONNECTIONS} connections: p99`,
          value: many.p99,
          limit: 200,
          unit: "ms",
          below: true,
          digits: 1,
        },
        {
          name: `resident memory growth over ${MEMORY_REQUESTS} requests`,
          value: Math.abs(growth),
          limit: 10,
          unit: "%",
          digits: 1,
        },
      ];
    } finally {
      built.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
