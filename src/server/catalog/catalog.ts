// The catalog a server reads: opened from its database file, imported first when the store's
// catalog files differ from the last import (fingerprint.ts). Several worker processes may
// start at once: the import holds the write lock (BEGIN IMMEDIATE) and looks at the
// fingerprint again once it has it, so one process imports and the others, queued behind it,
// find the work done.
import type { UntranslatedText } from "../store/load";
import { type CatalogDb, openCatalogDb, readMeta, writeMeta } from "./database";
import type { Fingerprint } from "./fingerprint";
import { type CatalogInput, writeCatalog } from "./import";
import { CatalogReads } from "./queries";

export class Catalog extends CatalogReads {
  /**
   * Names the imported catalog: it changes with every import of different files, so a cache
   * of pages drawn from the catalog can key on it (with the shop database's data version).
   */
  readonly version: string;
  /** Whether this start imported the files (false: the last import was still current). */
  readonly imported: boolean;

  constructor(db: CatalogDb, imported: boolean) {
    super(db);
    this.imported = imported;
    this.version = (readMeta(db, "hash") ?? "").slice(0, 16);
  }

  /** The catalog files' texts without a zh or zh-HK translation, as the import found them. */
  untranslated(): UntranslatedText[] {
    return (this.db.prepare("SELECT data FROM untranslated ORDER BY id").pluck().all() as string[]).map(
      (d) => JSON.parse(d) as UntranslatedText,
    );
  }

  close(): void {
    this.db.close();
  }
}

/**
 * The catalog in `file` (":memory:" for one of this process only), imported from `read()` when
 * the files' fingerprint differs from the stored one. `read` parses and checks the files; an
 * error it throws leaves the last import in place.
 */
export function openCatalog(file: string, fingerprint: Fingerprint, read: () => CatalogInput): Catalog {
  const db = openCatalogDb(file);
  if (readMeta(db, "stat") === fingerprint.stat) return new Catalog(db, false);
  let imported = false;
  try {
    db.exec("BEGIN IMMEDIATE");
    // Another process may have imported while this one waited for the lock.
    if (readMeta(db, "stat") !== fingerprint.stat) {
      if (readMeta(db, "hash") !== fingerprint.hash()) {
        writeCatalog(db, read());
        writeMeta(db, "hash", fingerprint.hash());
        imported = true;
      }
      // Same bytes under new times (a copy, a touch): only the stat changes.
      writeMeta(db, "stat", fingerprint.stat);
    }
    db.exec("COMMIT");
  } catch (err) {
    if (db.inTransaction) db.exec("ROLLBACK");
    db.close();
    throw err;
  }
  return new Catalog(db, imported);
}
