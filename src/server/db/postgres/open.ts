// Opens the shop's PostgreSQL database (DATABASE_URL) and brings its schema up to date. Every
// instance of the server runs this at its start; the migrations run in one transaction behind
// the store's write lock, so two instances starting together migrate once.
import type { Db } from "../engine";
import { openPostgres } from "./bridge";
import { POSTGRES_MIGRATIONS } from "./migrations";

/** The advisory locks that stand for SQLite's file locks: one per store, as each SQLite file has its own. */
export const STORE_LOCK = 7_021_001;
const COUNTERS_LOCK = 7_021_002;

export function openPostgresStore(url: string): Db {
  const db = openPostgres(url, { lockKey: STORE_LOCK });
  try {
    migrate(db);
  } catch (err) {
    db.close();
    throw err;
  }
  db.learnIdTables();
  return db;
}

function migrate(db: Db): void {
  db.transaction(() => {
    db.exec("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)");
    const version = (db.prepare("SELECT max(version) FROM schema_version").pluck().get() as number | null) ?? 0;
    for (let v = version; v < POSTGRES_MIGRATIONS.length; v++) db.exec(POSTGRES_MIGRATIONS[v]!);
    if (version < POSTGRES_MIGRATIONS.length) {
      db.prepare("INSERT INTO schema_version (version) VALUES (?)").run(POSTGRES_MIGRATIONS.length);
    }
  })();
}

/** The rate-limit buckets: a table of the same database (created by its migrations), on a connection and lock of their own. */
export function openPostgresCounters(url: string): Db {
  return openPostgres(url, { lockKey: COUNTERS_LOCK });
}
