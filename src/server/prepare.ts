// What every worker would otherwise find wrong, or redo, at its start, done once by a process
// of its own before the workers start (main.ts): PUBLIC_URL and the store files checked, the
// catalog imported, the database migrated, the rate-limit counters' file and table created
// (two workers creating them at once on a new DATA_DIR could trip over each other). A process
// of its own, so that the primary, which only keeps the workers running, never holds the
// store in its memory.
import { registry } from "../registry/index";
import { whenAvailable } from "./background";
import { openCounters, openDatabase } from "./db/open";
import { ROOT_DIR } from "./root-dir";
import { loadSchemaSet } from "./schemas";
import { parsePublicUrl } from "./seo/public-origin";
import { catalogFileOf, loadStore } from "./store/load";

export async function prepare(
  storeDir: string,
  dataDir: string,
  publicUrl: string | undefined,
  databaseUrl?: string,
): Promise<void> {
  if (publicUrl) parsePublicUrl(publicUrl);
  // Imports the catalog once, so the workers find it current.
  loadStore(storeDir, loadSchemaSet(`${ROOT_DIR}/schemas`), Object.keys(registry), {
    catalogFile: catalogFileOf(dataDir),
  }).catalog.close();
  // A database that is locked or down is waited for, as each worker would (background.ts).
  const log = (line: string) => console.error(line);
  (await whenAvailable("the database", () => openDatabase(dataDir, databaseUrl), log)).close();
  // PostgreSQL's counters table comes with its migrations.
  if (!databaseUrl) (await whenAvailable("the rate-limit counters", () => openCounters(dataDir), log)).close();
}
