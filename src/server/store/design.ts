// The store's design (theme.json and templates/*.json) taken up again while the server runs,
// outside production: after a save of the theme editor (/dev/editor) and after a hand edit
// under `npm start`, in every worker (each watches the files). Under `npm run dev` the server
// restarts on a store file edit instead (scripts/dev.mjs). A file that breaks a rule leaves
// the design as it was and says why in the log.
import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import type { SchemaSet } from "../schemas";
import { type LocalizedStore, readDesign } from "./load";
import { refreshDesign } from "./localize";

/** A file of the design: theme.json or a template, as a path under the store folder. */
export const DESIGN_FILE = /^(theme|templates\/[a-z0-9][a-z0-9-]*)\.json$/;

/** Reads and checks the design files, then puts them in `store` (pages see new objects: routes-plugin.ts). */
export function reloadDesign(store: LocalizedStore, schemas: SchemaSet, components?: readonly string[]): void {
  const { theme, templates } = readDesign(store.dir, schemas, components);
  store.theme = theme;
  store.templates = templates;
  refreshDesign(store);
}

/** An editor's save is several file events: one reload for them all. */
const SETTLE_MS = 100;

/**
 * Watches the design files of `store`; `log` gets the rule a file broke. The two folders are
 * watched, not the files: a save replaces a file (a rename), which ends a watch on the file.
 */
export function watchDesign(
  store: LocalizedStore,
  schemas: SchemaSet,
  components: readonly string[],
  log: (line: string) => void,
): { close(): void } {
  let timer: NodeJS.Timeout | undefined;
  const changed = (file: string) => {
    if (!DESIGN_FILE.test(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        reloadDesign(store, schemas, components);
      } catch (err) {
        log(`the store's design was kept as it was: ${(err as Error).message}`);
      }
    }, SETTLE_MS);
  };
  const watchers: FSWatcher[] = [
    watch(store.dir, (_event, file) => changed(String(file))),
    watch(join(store.dir, "templates"), (_event, file) => changed(`templates/${String(file)}`)),
  ];
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
