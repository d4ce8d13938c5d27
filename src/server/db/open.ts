// Opens the shop's database: PostgreSQL when DATABASE_URL names one (./postgres/), otherwise
// the SQLite database in the data directory (created when needed), bringing its schema up to
// date, each migration in its own transaction. Every worker process of the
// server opens the same file (src/server/cluster.ts): WAL lets readers go on while one writes,
// and write transactions queue for the lock (see `writeLockFirst`).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { importUploadFiles } from "../uploads";
import type { Db } from "./engine";
import { MIGRATIONS } from "./migrations";
import { openPostgresCounters, openPostgresStore } from "./postgres/open";

export type { Db, RunResult, Statement } from "./engine";

/** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/** The shop's database: PostgreSQL when `databaseUrl` (DATABASE_URL) is given, else SQLite in `dataDir`. */
export function openDatabase(dataDir: string, databaseUrl?: string): Db {
  const db = databaseUrl ? openPostgresStore(databaseUrl) : openSqlite(dataDir);
  importUploadFiles(db, dataDir);
  return db;
}

function openSqlite(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, "store.sqlite"));
  // The wait first: switching to WAL takes the lock, which another starting worker may hold.
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  writeLockFirst(db);
  try {
    const version = db.pragma("user_version", { simple: true }) as number;
    for (let v = version; v < MIGRATIONS.length; v++) {
      db.transaction(() => {
        db.exec(MIGRATIONS[v]!);
        db.pragma(`user_version = ${v + 1}`);
      })();
    }
  } catch (err) {
    // Locked by another process, say: the caller may try again (background.ts), with a new connection.
    db.close();
    throw err;
  }
  return db;
}

/** How long the health check's write probe waits for SQLite's write lock before it says writes are unavailable. */
const PROBE_WAIT_MS = 1000;

export interface WriteProbe {
  /** Throws unless the shop's database would take a write now: its write lock is taken and let go at once. */
  probe(): void;
  close(): void;
}

const PROBED = new Error("write probe");

/** The write probe of the health check (health.ts). */
export function openWriteProbe(db: Db, dataDir: string, databaseUrl?: string): WriteProbe {
  if (databaseUrl) {
    return {
      // BEGIN and the store's lock (postgres/bridge.ts), then ROLLBACK.
      probe() {
        try {
          db.transaction(() => {
            throw PROBED;
          })();
        } catch (err) {
          if (err !== PROBED) throw err;
        }
      },
      close: () => undefined,
    };
  }
  // A connection of its own, so that it waits a second for the lock rather than the store's five.
  let connection: Database.Database | undefined;
  return {
    probe() {
      connection ??= new Database(join(dataDir, "store.sqlite"), { fileMustExist: true, timeout: PROBE_WAIT_MS });
      connection.exec("BEGIN IMMEDIATE");
      connection.exec("ROLLBACK");
    },
    close: () => connection?.close(),
  };
}

/**
 * Counters that may be lost without harm (rate-limit buckets): their own file, so that their
 * frequent small writes neither wait for the store's write lock nor pay its fsync.
 */
export function openCounters(dataDir: string, databaseUrl?: string): Db {
  return databaseUrl ? openPostgresCounters(databaseUrl) : openSqliteCounters(dataDir);
}

function openSqliteCounters(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, "counters.sqlite"));
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("journal_mode = WAL");
  // A crash of the machine may forget the last few seconds of counts: a fresh bucket is harmless.
  db.pragma("synchronous = OFF");
  writeLockFirst(db);
  db.exec(`CREATE TABLE IF NOT EXISTS rate_buckets (
    id TEXT PRIMARY KEY,
    tokens REAL NOT NULL,
    at INTEGER NOT NULL,
    full_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS rate_buckets_full ON rate_buckets(full_at);`);
  return db;
}

/**
 * Makes `db.transaction(fn)()` begin IMMEDIATE, taking the write lock at its start rather than
 * at its first write. With several processes on one file, two deferred transactions that each
 * read and then write can both hold a read snapshot and then both ask for the write lock: one
 * gets SQLITE_BUSY at once, whatever the busy timeout, since waiting could not help it. Taken
 * first, the lock is queued for like any other, so every read-then-write of every call is
 * serialized across workers; readers outside transactions still go on beside a writer (WAL).
 * Done here, once, so that no call site can forget it.
 */
function writeLockFirst(db: Database.Database): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Database.Database["transaction"]>[0]) =>
    transaction(fn).immediate) as Database.Database["transaction"];
}
