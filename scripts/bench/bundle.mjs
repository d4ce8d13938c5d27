// Raw and gzip bytes of every built entry and chunk; the boot budget.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const BOOT_BUDGET_KB = 15;

/** @type {import("./chromium.mjs").Section} */
export const bundleSizes = {
  title: "Bundle sizes (production build)",
  async run(root) {
    /** @type {ReturnType<typeof import("../../build.mjs").writeManifest>} */
    const manifest = JSON.parse(readFileSync(join(root, "dist/client/manifest.json"), "utf8"));
    /** @param {string} url */
    const gzip = (url) => gzipSync(readFileSync(join(root, "dist/client", url)), { level: 9 }).length;
    const rows = Object.entries(manifest.files)
      .filter(([, f]) => f.kind !== "map" && f.kind !== "other")
      .map(([url, f]) => ({ url, kind: f.kind, raw: f.bytes, gz: gzip(url) }))
      .sort((a, b) => b.gz - a.gz);
    console.log(`${"file".padEnd(56)} ${"kind".padEnd(6)} ${"raw".padStart(9)} ${"gzip".padStart(9)}`);
    for (const r of rows) {
      console.log(`${r.url.padEnd(56)} ${r.kind.padEnd(6)} ${String(r.raw).padStart(9)} ${String(r.gz).padStart(9)}`);
    }
    // The boot chunk is what every page runs first: the entry and the chunks it imports statically.
    const boot = [manifest.boot, ...manifest.preload];
    const bootGz = boot.reduce((sum, url) => sum + gzip(url), 0);
    console.log(`boot chunk (${boot.length} files, React excluded): ${(bootGz / 1024).toFixed(2)} KB gzip`);
    const react = rows.filter((r) => /\/(react|mount)-/.test(r.url) || r.url.includes("LEGAL"));
    if (react.length) console.log(`React and the mount chunk load on demand: ${react.map((r) => r.url).join(", ")}`);
    return [{ name: "boot chunk gzip", value: bootGz / 1024, limit: BOOT_BUDGET_KB, unit: "KB" }];
  },
};
