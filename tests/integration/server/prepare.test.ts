// @vitest-environment node
// What main.ts has done once, before several workers start on a new DATA_DIR: each worker then
// only opens what exists, and none creates a file or a table another is creating.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { prepare } from "../../../src/server/prepare";
import { ROOT_DIR } from "../../../src/server/root-dir";
import { START_TIMEOUT_MS } from "./support";

const dataDir = mkdtempSync(join(tmpdir(), "store-prepare-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("prepare", () => {
  it(
    "migrates the database and creates the rate-limit counters with their table, in WAL mode",
    async () => {
      await prepare(join(ROOT_DIR, "fixtures/demo-store"), dataDir, undefined);
      const counters = new Database(join(dataDir, "counters.sqlite"), { readonly: true, fileMustExist: true });
      try {
        expect(counters.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toContain("rate_buckets");
        expect(counters.pragma("journal_mode", { simple: true })).toBe("wal");
      } finally {
        counters.close();
      }
      const store = new Database(join(dataDir, "store.sqlite"), { readonly: true, fileMustExist: true });
      try {
        expect(store.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'carts'").pluck().get()).toBe(1);
      } finally {
        store.close();
      }
    },
    START_TIMEOUT_MS,
  );
});
