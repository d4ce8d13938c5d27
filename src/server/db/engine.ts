// What the server asks of its database, whichever engine holds it: the synchronous subset of
// better-sqlite3 that the call sites use. better-sqlite3's own Database satisfies it as it is
// (no wrapper on the embedded path); the PostgreSQL bridge (./postgres/) implements it too.

/** What a write reports: rows changed, and the integer `id` of the row an INSERT made. */
export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement; `?` placeholders take positional parameters. */
export interface Statement<Params extends unknown[] = unknown[], Row = unknown> {
  run(...params: Params): RunResult;
  get(...params: Params): Row | undefined;
  all(...params: Params): Row[];
  iterate(...params: Params): IterableIterator<Row>;
  /** Makes `get`/`all`/`iterate` answer with the first column's value instead of a row object. */
  pluck(toggleState?: boolean): this;
}

// biome-ignore lint/suspicious/noExplicitAny: any function may run as a transaction, as in better-sqlite3
type TransactionFn = (...args: any[]) => unknown;
type ArgumentsOf<F extends TransactionFn> = F extends (...args: infer A) => unknown ? A : never;

export interface Db {
  prepare<Params extends unknown[] = unknown[], Row = unknown>(sql: string): Statement<Params, Row>;
  /**
   * Wraps `fn` in one transaction that takes the write lock first (so read-then-write
   * transactions of every process queue rather than fail); a call inside another transaction
   * becomes a savepoint.
   */
  transaction<F extends TransactionFn>(fn: F): (...args: ArgumentsOf<F>) => ReturnType<F>;
  /** Runs one or more statements without parameters (schema changes). */
  exec(sql: string): unknown;
  close(): unknown;
}

/** Whether `err` is a unique constraint's refusal, as either engine reports it (SQLite's code, PostgreSQL's SQLSTATE). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
}
