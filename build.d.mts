// Types of build.mjs, for the tests that import it.
import type { Metafile } from "esbuild";

export declare const ASSET_BASE: string;
export declare function buildClient(dev: boolean, options?: { write?: boolean }): Promise<Metafile>;
