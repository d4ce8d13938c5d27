// `npm run dev`: the demo store for working on the code. esbuild watches and rebuilds the
// browser bundle on save (development build: React's checks and the API schema checks on),
// rebuilds the server bundle and restarts the server when server code changes, merges the
// messages again when a `*.messages.json` or `src/locales/*.json` changes and runs codegen
// when a schema changes;
// the open page reloads itself after each rebuild (src/server/dev-reload.ts).
// PORT (default 3000), HOST, STORE_DIR, DATA_DIR and LOG_LEVEL are passed to the server.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, watch, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { clientOptions, editorOptions, serverOptions, writeManifest } from "../build.mjs";
import { buildMessages } from "./codegen/messages.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const RESTART_GRACE_MS = 1500;
/** @param {string} line */
const log = (line) => console.log(`[dev] ${line}`);

let port = process.env.PORT ?? "3000";
/** @type {import("node:child_process").ChildProcess | null} */
let server = null;
let stopping = false;

/**
 * Stops the running server (SIGTERM, then SIGKILL if it lingers).
 * @returns {Promise<void>}
 */
function stopServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), RESTART_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

async function startServer() {
  await stopServer();
  if (stopping) return;
  const child = spawn(process.execPath, ["--enable-source-maps", join(root, "dist/server/main.js")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", DEV_RELOAD: "1", PORT: port },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server = child;
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    // PORT=0 picks a free port once; restarts keep it, so the open page finds the server again.
    const found = /http:\/\/[^:\s]+:(\d+)/.exec(String(chunk))?.[1];
    if (found) port = found;
  });
}

// Builds under way (each save may start both bundles); once none is left and the server has
// restarted, the build gets a new id, which the open page reloads on (src/server/dev-reload.ts).
let building = 0;
/** @type {NodeJS.Timeout | undefined} */
let settle;
let builds = 0;
const announce = () => {
  builds++;
  writeFileSync(join(root, "dist/client/dev-build.txt"), `${Date.now().toString(36)}-${builds}\n`);
};

/**
 * An esbuild plugin that runs `after` when a build succeeds, and counts builds under way.
 * @param {string} name
 * @param {(result: import("esbuild").BuildResult) => unknown} after
 * @returns {import("esbuild").Plugin}
 */
const stage = (name, after) => ({
  name,
  setup(build) {
    build.onStart(() => {
      building++;
      clearTimeout(settle);
    });
    build.onEnd(async (result) => {
      try {
        if (result.errors.length === 0) await after(result);
        else log(`${name}: ${result.errors.length} error(s); fix and save again`);
      } finally {
        building--;
        if (building === 0) settle = setTimeout(announce, 200);
      }
    });
  },
});

/** @type {() => void} */
let clientBuilt;
/** @type {Promise<void>} */
const clientReady = new Promise((resolve) => {
  clientBuilt = resolve;
});

rmSync(join(root, "dist/client"), { recursive: true, force: true });
mkdirSync(join(root, "dist/client"), { recursive: true });
const client = await esbuild.context({
  ...clientOptions(true),
  plugins: [
    ...(clientOptions(true).plugins ?? []),
    stage("client", (result) => {
      // The client options ask for the metafile.
      writeManifest(/** @type {import("esbuild").Metafile} */ (result.metafile));
      log("browser bundle rebuilt");
      clientBuilt();
    }),
  ],
});
const serverBuild = await esbuild.context({
  ...serverOptions(true),
  plugins: [
    ...(serverOptions(true).plugins ?? []),
    stage("server", async () => {
      // The server names the client's files: it starts once they exist.
      await clientReady;
      log("server bundle rebuilt; (re)starting the server");
      await startServer();
    }),
  ],
});
// The theme editor's bundle (/dev/editor): the page reloads after it is rebuilt too.
const editorBuild = await esbuild.context({
  ...editorOptions(true),
  plugins: [...(editorOptions(true).plugins ?? []), stage("editor", () => log("theme editor bundle rebuilt"))],
});
await client.watch();
await serverBuild.watch();
await editorBuild.watch();

/**
 * Debounced: an editor's save is often several file events.
 * @param {() => unknown} run
 * @param {number} [ms]
 */
function debounce(run, ms = 150) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
}

// Messages: merged into generated/messages/ (which both bundles import, so both rebuild).
const mergeMessages = debounce(() => {
  try {
    for (const [name, content] of buildMessages(root)) {
      const file = join(root, "generated", name);
      let before = null;
      try {
        before = readFileSync(file, "utf8");
      } catch {
        // A new file.
      }
      if (before !== content) writeFileSync(file, content);
    }
    log("messages merged");
  } catch (err) {
    log(`messages: ${/** @type {Error} */ (err).message}`);
  }
});
const runCodegen = debounce(() => {
  log("a schema changed; running codegen");
  spawn(process.execPath, [join(root, "scripts/codegen.mjs")], { cwd: root, stdio: "inherit" });
}, 300);

// A store file edit restarts the server, which imports the catalog files that changed
// (src/server/catalog/); the open page then reloads like after a rebuild.
const storeDir = resolve(root, process.env.STORE_DIR ?? "fixtures/demo-store");
const restartForStore = debounce(async () => {
  log("a store file changed; restarting the server");
  await startServer();
  setTimeout(announce, 200);
}, 300);

const watchers = [
  watch(storeDir, { recursive: true }, (_event, file) => {
    if (String(file).endsWith(".json")) restartForStore();
  }),
  watch(join(root, "src"), { recursive: true }, (_event, file) => {
    const name = String(file).split("\\").join("/");
    if (name.endsWith(".messages.json") || /^locales\/[^/]+\.json$/.test(name)) mergeMessages();
  }),
  watch(join(root, "schemas"), { recursive: true }, (_event, file) => {
    if (String(file).endsWith(".schema.json")) runCodegen();
  }),
];

async function shutdown() {
  if (stopping) return;
  stopping = true;
  for (const watcher of watchers) watcher.close();
  await Promise.all([client.dispose(), serverBuild.dispose(), editorBuild.dispose()]);
  await stopServer();
  process.exit(0);
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
log("watching src/, generated/, schemas/ and the store's files; Ctrl-C stops");
