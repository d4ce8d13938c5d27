// `npm start`: builds when dist/ is missing or older than the sources, then runs the
// built store server (dist/server/main.js) in this process.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const entry = join(root, "dist/server/main.js");
const manifest = join(root, "dist/client/manifest.json");

/** @param {string} dir @returns {number} the newest mtime of a file under `dir` */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  }
  return latest;
}

const built = existsSync(entry) && existsSync(manifest) ? Math.min(statSync(entry).mtimeMs, statSync(manifest).mtimeMs) : 0;
const sources = Math.max(newest(join(root, "src")), newest(join(root, "generated")), statSync(join(root, "build.mjs")).mtimeMs);
if (built < sources) {
  console.log(built ? "sources changed since the last build; building" : "no build yet; building");
  execFileSync(process.execPath, [join(root, "build.mjs")], { cwd: root, stdio: "inherit" });
}
await import(pathToFileURL(entry).href);
