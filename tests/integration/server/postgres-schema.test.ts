// @vitest-environment node
// The two migration sets stay in step: after each engine's migrations, the same tables with the
// same columns, and on PostgreSQL the render cache's data version moves on the writes that
// move it on SQLite.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/server/db/engine";
import { openCounters, openDatabase } from "../../../src/server/db/open";
import { STORE_LOCK } from "../../../src/server/db/postgres/open";
import { type PostgresCluster, postgresBinaries, startPostgres } from "./postgres-support";

const binaries = postgresBinaries();

/** SQLite keeps rate-limit buckets in a file of their own; PostgreSQL, in the shop's database. */
function sqliteColumns(dataDir: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const db of [openDatabase(dataDir), openCounters(dataDir)]) {
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    for (const name of names) {
      tables.set(name, (db.prepare(`SELECT name FROM pragma_table_info('${name}')`).pluck().all() as string[]).sort());
    }
    db.close();
  }
  return tables;
}

function postgresColumns(db: Db): Map<string, string[]> {
  const rows = db
    .prepare(
      `SELECT table_name AS t, column_name AS c FROM information_schema.columns
       WHERE table_schema = current_schema() AND table_name != 'schema_version' ORDER BY 1, 2`,
    )
    .all() as { t: string; c: string }[];
  const tables = new Map<string, string[]>();
  for (const { t, c } of rows) {
    // SQLite's implicit rowid, which PostgreSQL's favorites spell out (they are listed by it).
    if (t === "favorites" && c === "rowid") continue;
    tables.set(t, [...(tables.get(t) ?? []), c].sort());
  }
  return tables;
}

describe.skipIf("missing" in binaries)(`the PostgreSQL migrations${"missing" in binaries ? `: ${binaries.missing}` : ""}`, () => {
  let cluster: PostgresCluster;
  let db: Db;
  let url: string;
  const dataDir = mkdtempSync(join(tmpdir(), "store-schema-"));
  beforeAll(async () => {
    cluster = await startPostgres((binaries as { bin: string }).bin);
    url = cluster.createDatabase();
    db = openDatabase(dataDir, url);
  }, 60_000);
  afterAll(() => {
    db?.close();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("make the same tables with the same columns as SQLite's", () => {
    const sqlite = sqliteColumns(dataDir);
    const postgres = postgresColumns(db);
    expect([...postgres.keys()].sort()).toEqual([...sqlite.keys()].sort());
    for (const [table, columns] of sqlite) expect({ table, columns: postgres.get(table) }).toEqual({ table, columns });
  });

  it("run once: a second start finds the schema current", () => {
    const again = openDatabase(dataDir, url);
    expect(again.prepare("SELECT count(*) FROM schema_version").pluck().get()).toBe(1);
    again.close();
  });

  it("move the page data version on the writes that change public pages, not on others, and the stock version on what orders hold", () => {
    const version = () => db.prepare("SELECT version FROM page_data_version WHERE id = 1").pluck().get() as number;
    const before = version();
    const user = db
      .prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?)")
      .run("Schema@Example.com", "x", 1).lastInsertRowid;
    expect(version()).toBe(before);
    db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run("Mei", user);
    expect(version()).toBe(before + 1);
    db.prepare("INSERT INTO coupon_claims (user_id, coupon_code, claimed_at) VALUES (?, ?, ?)").run(user, "SAVE", 1);
    expect(version()).toBe(before + 2);
    // Orders move the stock version, through what they hold of each SKU, and only that.
    const stock = () => db.prepare("SELECT stock FROM page_data_version WHERE id = 1").pluck().get() as number;
    const stockBefore = stock();
    db.prepare("UPDATE orders SET status = status WHERE id = -1").run();
    db.prepare("UPDATE order_items SET quantity = quantity WHERE id = -1").run();
    expect([version(), stock()]).toEqual([before + 2, stockBefore]);
    db.prepare("INSERT INTO sku_held (sku, held) VALUES (?, ?)").run("SCHEMA-SKU", 1);
    db.prepare("UPDATE sku_held SET held = 2 WHERE sku = ?").run("SCHEMA-SKU");
    expect([version(), stock()]).toEqual([before + 2, stockBefore + 2]);
  });

  it("compare email addresses without case, as SQLite's NOCASE does", () => {
    expect(db.prepare("SELECT email FROM users WHERE email = ?").pluck().get("schema@example.COM")).toBe("Schema@Example.com");
    expect(() =>
      db.prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?)").run("SCHEMA@example.com", "x", 1),
    ).toThrow(/duplicate key/);
  });

  it("queue a write transaction behind another connection's (another instance's) transaction", async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      // Sent whole: the server holds the lock for a second on its own, while this process waits for it.
      const holding = other.query(`BEGIN; SELECT pg_advisory_xact_lock(${STORE_LOCK}); SELECT pg_sleep(1); COMMIT;`);
      const held = db.prepare("SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND objid = ? AND granted").pluck();
      while (held.get(STORE_LOCK) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      const started = Date.now();
      db.transaction(() => db.prepare("SELECT 1").get())();
      expect(Date.now() - started).toBeGreaterThan(500);
      await holding;
    } finally {
      await other.end();
    }
  }, 30_000);

  it("roll a failed transaction back whole, and answer numbers as numbers", () => {
    const users = () => db.prepare("SELECT COUNT(*) FROM users").pluck().get();
    const before = users();
    expect(typeof before).toBe("number");
    expect(() =>
      db.transaction(() => {
        db.prepare("INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?)").run("gone@example.com", "x", 1);
        throw new Error("changed my mind");
      })(),
    ).toThrow("changed my mind");
    expect(users()).toBe(before);
  });
});
