// The repository root, where the store server finds its schemas, the demo store and the client
// build: a module of its own, so that a process needing only the path (prepare.ts) does not
// load the whole app with it.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, "package.json"))) return d;
    if (dirname(d) === d) return process.cwd();
  }
}

/** The nearest folder above this module (source or bundle) with a package.json. */
export const ROOT_DIR = findRoot(dirname(fileURLToPath(import.meta.url)));
