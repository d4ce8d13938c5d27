// Builds the browser bundle (ESM, code-split, minified, content-hashed, with a manifest
// the server reads) and the server bundle for SSR. `--dev` keeps React's development
// checks and the API schema checks, unminified.

import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = dirname(fileURLToPath(import.meta.url));
const dev = process.argv.includes("--dev");
const clientDir = join(root, "dist/client");
const assetsDir = join(clientDir, "assets");
const serverDir = join(root, "dist/server");
export const ASSET_BASE = "/assets/";

/** Server entry points: each becomes dist/server/{name}.js. */
const SERVER_ENTRIES = { index: "src/server/index.ts", main: "src/server/main.ts" };

/** The browser bundle's build-time constants: React's production build unless `--dev`. */
const define = {
  "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production"),
  __DEV__: JSON.stringify(dev),
};
// The server reads NODE_ENV when it starts (production hides /dev/outbox and skips the page
// data checks): a run-time setting, so the server bundle keeps `process.env.NODE_ENV` as is.
const serverDefine = { __DEV__: JSON.stringify(dev) };

async function buildClient() {
  rmSync(clientDir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { boot: "src/client.ts", app: "src/styles/app.css" },
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
    define,
    legalComments: "linked",
    logLevel: "warning",
  });
  const outputs = result.metafile.outputs;
  const url = (file) => ASSET_BASE + relative(assetsDir, join(root, file)).split("\\").join("/");
  const bootFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === "src/client.ts");
  const cssFile = Object.keys(outputs).find((f) => outputs[f].entryPoint === "src/styles/app.css" && f.endsWith(".css"));
  const files = {};
  for (const [file, out] of Object.entries(outputs)) {
    const isEntry = out.entryPoint === "src/client.ts";
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
    preload: outputs[bootFile].imports.filter((i) => i.kind === "import-statement").map((i) => url(i.path)),
    files,
  };
  mkdirSync(clientDir, { recursive: true });
  writeFileSync(join(clientDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function buildServer() {
  rmSync(serverDir, { recursive: true, force: true });
  await esbuild.build({
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
    define: serverDefine,
    logLevel: "warning",
  });
}

const started = Date.now();
const manifest = await buildClient();
await buildServer();
console.log(
  `built ${Object.keys(manifest.files).length} client files and the server in ${Date.now() - started} ms (${dev ? "development" : "production"})`,
);
