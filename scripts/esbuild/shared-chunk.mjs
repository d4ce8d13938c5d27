// Two shared chunks for the code the public pages share, instead of the dozens of small chunks
// esbuild would split it into (issue 16: at most 20 scripts per page).
//
// esbuild puts each module in the chunk of the set of entry points that reach it through
// static imports, and has no manual chunks: a hook used by the header and the account pages,
// and another used by the header and the cart, land in two files of a few hundred bytes each.
// From a first build's metafile, `planSharedChunks` picks the modules of the shared chunks
// that the runtime's entry points and the public areas' island groups reach, in two groups:
// - the runtime's: what the boot chunk and the entry points that run without React (the router,
//   the background services) share with anything, such as the route table and the api client;
// - the islands': the rest, what the entry points that bring React share (React, react-intl,
//   the router's hooks, the small helpers of the islands).
// The plugin then gives each entry point that reaches a group's modules a static import of one
// module importing them all: every module of a group is reached by the same entry points, so
// esbuild makes one chunk of each group (and one of the runtime's modules the boot chunk
// reaches as well). The islands' group goes only to entry points that bring React anyway: the
// router, which runs on every page before any island hydrates, never brings React.
import { resolve } from "node:path";

/**
 * What the plan reads of an esbuild metafile (a test writes one by hand).
 * @typedef {object} MetafileShape
 * @property {Record<string, { imports?: { path: string, external?: boolean, original?: string }[] }>} inputs
 * @property {Record<string, { entryPoint?: string, inputs: Record<string, unknown>, imports?: { path: string, kind: string }[] }>} outputs
 */
/**
 * A shared chunk: its modules and the entry points that import them, as absolute paths.
 * @typedef {{ name: "runtime" | "islands", modules: string[], importers: string[] }} SharedChunkGroup
 */

/** Entry points whose shared modules make the shared chunks: the runtime's and the public areas' islands. */
const PUBLIC_ENTRY = /^(src\/runtime\/|src\/renderer\/|generated\/island-groups\/(?!validators\b))/;
const KIT = "shared-chunk";
/** The imports that bring the UI framework, whatever the build resolves them to. */
const FRAMEWORK_IMPORT = /^react(-dom)?(\/|$)/;

/**
 * The framework's modules: what the build resolved `react` and `react-dom` (and their subpaths)
 * to, and every module those import. Read from the metafile's resolved paths rather than a
 * pattern on them, so that an alias or another install layout cannot hide the framework.
 * @param {MetafileShape["inputs"]} inputs
 */
export function frameworkModules(inputs) {
  /** @type {Set<string>} */
  const found = new Set();
  const stack = Object.values(inputs).flatMap((input) =>
    (input.imports ?? []).filter((i) => !i.external && FRAMEWORK_IMPORT.test(i.original ?? "")).map((i) => i.path),
  );
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const input = inputs[next];
    if (found.has(next) || !input) continue;
    found.add(next);
    for (const i of input.imports ?? []) if (!i.external) stack.push(i.path);
  }
  return found;
}

/**
 * The groups' modules and the entry points to give each to, as absolute paths.
 * @param {MetafileShape} metafile
 * @param {string} root
 * @param {string} bootEntry
 * @returns {SharedChunkGroup[]}
 */
export function planSharedChunks(metafile, root, bootEntry) {
  const outputs = metafile.outputs;
  const framework = frameworkModules(metafile.inputs);
  const entries = Object.entries(outputs).filter(([file, out]) => out.entryPoint && file.endsWith(".js"));
  /** @param {string} file */
  const reached = (file) => {
    /** @type {Set<string>} */
    const seen = new Set();
    const stack = [file];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      for (const i of outputs[next]?.imports ?? []) if (i.kind === "import-statement") stack.push(i.path);
    }
    return seen;
  };
  const closures = new Map(entries.map(([file, out]) => [/** @type {string} */ (out.entryPoint), reached(file)]));
  // Every file asked about is an output of the metafile.
  /** @param {string} file */
  const output = (file) => /** @type {MetafileShape["outputs"][string]} */ (outputs[file]);
  /** @param {string} file */
  const isShared = (file) => !output(file).entryPoint;
  /** @param {Set<string>} closure */
  const inputsOf = (closure) => [...closure].filter(isShared).flatMap((file) => Object.keys(output(file).inputs));
  /** @param {Set<string>} closure */
  const bringsReact = (closure) => inputsOf(closure).some((input) => framework.has(input));

  // What the boot chunk reaches loads with it anyway: the runtime's, so that it is one chunk.
  const runtime = new Set(inputsOf(closures.get(bootEntry) ?? new Set()));
  /** @type {Set<string>} */
  const islands = new Set();
  for (const [entry, closure] of closures) {
    if (entry === bootEntry || !PUBLIC_ENTRY.test(entry)) continue;
    const group = bringsReact(closure) ? islands : runtime;
    for (const input of inputsOf(closure)) group.add(input);
  }
  for (const input of runtime) islands.delete(input);

  /**
   * Entry points but boot that reach any of these modules (and, with `takes`, qualify).
   * @param {Set<string>} modules
   * @param {(closure: Set<string>) => boolean} takes
   */
  const reaching = (modules, takes) => {
    const chunks = new Set(
      Object.keys(outputs).filter((f) => isShared(f) && Object.keys(output(f).inputs).some((i) => modules.has(i))),
    );
    return [...closures]
      .filter(([entry, closure]) => entry !== bootEntry && takes(closure) && [...closure].some((f) => chunks.has(f)))
      .map(([entry]) => entry);
  };
  const islandImporters = reaching(islands, bringsReact);
  // The islands' modules use the runtime's (hooks call the api client): whoever takes them takes both.
  const runtimeImporters = [...new Set([...reaching(runtime, () => true), ...islandImporters])];
  /**
   * @param {SharedChunkGroup["name"]} name
   * @param {Set<string>} modules
   * @param {string[]} importers
   * @returns {SharedChunkGroup}
   */
  const group = (name, modules, importers) => ({
    name,
    modules: [...modules].map((m) => resolve(root, m)),
    importers: importers.map((entry) => resolve(root, entry)),
  });
  return [group("runtime", runtime, runtimeImporters), group("islands", islands, islandImporters)];
}

/**
 * The esbuild plugin for the groups: per group, one module importing its modules, imported by each of its entry points.
 * @param {readonly SharedChunkGroup[]} groups
 * @returns {import("esbuild").Plugin}
 */
export function sharedChunks(groups) {
  const kits = new Map(groups.map((g) => [`${KIT}-${g.name}`, g]));
  /** @type {Map<string, string[]>} */
  const kitsOf = new Map();
  for (const [kit, { importers }] of kits) for (const file of importers) kitsOf.set(file, [...(kitsOf.get(file) ?? []), kit]);
  return {
    name: "shared-chunks",
    setup(build) {
      build.onResolve({ filter: new RegExp(`^${KIT}-`) }, (args) =>
        kits.has(args.path) ? { path: args.path, namespace: KIT } : undefined,
      );
      build.onLoad({ filter: /.*/, namespace: KIT }, (args) => ({
        // Re-exports, not bare imports: esbuild drops a bare import of a package that declares
        // itself free of side effects, and with it the reason to group that package.
        contents: /** @type {SharedChunkGroup} */ (kits.get(args.path)).modules
          .map((m, i) => `export * as m${i} from ${JSON.stringify(m)};`)
          .join("\n"),
        loader: "js",
        resolveDir: "/",
      }));
      build.onLoad({ filter: /\.(tsx?|jsx?|mjs)$/ }, async (args) => {
        const own = kitsOf.get(args.path);
        if (!own) return undefined;
        const { readFile } = await import("node:fs/promises");
        const source = await readFile(args.path, "utf8");
        const loader = args.path.endsWith(".tsx") ? "tsx" : args.path.endsWith(".ts") ? "ts" : "js";
        // On the first line, so that the source map's lines stay the file's.
        return { contents: `${own.map((kit) => `import "${kit}";`).join("")}${source}`, loader };
      });
    },
  };
}
