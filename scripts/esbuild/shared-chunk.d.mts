// Types of shared-chunk.mjs, for the tests that import it.
import type { Metafile, Plugin } from "esbuild";

export interface SharedChunkPlan {
  modules: string[];
  importers: string[];
}
export function planSharedChunk(
  metafile: Pick<Metafile, "outputs"> | { outputs: Record<string, unknown> },
  root: string,
  bootEntry: string,
): SharedChunkPlan;
export function sharedChunk(plan: SharedChunkPlan): Plugin;
