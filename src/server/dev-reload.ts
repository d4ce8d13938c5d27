// `npm run dev` only (DEV_RELOAD=1, never in production): every document gets a small script
// that listens on /dev/reload (server-sent events) and reloads the page when the build it was
// served with is gone. scripts/dev.mjs writes the build's id to dist/client/dev-build.txt once
// every rebuild a save started has finished and the server has restarted, so the page never
// reloads into a half-built state.

import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { hashSource, withScriptSources } from "./security";

export const DEV_RELOAD_PATH = "/dev/reload";
const POLL_MS = 250;

// The page keeps the first build it hears of; any other one means its code is stale. Inline
// (allowed by its hash in the document's policy), so that a server restarting while the page loads cannot keep it out.
const CLIENT_SCRIPT = `let first = null;
const source = new EventSource(${JSON.stringify(DEV_RELOAD_PATH)});
source.onmessage = (event) => {
  if (first === null) first = event.data;
  else if (event.data !== first) {
    console.info("[dev] a new build: reloading");
    location.reload();
  }
};
`;

const CLIENT_SCRIPT_SOURCE = hashSource(CLIENT_SCRIPT);

/** Adds the reload endpoint and script; call before compression is registered, so documents are still text. */
export function registerDevReload(app: FastifyInstance, clientDir: string): void {
  const streams = new Set<ServerResponse>();
  // Open streams would hold a closing server (a restart) for seconds.
  app.addHook("preClose", async () => {
    for (const res of streams) res.end();
  });
  const file = join(clientDir, "dev-build.txt");
  const buildId = () => {
    try {
      return readFileSync(file, "utf8").trim() || null;
    } catch {
      // Not written yet: the first build is still running.
      return null;
    }
  };

  app.addHook("onSend", async (_request, reply, payload) => {
    // Documents come as UTF-8 bytes (routes-plugin.ts), pages of other plugins as text.
    const text = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    if (text === null || !String(reply.getHeader("content-type") ?? "").startsWith("text/html")) return payload;
    const policy = reply.getHeader("content-security-policy");
    if (typeof policy === "string") reply.header("content-security-policy", withScriptSources(policy, [CLIENT_SCRIPT_SOURCE]));
    return text.replace("</body>", `<script type="module">${CLIENT_SCRIPT}</script></body>`);
  });

  app.get(DEV_RELOAD_PATH, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
    // A restarted server is asked again at once.
    res.write("retry: 300\n\n");
    let sent: string | null = null;
    const tell = () => {
      const id = buildId();
      if (id === null || id === sent) return;
      sent = id;
      res.write(`data: ${id}\n\n`);
    };
    tell();
    const timer = setInterval(tell, POLL_MS);
    streams.add(res);
    request.raw.on("close", () => {
      clearInterval(timer);
      streams.delete(res);
    });
  });
}
