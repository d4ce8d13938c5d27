// @vitest-environment node
// A database that is locked or down kills no process of the built server (issue 48, item 2):
// with SQLite's write lock held by another process, and with PostgreSQL stopped, each for longer
// than a purge period, every process keeps answering, /healthz says that writes (or the
// database) are unavailable, and all recover once the database is back. A server started while
// the database is unavailable waits for it instead of exiting.

import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer } from "../../../scripts/built-server.mjs";
import { type PostgresCluster, postgresBinaries, startPostgres } from "./postgres-support";

/** The purge runs this often in these tests: every outage below lasts several periods. */
const PURGE_MS = "1000";
/** Longer than SQLite's busy timeout (5 s), after which a statement waiting for the lock fails. */
const OUTAGE_MS = 8000;
/** An outage at start: longer than a start takes on a busy machine plus that timeout. */
const START_OUTAGE_MS = 15_000;

const binaries = postgresBinaries();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  body: string;
  worker: string;
}

/** One GET on a connection of its own (so that each may land on another worker), never throwing: status 0 when nothing answered. */
function get(base: string, path: string, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(`${base}${path}`, { agent: false, timeout: timeoutMs }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, worker: String(res.headers["x-worker"] ?? "") }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: "", worker: "" }));
    req.end();
  });
}

/** The worker processes that answer, found by asking until `count` distinct ones did. */
async function workersOf(base: string, count: number): Promise<string[]> {
  const seen = new Set<string>();
  for (let i = 0; i < 60 && seen.size < count; i++) seen.add((await get(base, "/healthz")).worker);
  return [...seen].sort();
}

/** GETs of /healthz and the home page every 250 ms for `ms`, in parallel with whatever else runs. */
async function watch(base: string, ms: number): Promise<{ health: Answer[]; home: Answer[] }> {
  const health: Answer[] = [];
  const home: Answer[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const [h, p] = await Promise.all([get(base, "/healthz"), get(base, "/")]);
    health.push(h);
    home.push(p);
    await sleep(250);
  }
  return { health, home };
}

async function until(what: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error("gave up waiting");
    await sleep(250);
  }
}

async function cartAdd(base: string): Promise<number> {
  const response = await fetch(`${base}/api/web/cart/add`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ sku: "COTRUG-WHI", quantity: 1 }),
  });
  return ((await response.json()) as { code: number }).code;
}

let server: ReturnType<typeof startBuiltServer> | undefined;
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "outage-data-"));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  if (server && server.process.exitCode === null) server.process.kill("SIGKILL");
  server = undefined;
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("SQLite, its write lock held by another process", () => {
  it("keeps both workers alive and answering, says so on /healthz, and recovers", async () => {
    const dir = dataDir();
    server = startBuiltServer(process.cwd(), {
      NODE_ENV: "test",
      WEB_CONCURRENCY: "2",
      DATA_DIR: dir,
      PURGE_INTERVAL_MS: PURGE_MS,
    });
    const base = await server.url;
    const workers = await workersOf(base, 2);
    expect(workers).toHaveLength(2);

    const lock = new Database(join(dir, "store.sqlite"));
    lock.exec("BEGIN IMMEDIATE");
    const during = await watch(base, OUTAGE_MS);
    lock.exec("ROLLBACK");
    lock.close();

    // Reads go on beside the lock; /healthz tells that writes cannot.
    expect(during.home.every((a) => a.status === 200)).toBe(true);
    expect(during.health.some((a) => a.status === 503 && /writes/.test(a.body))).toBe(true);
    await until(async () => (await get(base, "/healthz")).status === 200);
    expect(await cartAdd(base)).toBe(0);
    // The same two workers: none died.
    expect(await workersOf(base, 2)).toEqual(workers);
    expect(server.process.exitCode).toBe(null);
  }, 90_000);

  it("starts while the lock is held, waiting for it rather than exiting", async () => {
    const dir = dataDir();
    const lock = new Database(join(dir, "store.sqlite"));
    lock.pragma("journal_mode = WAL");
    lock.exec("BEGIN IMMEDIATE");
    server = startBuiltServer(process.cwd(), {
      NODE_ENV: "test",
      WEB_CONCURRENCY: "2",
      DATA_DIR: dir,
      PURGE_INTERVAL_MS: PURGE_MS,
    });
    const exited = new Promise((resolve) => server!.process.once("exit", resolve));
    // Its address is awaited below; until then an exit must not count as an unhandled rejection.
    server.url.catch(() => undefined);
    const early = await Promise.race([exited.then(() => "exited"), sleep(START_OUTAGE_MS).then(() => "waiting")]);
    lock.exec("ROLLBACK");
    lock.close();
    expect(early).toBe("waiting");
    const base = await server.url;
    expect((await get(base, "/healthz")).status).toBe(200);
    expect(await cartAdd(base)).toBe(0);
  }, 90_000);
});

describe.skipIf("missing" in binaries)(
  `PostgreSQL stopped for longer than a purge period${"missing" in binaries ? `: ${binaries.missing}` : ""}`,
  () => {
    let cluster: PostgresCluster;

    beforeAll(async () => {
      cluster = await startPostgres((binaries as { bin: string }).bin);
    }, 60_000);

    afterAll(() => cluster?.stop());

    it("keeps the one-process instance alive and answering, says so on /healthz, and recovers", async () => {
      const databaseUrl = cluster.createDatabase();
      server = startBuiltServer(process.cwd(), {
        NODE_ENV: "test",
        WEB_CONCURRENCY: "1",
        DATA_DIR: dataDir(),
        DATABASE_URL: databaseUrl,
        PURGE_INTERVAL_MS: PURGE_MS,
      });
      const base = await server.url;
      cluster.halt();
      let during: Awaited<ReturnType<typeof watch>>;
      try {
        during = await watch(base, 4000);
      } finally {
        cluster.resume();
      }
      // Every request was answered, if only to say that the database is unavailable.
      expect(during.health.every((a) => a.status === 503)).toBe(true);
      expect(during.home.every((a) => a.status !== 0)).toBe(true);
      expect(server.process.exitCode).toBe(null);
      await until(async () => (await get(base, "/healthz")).status === 200);
      expect(await cartAdd(base)).toBe(0);
      expect(server.process.exitCode).toBe(null);
    }, 90_000);

    it("starts while PostgreSQL is stopped, waiting for it rather than exiting", async () => {
      const databaseUrl = cluster.createDatabase();
      cluster.halt();
      try {
        server = startBuiltServer(process.cwd(), {
          NODE_ENV: "test",
          WEB_CONCURRENCY: "1",
          DATA_DIR: dataDir(),
          DATABASE_URL: databaseUrl,
          PURGE_INTERVAL_MS: PURGE_MS,
        });
        const exited = new Promise((resolve) => server!.process.once("exit", resolve));
        server.url.catch(() => undefined);
        expect(await Promise.race([exited.then(() => "exited"), sleep(START_OUTAGE_MS).then(() => "waiting")])).toBe("waiting");
      } finally {
        cluster.resume();
      }
      const base = await server.url;
      expect((await get(base, "/healthz")).status).toBe(200);
      expect(await cartAdd(base)).toBe(0);
    }, 90_000);
  },
);
