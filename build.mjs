// Builds the browser bundle (ESM, code-split, minified, content-hashed, with a manifest
// the server reads) and the server bundle for SSR. `--dev` keeps React's development
// checks and the API schema checks, unminified. `npm run dev` (scripts/dev.mjs) watches with
// the same options (clientOptions, serverOptions, writeManifest).

import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as esbuild from "esbuild";
import { precompiledMessages } from "./scripts/esbuild/precompiled-messages.mjs";
import { planSharedChunks, sharedChunks } from "./scripts/esbuild/shared-chunk.mjs";

const root = dirname(fileURLToPath(import.meta.url));
const clientDir = join(root, "dist/client");
const assetsDir = join(clientDir, "assets");
const serverDir = join(root, "dist/server");
const editorDir = join(root, "dist/editor");
export const ASSET_BASE = "/assets/";

/** Server entry points: each becomes dist/server/{name}.js. */
const SERVER_ENTRIES = { index: "src/server/index.ts", main: "src/server/main.ts" };
const BROWSER_ENTRY = "src/client.ts";

/** @typedef {import("esbuild").Metafile} Metafile */
/** @typedef {Metafile["outputs"][string]} Output */

/**
 * The browser bundle's esbuild options; a production build unless `dev` (then React's checks and the schema checks).
 * @param {boolean} dev
 * @returns {import("esbuild").BuildOptions & { metafile: true, plugins: import("esbuild").Plugin[] }}
 */
export function clientOptions(dev) {
  return {
    absWorkingDir: root,
    entryPoints: { boot: BROWSER_ENTRY, app: "src/styles/app.css" },
    outdir: assetsDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "firefox115", "safari16"],
    minify: !dev,
    sourcemap: "linked",
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "media/[name]-[hash]",
    metafile: true,
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production"), __DEV__: JSON.stringify(dev) },
    plugins: [precompiledMessages],
    // wouter's fallback for React 17 and older: React 19 has the hook, which the shim only hands on.
    alias: { "use-sync-external-store/shim/index.js": "react" },
    legalComments: "linked",
    logLevel: "warning",
  };
}

/**
 * The theme editor's browser bundle (/dev/editor, src/editor/): one script and its stylesheet
 * in dist/editor/, which only the editor's page loads; the shop's bundle and manifest never name them.
 * @param {boolean} dev
 * @returns {import("esbuild").BuildOptions}
 */
export function editorOptions(dev) {
  return {
    absWorkingDir: root,
    entryPoints: [
      { in: "src/editor/main.tsx", out: "editor" },
      { in: "src/editor/editor.css", out: "editor" },
    ],
    outdir: editorDir,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome110", "firefox115", "safari16"],
    minify: !dev,
    sourcemap: "linked",
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production"), __DEV__: JSON.stringify(dev) },
    plugins: [precompiledMessages],
    alias: { "use-sync-external-store/shim/index.js": "react" },
    logLevel: "warning",
  };
}

/**
 * Writes dist/client/manifest.json from a client build's metafile; returns the manifest.
 * @param {Metafile} metafile
 */
export function writeManifest(metafile) {
  const outputs = metafile.outputs;
  /** @param {string} file */
  const url = (file) => ASSET_BASE + relative(assetsDir, join(root, file)).split("\\").join("/");
  // A client build always has its two entry points.
  const bootFile = /** @type {string} */ (Object.keys(outputs).find((f) => outputs[f]?.entryPoint === BROWSER_ENTRY));
  const cssFile = /** @type {string} */ (
    Object.keys(outputs).find((f) => outputs[f]?.entryPoint === "src/styles/app.css" && f.endsWith(".css"))
  );
  /** @type {Record<string, { bytes: number, kind: string, entryPoint: string | null }>} */
  const files = {};
  for (const [file, out] of Object.entries(outputs)) {
    const isEntry = out.entryPoint === BROWSER_ENTRY;
    const kind = file.endsWith(".map")
      ? "map"
      : file.endsWith(".css")
        ? "css"
        : isEntry
          ? "entry"
          : file.endsWith(".js")
            ? "chunk"
            : "other";
    files[url(file)] = { bytes: statSync(join(root, file)).size, kind, entryPoint: out.entryPoint ?? null };
  }
  const manifest = {
    base: ASSET_BASE,
    boot: url(bootFile),
    styles: [url(cssFile)],
    // The boot chunk's static imports, so the browser fetches them in parallel with it.
    preload: /** @type {Output} */ (outputs[bootFile]).imports
      .filter((i) => i.kind === "import-statement")
      .map((i) => url(i.path)),
    files,
  };
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * The server bundle's esbuild options.
 * @param {boolean} dev
 * @returns {import("esbuild").BuildOptions}
 */
export function serverOptions(dev) {
  return {
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: serverDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    sourcemap: "linked",
    entryNames: "[name]",
    chunkNames: "chunks/[name]-[hash]",
    loader: { ".css": "empty" },
    // The server reads NODE_ENV when it starts (production hides /dev/outbox and skips the page
    // data checks): a run-time setting, so the server bundle keeps `process.env.NODE_ENV` as is.
    define: { __DEV__: JSON.stringify(dev) },
    logLevel: "warning",
  };
}

/**
 * Builds the browser bundle as `npm run build` does and returns its metafile; with `write`
 * false it writes nothing (tests/integration/build reads what a production build would ship).
 * @param {boolean} dev
 * @param {{ write?: boolean }} [options]
 * @returns {Promise<Metafile>}
 */
export async function buildClient(dev, { write = true } = {}) {
  // A first pass, written nowhere, shows what the islands share; the second groups it (shared-chunk.mjs).
  const plan = planSharedChunks((await esbuild.build({ ...clientOptions(dev), write: false })).metafile, root, BROWSER_ENTRY);
  const options = clientOptions(dev);
  return (await esbuild.build({ ...options, write, plugins: [...options.plugins, sharedChunks(plan)] })).metafile;
}

/** @param {boolean} dev */
async function build(dev) {
  const started = Date.now();
  rmSync(clientDir, { recursive: true, force: true });
  const manifest = writeManifest(await buildClient(dev));
  rmSync(serverDir, { recursive: true, force: true });
  rmSync(editorDir, { recursive: true, force: true });
  await Promise.all([esbuild.build(serverOptions(dev)), esbuild.build(editorOptions(dev))]);
  console.log(
    `built ${Object.keys(manifest.files).length} client files and the server in ${Date.now() - started} ms (${dev ? "development" : "production"})`,
  );
}

// Run as a script (`npm run build`), not when scripts/dev.mjs imports the options.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await build(process.argv.includes("--dev"));
