// @vitest-environment node
// Uploads live in the database (src/server/uploads.ts). A data directory from an earlier version
// keeps them as files: they move into the database at start, once, and lose nothing.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/server/db/open";
import { readUpload, saveUpload } from "../../../src/server/uploads";

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh data directory, removed after the file's tests. */
function dataDirectory(): string {
  const dir = mkdtempSync(join(tmpdir(), "uploads-"));
  made.push(dir);
  return dir;
}

describe("upload files of an earlier version", () => {
  it("move into the database at start, once, each folder then renamed .imported", () => {
    const dataDir = dataDirectory();
    const files = { avatars: ["a.png", "article-1.gif"], reviews: ["b.jpg"], returns: ["7-c.webp"] } as const;
    for (const [folder, names] of Object.entries(files)) {
      mkdirSync(join(dataDir, folder));
      for (const name of names) writeFileSync(join(dataDir, folder, name), `bytes of ${name}`);
    }
    let db = openDatabase(dataDir);
    for (const [folder, names] of Object.entries(files)) {
      for (const name of names) {
        expect(readUpload(db, folder as keyof typeof files, name)?.data.toString()).toBe(`bytes of ${name}`);
      }
    }
    expect(
      readdirSync(dataDir)
        .filter((entry) => entry.endsWith(".imported"))
        .sort(),
    ).toEqual(["avatars.imported", "returns.imported", "reviews.imported"]);
    expect(existsSync(join(dataDir, "avatars"))).toBe(false);
    db.close();

    // A folder that comes back (a restored backup) adds what is new and keeps what is there.
    mkdirSync(join(dataDir, "avatars"));
    writeFileSync(join(dataDir, "avatars", "a.png"), "other bytes");
    writeFileSync(join(dataDir, "avatars", "d.png"), "bytes of d.png");
    db = openDatabase(dataDir);
    expect(readUpload(db, "avatars", "a.png")?.data.toString()).toBe("bytes of a.png");
    expect(readUpload(db, "avatars", "d.png")?.data.toString()).toBe("bytes of d.png");
    expect(db.prepare("SELECT COUNT(*) FROM uploads").pluck().get()).toBe(5);
    expect(readdirSync(dataDir).filter((entry) => entry.startsWith("avatars.imported-"))).toHaveLength(1);
    db.close();
  });

  it("keep their bytes exactly, and their time", () => {
    const db = openDatabase(dataDirectory());
    const bytes = Buffer.from([0, 255, 1, 254, 0x89, 0x50]);
    saveUpload(db, "reviews", "x.png", bytes, 1_700_000_000_000);
    expect(readUpload(db, "reviews", "x.png")).toEqual({ data: bytes, createdAt: 1_700_000_000_000 });
    expect(readUpload(db, "avatars", "x.png")).toBeUndefined();
    db.close();
  });
});
