// One shared chunk for the code the public pages' islands share, instead of the dozens of
// small chunks esbuild would split it into (issue 16: at most 20 scripts per page).
//
// esbuild puts each module in the chunk of the set of entry points that reach it through
// static imports, and has no manual chunks: a hook used by the header and the account pages,
// and another used by the header and the cart, land in two files of a few hundred bytes each.
// From a first build's metafile, `planSharedChunk` picks the modules of the shared chunks
// that the runtime's entry points and the public areas' island groups reach (React,
// react-intl, the router's hooks, the small helpers of the islands), and the entry points
// that reach any of them. The plugin then gives each such entry point a static import of one
// module importing them all: every picked module is reached by the same entry points, so
// esbuild makes one chunk of them (and one of those the boot chunk reaches as well).
import { resolve } from "node:path";

/** Entry points whose shared modules make the shared chunk: the runtime's and the public areas' islands. */
const PUBLIC_ENTRY = /^(src\/runtime\/|src\/renderer\/|generated\/island-groups\/(?!validators\b))/;
const KIT = "shared-chunk";

/** The modules to group and the entry points to give them to, as absolute paths. */
export function planSharedChunk(metafile, root, bootEntry) {
  const outputs = metafile.outputs;
  const entries = Object.entries(outputs).filter(([file, out]) => out.entryPoint && file.endsWith(".js"));
  const reached = (file) => {
    const seen = new Set();
    const stack = [file];
    while (stack.length) {
      const next = stack.pop();
      if (seen.has(next)) continue;
      seen.add(next);
      for (const i of outputs[next]?.imports ?? []) if (i.kind === "import-statement") stack.push(i.path);
    }
    return seen;
  };
  const closures = new Map(entries.map(([file, out]) => [out.entryPoint, reached(file)]));
  const isShared = (file) => !outputs[file].entryPoint;
  const modules = new Set();
  for (const [entry, closure] of closures) {
    if (!PUBLIC_ENTRY.test(entry)) continue;
    for (const file of closure) if (isShared(file)) for (const input of Object.keys(outputs[file].inputs)) modules.add(input);
  }
  const chunksOfModules = new Set(
    Object.keys(outputs).filter((f) => isShared(f) && Object.keys(outputs[f].inputs).some((i) => modules.has(i))),
  );
  const importers = [...closures]
    .filter(([entry, closure]) => entry !== bootEntry && [...closure].some((f) => chunksOfModules.has(f)))
    .map(([entry]) => resolve(root, entry));
  return { modules: [...modules].map((m) => resolve(root, m)), importers };
}

/** The esbuild plugin for a plan: one module importing the grouped ones, imported by each planned entry point. */
export function sharedChunk({ modules, importers }) {
  const importing = new Set(importers);
  return {
    name: "shared-chunk",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${KIT}$`) }, () => ({ path: KIT, namespace: KIT }));
      build.onLoad({ filter: /.*/, namespace: KIT }, () => ({
        // Re-exports, not bare imports: esbuild drops a bare import of a package that declares
        // itself free of side effects, and with it the reason to group that package.
        contents: modules.map((m, i) => `export * as m${i} from ${JSON.stringify(m)};`).join("\n"),
        loader: "js",
        resolveDir: "/",
      }));
      build.onLoad({ filter: /\.(tsx?|jsx?|mjs)$/ }, async (args) => {
        if (!importing.has(args.path)) return undefined;
        const { readFile } = await import("node:fs/promises");
        const source = await readFile(args.path, "utf8");
        const loader = args.path.endsWith(".tsx") ? "tsx" : args.path.endsWith(".ts") ? "ts" : "js";
        // On the first line, so that the source map's lines stay the file's.
        return { contents: `import "${KIT}";${source}`, loader };
      });
    },
  };
}
