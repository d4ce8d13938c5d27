// `npm run bench -- --postgres` (or the section `postgres`): the server on PostgreSQL
// (DATABASE_URL), one instance and then two on this machine sharing one throwaway cluster
// (scripts/postgres-cluster.mjs): requests per second and p50/p99 of the product page and of
// `cart/update`, side by side, and how long a live frame takes from a call on instance A to a
// socket held by instance B (LISTEN/NOTIFY). Each instance is one process (WEB_CONCURRENCY=1),
// so two instances use both cores as one instance of `npm start` does. Figures only: PostgreSQL
// shares the two cores with the servers and the load, so no budget is checked here.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import WebSocket from "ws";
import { startBuiltServer } from "../built-server.mjs";
import { postgresBinaries, startPostgres } from "../postgres-cluster.mjs";

const CONNECTIONS = 20;
const DURATION_MS = 10_000;
const PRODUCT = "/product/linen-shirt/LINSHI-RUS-M";
const SKU = "COTRUG-WHI";
/** Visitors whose carts the update load spreads over (their rows are written in turn). */
const VISITORS = 8;
/** QR tickets whose "scanned" frame is timed (within the anonymous-write limit of one address). */
const FRAMES = 100;
const LOAD = join(dirname(fileURLToPath(import.meta.url)), "load.mjs");

/** @typedef {import("./load.mjs").LoadResult} LoadResult */

/**
 * Runs load.mjs in its own process.
 * @param {import("./load.mjs").Target[]} targets
 * @param {{ durationMs?: number, requests?: number }} until
 * @returns {LoadResult}
 */
function load(targets, until) {
  const out = execFileSync(process.execPath, [LOAD, JSON.stringify({ urls: targets, connections: CONNECTIONS, ...until })], {
    encoding: "utf8",
    maxBuffer: 1 << 20,
  });
  return JSON.parse(/** @type {string} */ (out.trim().split("\n").at(-1)));
}

/**
 * One /api/web call; throws when it fails.
 * @param {string} url
 * @param {string} name
 * @param {unknown} body
 * @param {{ token?: string, visitor?: string }} [as]
 * @returns {Promise<any>} the answer's data
 */
async function call(url, name, body, { token, visitor } = {}) {
  /** @type {Record<string, string>} */
  const headers = { "content-type": "application/json" };
  if (token) headers["x-auth"] = token;
  if (visitor) headers.cookie = `visitorId=${visitor}`;
  const answer = await fetch(`${url}/api/web/${name}`, { method: "POST", headers, body: JSON.stringify(body) });
  const envelope = await answer.json();
  if (envelope.code !== 0) throw new Error(`${name}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * A customer signed up and verified on `url`, the mailed code read from the shared outbox.
 * @param {string} url
 * @param {string} databaseUrl
 * @returns {Promise<string>} the customer's session token
 */
async function customer(url, databaseUrl) {
  const email = `bench-${Date.now()}@example.com`;
  await call(url, "auth/signup", { email, password: "secret123", agree: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query("SELECT link FROM outbox WHERE recipient = $1 AND link != '' ORDER BY id DESC LIMIT 1", [
    email,
  ]);
  await client.end();
  const code = new URL(rows[0].link, "http://x").searchParams.get("code");
  return (await call(url, "auth/verifyEmail", { code })).token;
}

/** @param {readonly number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * Milliseconds from sending `auth/qrScan` to A until B's socket hears the ticket scanned, FRAMES times.
 * @param {string} a
 * @param {string} b
 * @param {string} token
 */
async function frameTimes(a, b, token) {
  /** @type {number[]} */
  const times = [];
  const perVisitor = Math.ceil(FRAMES / 5);
  for (let v = 0; v < 5 && times.length < FRAMES; v++) {
    const visitor = `bench-frame-${Date.now()}-${v}`;
    const socket = new WebSocket(`${b.replace("http", "ws")}/ws/message?visitorId=${visitor}`);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    /** @type {Map<string, (at: number) => void>} */
    const waiting = new Map();
    socket.on("message", (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === "auth.qr" && frame.data.status === "scanned") waiting.get(frame.data.ticket)?.(performance.now());
    });
    for (let i = 0; i < perVisitor && times.length < FRAMES; i++) {
      const { ticket } = await call(b, "auth/qrCreate", {}, { visitor });
      /** @type {Promise<number>} */
      const heard = new Promise((resolve) => waiting.set(ticket, resolve));
      const sent = performance.now();
      await call(a, "auth/qrScan", { ticket }, { token });
      times.push((await heard) - sent);
    }
    socket.close();
  }
  return times.sort((x, y) => x - y);
}

/** @type {import("./chromium.mjs").Section} */
export const postgresInstances = {
  title: `PostgreSQL: one and two instances (WEB_CONCURRENCY=1 each) on one database, ${CONNECTIONS} connections, ${DURATION_MS / 1000} s per target; live frames A -> B`,
  async run(root) {
    const binaries = postgresBinaries();
    if ("missing" in binaries) {
      console.log(`skipped: ${binaries.missing}`);
      return [];
    }
    const cluster = await startPostgres(binaries.bin);
    const work = mkdtempSync(join(tmpdir(), "bench-pg-"));
    /** @type {ReturnType<typeof startBuiltServer>[]} */
    const servers = [];
    try {
      const databaseUrl = cluster.createDatabase();
      /** @param {string} name */
      const start = (name) => {
        const server = startBuiltServer(root, {
          NODE_ENV: "production",
          WEB_CONCURRENCY: "1",
          DATA_DIR: join(work, name),
          DATABASE_URL: databaseUrl,
          PAYMENT_WEBHOOK_SECRET: "bench",
          // Every request comes from 127.0.0.1, far above one address's cart limits: scaled, they still run.
          RATE_LIMIT_SCALE: "1000",
        });
        servers.push(server);
        return server.url;
      };
      // One at a time: the first migrates the database and copies the search entries.
      const a = await start("a");
      const b = await start("b");
      const visitors = Array.from({ length: VISITORS }, (_, i) => `bench-cart-${Date.now()}-${i}`);
      for (const visitor of visitors) await call(a, "cart/add", { sku: SKU, quantity: 1 }, { visitor });
      /** @param {string[]} urls */
      const updates = (urls) =>
        urls.flatMap((url) =>
          visitors.map((visitor, i) => ({
            url: `${url}/api/web/cart/update`,
            method: "POST",
            headers: { "content-type": "application/json", cookie: `visitorId=${visitor}` },
            body: JSON.stringify({ sku: SKU, quantity: 1 + (i % 3) }),
          })),
        );
      /** @type {{ name: string, page: LoadResult, cart: LoadResult }[]} */
      const rows = [];
      for (const [name, instances] of /** @type {[string, string[]][]} */ ([
        ["one instance", [a]],
        ["two instances", [a, b]],
      ])) {
        const page = load(
          instances.map((url) => url + PRODUCT),
          { durationMs: DURATION_MS },
        );
        const cart = load(updates(instances), { durationMs: DURATION_MS });
        rows.push({ name, page, cart });
      }
      const token = await customer(a, databaseUrl);
      const frames = await frameTimes(a, b, token);

      /** @param {number} n */
      const f = (n) => n.toFixed(1).padStart(8);
      /** @param {LoadResult} r */
      const figures = (r) => `${f(r.rps)} ${f(r.p50)} ${f(r.p99)}${r.errors ? ` (${r.errors} errors)` : ""}`;
      console.log(
        `${"".padEnd(14)} | product page: ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} | cart/update: ${"rps".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)}`,
      );
      for (const { name, page, cart } of rows) {
        console.log(`${name.padEnd(14)} |               ${figures(page)} |              ${figures(cart)}`);
      }
      console.log(
        `live frame from a call on A to a socket on B (${frames.length} frames): p50 ${quantile(frames, 0.5).toFixed(1)} ms, p99 ${quantile(frames, 0.99).toFixed(1)} ms`,
      );
      return [];
    } finally {
      for (const server of servers) server.stop();
      cluster.stop();
      rmSync(work, { recursive: true, force: true });
    }
  },
};
