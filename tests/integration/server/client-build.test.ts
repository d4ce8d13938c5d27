// The server names the client build's files from its manifest, and follows a rebuild while it
// runs: it looks at the manifest at most once a second, and keeps the last good one while a
// build has removed it.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LOOK_EVERY_MS, watchClientBuild } from "../../../src/server/client-build";

const manifest = (boot: string) =>
  JSON.stringify({ base: "/assets/", boot, styles: ["/assets/app.css"], preload: [], files: {} });

describe("the client build", () => {
  it("reads a rewritten manifest on the first page a second after the last look, and keeps the last good one", () => {
    const dir = mkdtempSync(join(tmpdir(), "client-build-"));
    const file = join(dir, "manifest.json");
    writeFileSync(file, manifest("/assets/boot-A.js"));
    utimesSync(file, 1000, 1000);
    let clock = 0;
    const build = watchClientBuild(dir, () => clock);
    expect(build.assets().boot).toBe("/assets/boot-A.js");

    writeFileSync(file, manifest("/assets/boot-B.js"));
    utimesSync(file, 2000, 2000);
    clock = LOOK_EVERY_MS - 1;
    expect(build.assets().boot).toBe("/assets/boot-A.js");
    clock = LOOK_EVERY_MS;
    expect(build.assets().boot).toBe("/assets/boot-B.js");

    rmSync(file);
    clock += LOOK_EVERY_MS;
    expect(build.assets().boot).toBe("/assets/boot-B.js");
    rmSync(dir, { recursive: true });
  });

  it("says to build first when there is no manifest", () => {
    const dir = mkdtempSync(join(tmpdir(), "client-build-"));
    expect(() => watchClientBuild(dir)).toThrow(/run `npm run build` first/);
    rmSync(dir, { recursive: true });
  });
});
