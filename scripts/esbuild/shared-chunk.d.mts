// Types of shared-chunk.mjs, for the tests that import it.
import type { Metafile, Plugin } from "esbuild";

export interface SharedChunkGroup {
  name: "runtime" | "islands";
  modules: string[];
  importers: string[];
}
/** The framework's modules: what `react` and `react-dom` resolved to, and all they import. */
export function frameworkModules(inputs: Metafile["inputs"] | Record<string, unknown>): Set<string>;
export function planSharedChunks(
  metafile: Pick<Metafile, "outputs" | "inputs"> | { outputs: Record<string, unknown>; inputs: Record<string, unknown> },
  root: string,
  bootEntry: string,
): SharedChunkGroup[];
export function sharedChunks(groups: SharedChunkGroup[]): Plugin;
