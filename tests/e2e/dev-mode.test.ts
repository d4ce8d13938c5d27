// `npm run dev` in a temporary copy of the repository: the server comes up, the text of a
// component on the home page is edited in its messages file, and the page open in Chromium reloads itself with the new text
// (no manual rebuild, no restart, no reload by hand). Every process it started is stopped.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./support/browser";

const ROOT = process.cwd();
const COPIED = ["package.json", "build.mjs", "tsconfig.json", "scripts", "src", "generated", "schemas"];

let copy: string;
let dev: ChildProcess;
let output = "";
let url: string;
let browser: Browser;

/** Waits until `pattern` shows in the dev command's output; its first group. */
function waitForOutput(pattern: RegExp, from: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(output.slice(from));
      if (match) {
        clearInterval(timer);
        resolve(match[1] ?? match[0]);
      }
    };
    const timer = setInterval(check, 100);
    setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`no ${pattern} within ${timeoutMs} ms; npm run dev said:\n${output}`));
    }, timeoutMs);
  });
}

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "dev-mode-"));
  for (const entry of COPIED) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  mkdirSync(join(copy, "fixtures"));
  cpSync(join(ROOT, "fixtures/demo-store"), join(copy, "fixtures/demo-store"), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
  // Its own process group, so that npm, the watcher and the server it starts all stop together.
  dev = spawn("npm", ["run", "dev"], {
    cwd: copy,
    env: { ...process.env, PORT: "0", DATA_DIR: join(copy, ".data"), LOG_LEVEL: "warn" },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  dev.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  dev.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  url = `http://127.0.0.1:${await waitForOutput(/Demo store: http:\/\/[^:\s]+:(\d+)/, 0, 100_000)}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    process.kill(-dev.pid, "SIGTERM");
    const killed = setTimeout(() => process.kill(-dev.pid!, "SIGKILL"), 5000);
    await exited;
    clearTimeout(killed);
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
}, 30_000);

interface EditableText {
  file: string;
  /** Where the English texts are in the file: `en` of a component's messages file, the root of src/locales/en.json. */
  read(json: Record<string, unknown>): Record<string, string>;
  id: string;
  text: string;
}

/**
 * A text an island of the page shows, that no other message says the same: from the
 * component's own messages file when it has one, else from the shared src/locales/en.json.
 */
function visibleComponentText(html: string): EditableText {
  const all = Object.values(JSON.parse(readFileSync(join(copy, "generated/messages/en.json"), "utf8")) as Record<string, string>);
  const own = new Map(
    readdirSync(join(copy, "src/components"), { recursive: true })
      .map((f) => String(f).split(sep).join("/"))
      .filter((f) => f.endsWith(".messages.json"))
      .map((f) => [f.split("/").pop()!.replace(".messages.json", ""), join(copy, "src/components", f)]),
  );
  const shared = join(copy, "src/locales/en.json");
  // Each island's markup runs to the next island's start: enough to find its own texts.
  const islands = html.split(/(?=<div data-component=")/).slice(1);
  const sources = islands.flatMap((island) => {
    const file = own.get(/^<div data-component="([^"]+)"/.exec(island)![1]!);
    return file ? [{ island, file, read: (json: Record<string, unknown>) => json.en as Record<string, string> }] : [];
  });
  for (const island of islands) sources.push({ island, file: shared, read: (json) => json as Record<string, string> });
  for (const { island, file, read } of sources) {
    for (const [id, text] of Object.entries(read(JSON.parse(readFileSync(file, "utf8"))))) {
      const unique = all.filter((other) => other === text).length === 1;
      if (unique && /^[A-Za-z][A-Za-z ]{5,40}$/.test(text) && island.includes(`>${text}<`)) return { file, read, id, text };
    }
  }
  throw new Error("no island of the home page shows a text of a messages file");
}

describe("npm run dev", () => {
  it("rebuilds on save and the open page reloads with the edited component text", { timeout: 90_000 }, async () => {
    const html = await (await fetch(`${url}/`)).text();
    // Development mode: the reload script is in every document.
    expect(html.includes('new EventSource("/dev/reload")'), "the document has the reload script").toBe(true);
    const { file, read, id, text } = visibleComponentText(html);
    const page = await browser.newPage();
    await page.goto(`${url}/`);
    await page.getByText(text, { exact: true }).first().waitFor();
    // Survives only until the page reloads.
    await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true));

    const edited = `${text} edited`;
    const messages = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    read(messages)[id] = edited;
    const mark = output.length;
    writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);

    await waitForOutput(/server bundle rebuilt/, mark, 60_000);
    await page.waitForFunction((want) => document.body.innerText.includes(want), edited, { timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBeUndefined();
    // The server may still be restarting from a second rebuild (client and server bundles): ask until it answers.
    const rendered = () =>
      fetch(`${url}/`).then(
        async (response) => (await response.text()).includes(`>${edited}<`),
        () => false,
      );
    await expect.poll(rendered, { timeout: 30_000, message: "the server renders the edit" }).toBe(true);
    await page.close();
  });
});
