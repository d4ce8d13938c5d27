// @vitest-environment node
// The statement bridge (src/server/db/postgres/) outlives its connection: after the database
// ends it (a restart, a proxy's cut), the next statement connects again; a transaction whose
// connection was lost fails as a whole and the next one runs on a new connection.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../../src/server/db/engine";
import { openDatabase } from "../../../src/server/db/open";
import { type PostgresCluster, postgresBinaries, startPostgres } from "./postgres-support";

const binaries = postgresBinaries();

describe.skipIf("missing" in binaries)(
  `the PostgreSQL statement bridge${"missing" in binaries ? `: ${binaries.missing}` : ""}`,
  () => {
    let cluster: PostgresCluster;
    let databaseUrl: string;
    let db: Db;
    let admin: pg.Client;
    const dataDir = mkdtempSync(join(tmpdir(), "bridge-test-"));

    beforeAll(async () => {
      cluster = await startPostgres((binaries as { bin: string }).bin);
      databaseUrl = cluster.createDatabase();
      db = openDatabase(dataDir, databaseUrl);
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
    }, 60_000);

    afterAll(async () => {
      db?.close();
      await admin?.end();
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const backend = () => db.prepare("SELECT pg_backend_pid()").pluck().get() as number;

    /** Ends the bridge's connection from outside, as a database restart would, and waits until it is gone. */
    async function endConnection(pid: number) {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
      await expect.poll(async () => (await admin.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1", [pid])).rowCount).toBe(0);
      // The worker thread sees the socket close on its own event loop.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    it("connects again for the next statement after the database ended its connection", async () => {
      const before = backend();
      await endConnection(before);
      expect(db.prepare("SELECT 41 + 1").pluck().get()).toBe(42);
      expect(backend()).not.toBe(before);
      // The connection's setup ran again on the new one.
      expect(db.prepare("SHOW statement_timeout").pluck().get()).toBe("30s");
    });

    it("fails a transaction whose connection was lost, commits nothing of it, and runs the next one", () => {
      db.exec("CREATE TABLE bridge_notes (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note TEXT NOT NULL)");
      const add = db.prepare("INSERT INTO bridge_notes (note) VALUES (?)");
      const lost = db.transaction(() => {
        add.run("before the loss");
        // The database ends this very connection in the middle of the transaction.
        db.prepare("SELECT pg_terminate_backend(pg_backend_pid())").get();
        add.run("after the loss");
      });
      expect(() => lost()).toThrow();
      expect(db.transaction(() => add.run("next"))().changes).toBe(1);
      expect(db.prepare("SELECT note FROM bridge_notes ORDER BY id").pluck().all()).toEqual(["next"]);
    });
  },
);
