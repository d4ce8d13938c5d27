// Reads the client build's manifest: which hashed files the document must name.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DocumentAssets } from "./document";

export interface ClientManifest {
  /** URL prefix of the built files. */
  base: string;
  boot: string;
  styles: string[];
  preload: string[];
  /** Every emitted file with its raw size, for the benchmark. */
  files: Record<string, { bytes: number; kind: "entry" | "chunk" | "css" | "map" | "other" }>;
}

export const CLIENT_DIR = "dist/client";

export function readManifest(root: string): ClientManifest {
  const path = join(root, CLIENT_DIR, "manifest.json");
  try {
    return JSON.parse(readFileSync(path, "utf8")) as ClientManifest;
  } catch (err) {
    throw new Error(`cannot read ${path} (${(err as Error).message}); run \`npm run build\` first`);
  }
}

export function documentAssets(manifest: ClientManifest): DocumentAssets {
  return { boot: manifest.boot, styles: manifest.styles, preload: manifest.preload };
}
