// Throughput of the reference store server (dist/server/main.js in its own process):
// requests per second and p50/p99 latency of the product page, as a document and as the
// page-route JSON, under 50 concurrent keep-alive connections for 10 s each, beside a
// static file of the same size served by the same server.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBuiltServer } from "../built-server.mjs";

const CONNECTIONS = 50;
const DURATION_MS = 10_000;
const PRODUCT = "/product/linen-shirt/LINSHI-RUS-M";

function get(agent, url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode, bytes }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function load(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let errors = 0;
  const end = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      try {
        const { status } = await get(agent, url);
        if (status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

export const serverThroughput = {
  title: `Store server: ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per target`,
  async run(root) {
    const work = mkdtempSync(join(tmpdir(), "bench-store-"));
    const storeDir = join(work, "store");
    cpSync(join(root, "fixtures/demo-store"), storeDir, { recursive: true });
    const built = startBuiltServer(root, { STORE_DIR: storeDir, DATA_DIR: join(work, "data"), NODE_ENV: "production" });
    const server = { url: await built.url, stop: built.stop };
    try {
      const documentBytes = (await get(undefined, server.url + PRODUCT)).bytes;
      const routeBytes = (await get(undefined, `${server.url}${PRODUCT}?request=route`)).bytes;
      // Static twins of the same sizes, served by the same server from the store's images.
      writeFileSync(join(storeDir, "images/bench-document.txt"), "x".repeat(documentBytes));
      writeFileSync(join(storeDir, "images/bench-route.txt"), "x".repeat(routeBytes));
      const rows = [];
      for (const [name, dynamic, twin, bytes] of [
        ["product document", PRODUCT, "/media/bench-document.txt", documentBytes],
        ["product page route", `${PRODUCT}?request=route`, "/media/bench-route.txt", routeBytes],
      ]) {
        const page = await load(server.url + dynamic);
        const file = await load(server.url + twin);
        rows.push({ name, bytes, page, file });
      }
      const f = (n) => n.toFixed(1).padStart(8);
      console.log(
        `${"target".padEnd(20)} ${"bytes".padStart(7)} | ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} | static: ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} | rps ratio`,
      );
      for (const { name, bytes, page, file } of rows) {
        console.log(
          `${name.padEnd(20)} ${String(bytes).padStart(7)} | ${f(page.rps)} ${f(page.p50)} ${f(page.p99)} |         ${f(file.rps)} ${f(file.p50)} ${f(file.p99)} | ${(page.rps / file.rps).toFixed(3)}` +
            (page.errors + file.errors ? `  (${page.errors + file.errors} errors)` : ""),
        );
      }
      // Figures only: on shared machines a latency budget would measure the neighbours.
      return [];
    } finally {
      server.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
