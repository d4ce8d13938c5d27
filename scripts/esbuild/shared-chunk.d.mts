// Types of shared-chunk.mjs, for the tests that import it.
import type { Metafile, Plugin } from "esbuild";

export interface SharedChunkGroup {
  name: "runtime" | "islands";
  modules: string[];
  importers: string[];
}
export function planSharedChunks(
  metafile: Pick<Metafile, "outputs"> | { outputs: Record<string, unknown> },
  root: string,
  bootEntry: string,
): SharedChunkGroup[];
export function sharedChunks(groups: SharedChunkGroup[]): Plugin;
