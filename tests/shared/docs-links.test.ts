// Every relative link of README.md and docs/ leads somewhere: the file exists and, for a
// #fragment into a Markdown file, one of its headings has that anchor (GitHub's slugs).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const docs = join(ROOT, "docs");
  const found = [join(ROOT, "README.md")];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".md")) found.push(path);
    }
  };
  walk(docs);
  return found;
}

/** The text outside code fences and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(path: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(readFileSync(path, "utf8")).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Each broken relative link of one Markdown file, as "file: target (why)". */
function brokenLinks(path: string, text = readFileSync(path, "utf8")): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue;
    const [file, fragment] = target!.split("#") as [string, string | undefined];
    const destination = file ? resolve(dirname(path), file) : path;
    const where = `${relative(ROOT, path)}: ${target}`;
    if (!existsSync(destination)) broken.push(`${where} (no such file)`);
    else if (fragment !== undefined && destination.endsWith(".md") && !anchorsOf(destination).has(fragment))
      broken.push(`${where} (no heading with that anchor)`);
  }
  return broken;
}

describe("the guides' links", () => {
  it("README links to every guide under docs/", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    for (const guide of markdownFiles().slice(1)) expect(readme).toContain(`](${relative(ROOT, guide)})`);
  });

  it("every relative link and #anchor of README.md and docs/ resolves", () => {
    expect(markdownFiles().flatMap((path) => brokenLinks(path))).toEqual([]);
  });

  it("README stays a five-minute read: at most 200 lines, the two commands first", () => {
    const lines = readFileSync(join(ROOT, "README.md"), "utf8").split("\n");
    expect(lines.length).toBeLessThanOrEqual(201);
    expect(lines.slice(0, 6).join("\n")).toMatch(/npm install && npm start[\s\S]*\nnpm test /);
  });

  it("finds a broken file link and a broken anchor", () => {
    const probe = join(ROOT, "docs", "probe.md");
    const text = "[x](missing.md), [y](architecture.md#no-such-heading), [z](architecture.md#islands), `[w](nowhere.md)`";
    expect(brokenLinks(probe, text)).toEqual([
      "docs/probe.md: missing.md (no such file)",
      "docs/probe.md: architecture.md#no-such-heading (no heading with that anchor)",
    ]);
  });
});
