// What visitors send (avatars, article pictures, review and return photos) lives in the shop's
// database, not on the disk of the instance that received it: behind a load balancer any
// instance serves what another one was sent, and one backup of the database holds it all.
// Names are random and never reused, so the bytes under a name never change.
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "./db/engine";

/** avatars: avatars and article pictures; reviews: review photos; returns: return photos (never served). */
export type UploadFolder = "avatars" | "reviews" | "returns";

const FOLDERS: readonly UploadFolder[] = ["avatars", "reviews", "returns"];

export interface Upload {
  data: Buffer;
  createdAt: number;
}

/** Stores a file; inside the caller's transaction when there is one, so it comes and goes with its row. */
export function saveUpload(db: Db, folder: UploadFolder, name: string, data: Buffer, now: number): void {
  db.prepare("INSERT INTO uploads (folder, name, data, created_at) VALUES (?, ?, ?, ?)").run(folder, name, data, now);
}

export function removeUpload(db: Db, folder: UploadFolder, name: string): void {
  db.prepare("DELETE FROM uploads WHERE folder = ? AND name = ?").run(folder, name);
}

export function readUpload(db: Db, folder: UploadFolder, name: string): Upload | undefined {
  const row = db.prepare("SELECT data, created_at AS createdAt FROM uploads WHERE folder = ? AND name = ?").get(folder, name) as
    | { data: Uint8Array; createdAt: number }
    | undefined;
  // PostgreSQL's answer crosses a thread as a plain Uint8Array; SQLite's is a Buffer already.
  return (
    row && { data: Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength), createdAt: Number(row.createdAt) }
  );
}

/**
 * Earlier versions kept uploads as files in DATA_DIR/{avatars,reviews,returns}: they move into
 * the database once (a file whose name is there already is left out), and each folder is then
 * renamed `<folder>.imported`, kept for whoever wants to check it before deleting it.
 */
export function importUploadFiles(db: Db, dataDir: string): number {
  let imported = 0;
  for (const folder of FOLDERS) {
    const dir = join(dataDir, folder);
    if (!existsSync(dir)) continue;
    const names = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isFile() && !entry.name.startsWith("."));
    db.transaction(() => {
      const known = db.prepare("SELECT 1 FROM uploads WHERE folder = ? AND name = ?").pluck();
      for (const { name } of names) {
        if (known.get(folder, name)) continue;
        const file = join(dir, name);
        saveUpload(db, folder, name, readFileSync(file), Math.round(statSync(file).mtimeMs));
        imported++;
      }
    })();
    // Imported before (a folder restored from a backup): the earlier copy stays as it is.
    const kept = existsSync(`${dir}.imported`) ? `${dir}.imported-${Date.now()}` : `${dir}.imported`;
    try {
      renameSync(dir, kept);
    } catch (err) {
      // Another process starting on the same data directory moved it first.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
  }
  return imported;
}
