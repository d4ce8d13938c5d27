// Whether the store's catalog files changed since the last import: their sizes and
// modification times first (a stat per file, no read), and when those differ, a SHA-256 of
// their bytes (with the schemas they are checked against and the catalog's layout), so a file
// touched but not changed, or a copy of the same store, is not imported again.
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CATALOG_LAYOUT } from "./database";

export interface Fingerprint {
  /** Each file's size and modification time: cheap, compared first. */
  stat: string;
  /** The bytes' hash, computed only when `stat` differs from the imported one. */
  hash(): string;
}

export function fingerprintOf(dir: string, files: readonly string[], schemas: readonly unknown[]): Fingerprint {
  const stat = files
    .map((file) => {
      try {
        const s = statSync(join(dir, file));
        return `${file}:${s.size}:${s.mtimeMs}`;
      } catch {
        return `${file}:missing`;
      }
    })
    .join(";");
  let hash: string | undefined;
  return {
    stat: `${CATALOG_LAYOUT};${stat}`,
    hash() {
      if (hash === undefined) {
        const h = createHash("sha256").update(`layout ${CATALOG_LAYOUT}\n`);
        for (const schema of schemas) h.update(JSON.stringify(schema ?? null));
        for (const file of files) {
          h.update(`\n${file}\n`);
          try {
            h.update(readFileSync(join(dir, file)));
          } catch {
            h.update("missing");
          }
        }
        hash = h.digest("hex");
      }
      return hash;
    },
  };
}
