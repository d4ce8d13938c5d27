// `npm start`: serves the demo store on http://localhost:3000 (PORT, HOST; loopback by
// default), with STORE_DIR and DATA_DIR to point it elsewhere; LOG_LEVEL=info logs each request;
// PUBLIC_URL is the address the shop is reached at, for canonical links, sitemaps and robots.txt;
// DATABASE_URL=postgres://… keeps the shop's data in PostgreSQL, which several instances share.
// WEB_CONCURRENCY worker processes (default: one per core; 1 serves from this process) share
// the port: this process then has the store files checked and the database migrated once
// (prepare.ts, in a process of its own), and keeps the workers running (cluster.ts).
import { fork } from "node:child_process";
import cluster from "node:cluster";
import type { AddressInfo } from "node:net";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { randomToken } from "./auth/tokens";
import { isDrainMessage, runPrimary } from "./cluster";

// The server's modules are imported only where they run (workers, the preparing process, a
// single process), so the primary stays small.
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const production = process.env.NODE_ENV === "production";
// Set by `npm run dev` (scripts/dev.mjs), which restarts one process on each rebuild.
const devReload = process.env.DEV_RELOAD === "1";
/** The shop's data on PostgreSQL (docs/operators.md, "PostgreSQL and several instances"); unset, SQLite in DATA_DIR. */
const databaseUrl = process.env.DATABASE_URL || undefined;
const shownHost = host === "127.0.0.1" || host === "::1" ? "localhost" : host;
/** Set by the primary on the process it forks to prepare (prepare.ts). */
const PREPARE_ROLE = "STOREFRONT_PREPARE";

async function directories(): Promise<{ storeDir: string; dataDir: string }> {
  const { ROOT_DIR } = await import("./root-dir");
  return {
    storeDir: resolve(process.env.STORE_DIR ?? join(ROOT_DIR, "fixtures/demo-store")),
    dataDir: resolve(process.env.DATA_DIR ?? join(ROOT_DIR, ".data")),
  };
}

/** A setting that cannot be used: its message says which and why. */
class SettingError extends Error {}

/** A whole-number setting from 1 to `max`; undefined when unset. */
function wholeSetting(name: string, max: number): number | undefined {
  const setting = process.env[name];
  if (setting === undefined || setting === "") return undefined;
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new SettingError(`${name} must be a whole number from 1 to ${max}, not "${setting}"`);
  return n;
}

/** WEB_CONCURRENCY: a whole number of workers; unset, one per core (one under `npm run dev`). */
function workerCount(): number {
  return wholeSetting("WEB_CONCURRENCY", 256) ?? (devReload ? 1 : availableParallelism());
}

/** RATE_LIMIT_SCALE: every rate limit multiplied by it, for load tests from one address; unset, 1. */
function rateLimitScale(): number {
  return wholeSetting("RATE_LIMIT_SCALE", 1_000_000) ?? 1;
}

/** PURGE_INTERVAL_MS: how often the database is purged (purge.ts), in ms; unset, every minute. */
function purgeInterval(): number | undefined {
  return wholeSetting("PURGE_INTERVAL_MS", 24 * 3600_000);
}

/** VISITOR_CART_DAYS: days after which the cart of a visitor not seen since is purged; unset, 30. */
function visitorCartDays(): number | undefined {
  return wholeSetting("VISITOR_CART_DAYS", 3650);
}

/** Runs prepare.ts in a process of its own; false when it failed (it has said why). */
function prepareOnce(exec: string): Promise<boolean> {
  const child = fork(exec, [], { env: { ...process.env, [PREPARE_ROLE]: "1" }, stdio: "inherit" });
  return new Promise((done) => child.once("exit", (code) => done(code === 0)));
}

async function serve(
  workers: number,
  limitScale: number,
  purge: { purgeIntervalMs: number | undefined; visitorCartDays: number | undefined },
): Promise<void> {
  const [
    { buildApp },
    { DEFAULT_HASH_SLOTS },
    { createWorkerBus },
    { SOCKETS_PER_VISITOR },
    { DEFAULT_LIMITS, scaledLimits },
    { warmUp },
  ] = await Promise.all([
    import("./app"),
    import("./auth/passwords"),
    import("./live-bus"),
    import("./live-channel"),
    import("./rate-limit"),
    import("./warm-up"),
  ]);
  const { storeDir, dataDir } = await directories();
  const { app, store } = await buildApp({
    storeDir,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(process.env.PUBLIC_URL ? { publicUrl: process.env.PUBLIC_URL } : {}),
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    ...(limitScale === 1 ? {} : { limits: scaledLimits(DEFAULT_LIMITS, limitScale) }),
    ...(purge.purgeIntervalMs ? { purgeIntervalMs: purge.purgeIntervalMs } : {}),
    ...(purge.visitorCartDays ? { visitorCartDays: purge.visitorCartDays } : {}),
    production,
    devReload,
    // The machine's password hashes shared out between the workers (each runs at least one).
    hashSlots: {
      running: Math.max(1, Math.floor(DEFAULT_HASH_SLOTS.running / workers)),
      waiting: Math.max(1, Math.ceil(DEFAULT_HASH_SLOTS.waiting / workers)),
    },
    // A visitor's sockets may land on any worker: each takes its share, so the total stays within the cap.
    liveSocketsPerVisitor: Math.max(1, Math.floor(SOCKETS_PER_VISITOR / workers)),
    // On PostgreSQL every worker listens to the database itself (live-bus.ts), as other instances do.
    ...(cluster.isWorker && !databaseUrl ? { liveBus: createWorkerBus() } : {}),
  });
  // Tells tests which worker answered (a live socket's handshake too); production answers give nothing away.
  if (cluster.isWorker && !production) {
    app.addHook("onRequest", async (_request, reply) => void reply.header("x-worker", String(process.pid)));
    app.websocketServer.on("headers", (headers) => headers.push(`x-worker: ${process.pid}`));
  }
  let closing: Promise<void> | undefined;
  const close = () => {
    if (closing) return;
    closing = app.close();
    // A keep-alive connection that was not idle when the close began would hold it open for
    // good; requests under way get two seconds to finish.
    setTimeout(() => app.server.closeAllConnections(), 2000).unref();
    void closing.then(() => process.exit(0));
  };
  process.on("SIGINT", close);
  process.on("SIGTERM", close);
  process.on("message", (message) => isDrainMessage(message) && close());
  // `npm run dev` restarts on every edit: warming would only delay each restart.
  if (!devReload) await warmUp(app, store);
  await app.listen({ port, host });
  // PORT=0 picks a free port; print the one the server got (the primary does for its workers).
  if (cluster.isPrimary) console.log(`Demo store: http://${shownHost}:${(app.server.address() as AddressInfo).port}/`);
}

try {
  const workers = workerCount();
  const limitScale = rateLimitScale();
  const purge = { purgeIntervalMs: purgeInterval(), visitorCartDays: visitorCartDays() };
  const exec = fileURLToPath(import.meta.url);
  if (process.env[PREPARE_ROLE]) {
    const [{ prepare }, { storeDir, dataDir }] = await Promise.all([import("./prepare"), directories()]);
    await prepare(storeDir, dataDir, process.env.PUBLIC_URL, databaseUrl);
    process.exit(0);
  } else if (cluster.isPrimary && workers > 1) {
    if (!(await prepareOnce(exec))) process.exit(1);
    runPrimary({
      workers,
      exec,
      // One secret for all: the payment provider's page and the webhook may land on different workers.
      env: { PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET ?? randomToken() },
      onListening: (port) => console.log(`Demo store: http://${shownHost}:${port}/ (${workers} workers)`),
    });
  } else {
    await serve(workers, limitScale, purge);
  }
} catch (err) {
  // A broken store file names the file, line and rule; nothing else is worth a stack.
  const { StoreFileError } = await import("./store/load");
  console.error(err instanceof StoreFileError ? `store error: ${err.message}` : err instanceof SettingError ? err.message : err);
  process.exit(1);
}
