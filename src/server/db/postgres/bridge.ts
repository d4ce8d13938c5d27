// The PostgreSQL engine behind the synchronous `Db` interface (../engine.ts). The server's data
// layer is synchronous, as better-sqlite3 is: each statement is sent to a worker thread that
// owns the connection (statement-worker.mjs) and this thread waits for its answer, blocking
// the event loop for one round trip as better-sqlite3 blocks it for one file read. One
// connection per process suffices because the process does nothing else meanwhile, and a
// transaction is BEGIN … COMMIT on it with the JavaScript function run in between.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSyncFn } from "synckit";
import type { Db, RunResult, Statement } from "../engine";

export type Request =
  | { op: "open"; url: string; setup: string[] }
  | { op: "query"; id: number; sql: string; params: unknown[]; pluck: boolean }
  | { op: "exec"; id: number; sql: string }
  | { op: "close"; id: number };

type Send = (request: Request) => unknown;

/** A statement that waits longer than this (a lock held by a stuck transaction) fails rather than hanging the process. */
const STATEMENT_TIMEOUT_MS = 30_000;

let send: Send | undefined;

function worker(): Send {
  send ??= createSyncFn(workerFile(), { timeout: STATEMENT_TIMEOUT_MS + 5_000 }) as Send;
  return send;
}

/** The worker's file: beside this module in the sources, under the repository's src/ from the server bundle. */
function workerFile(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    for (const candidate of [join(dir, "statement-worker.mjs"), join(dir, "src/server/db/postgres/statement-worker.mjs")]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("statement-worker.mjs not found");
    dir = parent;
  }
}

export interface PostgresOptions {
  /**
   * The advisory lock every write transaction takes first, so that read-then-write transactions
   * of every instance queue, as SQLite's IMMEDIATE transactions queue for the file's lock.
   * Separate stores (the shop, the rate-limit counters) take separate locks.
   */
  lockKey: number;
}

export interface PostgresDb extends Db {
  /** Tables whose rows have an integer `id`, so an INSERT into them answers it as `lastInsertRowid`. */
  learnIdTables(): void;
}

/** `?` placeholders to `$1…`, leaving quoted text and identifiers alone. */
export function numberPlaceholders(sql: string): string {
  let out = "";
  let n = 0;
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === "?") {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

const INSERT_INTO = /^\s*INSERT\s+INTO\s+"?(\w+)"?/i;

export function openPostgres(url: string, options: PostgresOptions): PostgresDb {
  const call = worker();
  // Run again on each new connection after one was lost (statement-worker.mjs).
  const id = call({ op: "open", url, setup: [`SET statement_timeout = ${STATEMENT_TIMEOUT_MS}`] }) as number;
  let idTables = new Set<string>();
  let depth = 0;

  const query = (sql: string, params: unknown[], pluck: boolean) =>
    call({ op: "query", id, sql, params: params.map(toParameter), pluck }) as { rows: unknown[]; rowCount: number };
  const exec = (sql: string) => {
    call({ op: "exec", id, sql });
  };

  function prepare<Params extends unknown[] = unknown[], Row = unknown>(source: string): Statement<Params, Row> {
    const text = numberPlaceholders(source);
    const table = INSERT_INTO.exec(text)?.[1]?.toLowerCase();
    let plucked = false;
    // Decided at the first run, once the schema (and so which tables have an `id`) is known.
    let returning: string | undefined;
    const insertText = () => {
      returning ??= table && idTables.has(table) && !/\bRETURNING\b/i.test(text) ? `${text} RETURNING id` : text;
      return returning;
    };
    const statement: Statement<Params, Row> = {
      run(...params) {
        const sql = table ? insertText() : text;
        const result = query(sql, params, false);
        const row = result.rows[0] as { id?: number } | undefined;
        return { changes: result.rowCount, lastInsertRowid: sql !== text ? (row?.id ?? 0) : 0 } satisfies RunResult;
      },
      get: (...params) => query(text, params, plucked).rows[0] as Row | undefined,
      all: (...params) => query(text, params, plucked).rows as Row[],
      iterate: (...params) => (query(text, params, plucked).rows as Row[])[Symbol.iterator](),
      pluck(toggleState = true) {
        plucked = toggleState;
        return this;
      },
    };
    return statement;
  }

  const db: PostgresDb = {
    prepare,
    exec,
    transaction(fn) {
      return (...args) => {
        const savepoint = `s${depth}`;
        exec(depth === 0 ? `BEGIN; SELECT pg_advisory_xact_lock(${options.lockKey})` : `SAVEPOINT ${savepoint}`);
        depth++;
        try {
          const result = fn(...args) as ReturnType<typeof fn>;
          depth--;
          exec(depth === 0 ? "COMMIT" : `RELEASE SAVEPOINT ${savepoint}`);
          return result;
        } catch (error) {
          depth--;
          exec(depth === 0 ? "ROLLBACK" : `ROLLBACK TO SAVEPOINT ${savepoint}`);
          throw error;
        }
      };
    },
    close() {
      call({ op: "close", id });
    },
    learnIdTables() {
      idTables = new Set(
        query(
          `SELECT table_name FROM information_schema.columns
           WHERE table_schema = current_schema() AND column_name = 'id' AND data_type IN ('bigint', 'integer')`,
          [],
          true,
        ).rows as string[],
      );
    },
  };
  return db;
}

/** Values as better-sqlite3 binds them: booleans are not SQL values there, so none reach here; bigint as text. */
function toParameter(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  return value === undefined ? null : value;
}
