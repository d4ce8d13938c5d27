// Replays a recording in Chromium: every request to the recording's origin
// (http://recorded.test) is answered from it, the built client's files from dist/client, and
// the live socket from a journey's frames. No server runs and nothing leaves the machine.
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { readManifest } from "../../src/server/manifest";
import { AUTH_HEADER } from "../../src/shared/codes";
import { answerFromRecording, callQueues, type RecordedFrame, type Recording, recordedKey } from "./recording";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
};

/**
 * A recorded document with today's build in place of the recorded one: the boot module and
 * stylesheet of dist/client/manifest.json, its preloads instead of the recorded ones.
 */
export function withCurrentAssets(html: string, root = process.cwd()): string {
  const manifest = readManifest(root);
  return html
    .replace(/<link rel="modulepreload" href="\/assets\/[^"]*">/g, "")
    .replace(/<link rel="stylesheet" href="\/assets\/[^"]*">/, () =>
      [
        ...manifest.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
        ...manifest.preload.map((href) => `<link rel="modulepreload" href="${href}">`),
      ].join(""),
    )
    .replace(/(<script type="module" src=")\/assets\/[^"]*(")/, `$1${manifest.boot}$2`);
}

export interface BrowserReplay {
  /** Requests the recording did not hold (`GET /x`), answered 404. */
  missing: string[];
}

/**
 * Answers `target`'s requests to `recording.base` from the recording, and files under the
 * prefixes of `files` (the built client's /assets/ always) from disk. With `journey`, the
 * journey's /api/web answers are given in order, and each message the page sends on the live
 * socket is answered with the server frames recorded after the same client frame.
 */
export async function replayInBrowser(
  target: Page | BrowserContext,
  recording: Recording,
  options: { journey?: string; root?: string; files?: Record<string, string> } = {},
): Promise<BrowserReplay> {
  const root = options.root ?? process.cwd();
  // URL prefix -> folder: the built client, and whatever else the test serves (the store's images).
  const files = { "/assets/": join(root, "dist/client/assets"), ...options.files };
  const calls = callQueues(recording, options.journey);
  const missing: string[] = [];
  await target.route(`${recording.base}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    for (const [prefix, dir] of Object.entries(files)) {
      if (!url.pathname.startsWith(prefix)) continue;
      const file = join(dir, url.pathname.slice(prefix.length));
      if (file.startsWith(dir) && existsSync(file)) {
        return route.fulfill({
          status: 200,
          contentType: TYPES[extname(file)] ?? "application/octet-stream",
          body: readFileSync(file),
        });
      }
    }
    const signedIn = (await request.allHeaders())[AUTH_HEADER] !== undefined;
    const answer = answerFromRecording(recording, request.method(), request.url(), calls, signedIn);
    if (!answer) {
      missing.push(`${request.method()} ${recordedKey(request.url()).key}`);
      return route.fulfill({ status: 404, contentType: "text/plain", body: `not in the recording ${recording.dir}` });
    }
    const body = answer.contentType.startsWith("text/html") ? withCurrentAssets(answer.body, root) : answer.body;
    return route.fulfill({ status: answer.status, contentType: answer.contentType, body });
  });
  const all: RecordedFrame[] = options.journey ? recording.journey(options.journey).frames : [];
  const wsBase = recording.base.replace(/^http/, "ws");
  let sockets = 0;
  await target.routeWebSocket(`${wsBase}/**`, (ws) => {
    // The nth socket the page opens gets the nth recorded socket's frames (the last one's, past the end).
    const last = Math.max(0, ...all.map((f) => f.socket));
    const socket = Math.min(sockets++, last);
    const frames = all.filter((f) => f.socket === socket);
    let cursor = 0;
    // Frames the server sent before the page said anything (a welcome) go out at once.
    const sendUntilClient = () => {
      while (cursor < frames.length && frames[cursor]!.from === "server") {
        ws.send(JSON.stringify(frames[cursor]!.data));
        cursor++;
      }
    };
    sendUntilClient();
    ws.onMessage((message) => {
      const at = frames.findIndex((f, i) => i >= cursor && f.from === "client" && JSON.stringify(f.data) === String(message));
      if (at < 0) return;
      cursor = at + 1;
      sendUntilClient();
    });
  });
  return { missing };
}
