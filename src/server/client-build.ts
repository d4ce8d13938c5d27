// The client build's manifest, re-read when `npm run build` rewrites it, so a running
// server never names hashed files that a newer build has removed.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { DocumentAssets } from "./document";
import { type ClientManifest, documentAssets } from "./manifest";

/** How often a page looks for a newer build: a stat of the manifest per page was 1% of its time. */
export const LOOK_EVERY_MS = 1000;

export interface ClientBuild {
  assets(): DocumentAssets;
}

export function watchClientBuild(clientDir: string, now: () => number = Date.now): ClientBuild {
  const path = join(clientDir, "manifest.json");
  const read = (): { mtime: number; assets: DocumentAssets } => {
    try {
      const mtime = statSync(path).mtimeMs;
      return { mtime, assets: documentAssets(JSON.parse(readFileSync(path, "utf8")) as ClientManifest) };
    } catch (err) {
      throw new Error(`cannot read ${path} (${(err as Error).message}); run \`npm run build\` first`);
    }
  };
  let current = read();
  let lookedAt = now();
  return {
    assets() {
      const at = now();
      if (at - lookedAt < LOOK_EVERY_MS) return current.assets;
      lookedAt = at;
      try {
        if (statSync(path).mtimeMs !== current.mtime) current = read();
      } catch {
        // A build in progress has removed the folder: keep the last good manifest.
      }
      return current.assets;
    },
  };
}
