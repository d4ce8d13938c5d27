// @vitest-environment node
// What a page loads before any island hydrates, read from the metafile of a real production
// build (build.mjs's buildClient, written nowhere): every chunk the boot entry reaches through
// static imports, and through dynamic imports other than those that load an island, holds
// none of the UI framework's packages and no component code. So the boot chunk, the router
// and the background services never bring React, and React comes with the first island.
import type { Metafile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { buildClient } from "../../../build.mjs";

/** Packages that only an island may bring. */
const FRAMEWORK = ["react", "react-dom", "scheduler", "preact", "react-intl", "wouter", "@emotion/*"];
const packageOf = (input: string) => /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? null;
const isFramework = (pkg: string) => FRAMEWORK.some((f) => (f.endsWith("/*") ? pkg.startsWith(f.slice(0, -1)) : pkg === f));

/**
 * Dynamic imports that load an island, which the walk does not cross: the registry's loaders
 * (a component, or an area's group of components), the renderer's mount and the islands'
 * providers, which the renderer loads with an island's code. Also the theme writer (Emotion),
 * which the theme service loads on the first navigation to a page whose theme differs, never
 * while a page loads.
 */
const ISLAND_LOAD =
  /^(src\/components\/|generated\/island-groups\/(?!validators\b)|src\/renderer\/mount\.tsx$|src\/runtime\/i18n\/IslandProviders\.tsx$|src\/runtime\/theme\/emotion-theme\.ts$)/;

let metafile: Metafile;

beforeAll(async () => {
  metafile = await buildClient(false, { write: false });
}, 120_000);

/** Each output reached from the boot chunk without crossing an island's dynamic import, with the path that reached it. */
function reachedAtLoad(outputs: Metafile["outputs"]): Map<string, string> {
  const boot = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === "src/client.ts");
  expect(boot).toBeDefined();
  const reached = new Map<string, string>();
  const stack: [string, string][] = [[boot!, "boot"]];
  while (stack.length) {
    const [file, via] = stack.pop()!;
    if (reached.has(file)) continue;
    reached.set(file, via);
    for (const i of outputs[file]!.imports) {
      if (i.external) continue;
      const entry = outputs[i.path]?.entryPoint;
      if (i.kind === "dynamic-import" && entry && ISLAND_LOAD.test(entry)) continue;
      stack.push([i.path, `${via} -> ${entry ?? i.path} (${i.kind})`]);
    }
  }
  return reached;
}

describe("the production build's chunks at load", () => {
  it("reach no UI framework and no component from the boot entry", () => {
    const reached = reachedAtLoad(metafile.outputs);
    const found: string[] = [];
    for (const [file, via] of reached) {
      for (const input of Object.keys(metafile.outputs[file]!.inputs)) {
        const pkg = packageOf(input);
        if ((pkg && isFramework(pkg)) || input.startsWith("src/components/"))
          found.push(`${input} in ${file}, reached by ${via}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("do reach the router and the background services, and the islands' loads do hold React", () => {
    const reached = [...reachedAtLoad(metafile.outputs).keys()].map((file) => metafile.outputs[file]!.entryPoint);
    expect(reached).toEqual(
      expect.arrayContaining(["src/client.ts", "src/runtime/router/start.ts", "src/runtime/background.ts"]),
    );
    // The walk stops at something that holds the framework, not at nothing.
    const mount = Object.entries(metafile.outputs).find(([, out]) => out.entryPoint === "src/renderer/mount.tsx");
    expect(mount).toBeDefined();
    const withImports = (file: string): string[] => [
      ...Object.keys(metafile.outputs[file]!.inputs),
      ...metafile.outputs[file]!.imports.filter((i) => i.kind === "import-statement").flatMap((i) => withImports(i.path)),
    ];
    expect(withImports(mount![0]).some((input) => packageOf(input) === "react-dom")).toBe(true);
  });
});
