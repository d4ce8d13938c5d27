// A tiny HTTP server for browser tests: serves the built client (dist/client) and pages
// a test hands it, on a random loopback port.

import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

export type Handler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface TestServer {
  url: string;
  /** The http.Server, for tests that also accept WebSocket upgrades on the same port. */
  server: Server;
  /** Serve this HTML at this path. */
  page(path: string, html: string): void;
  /** Extra routes; a handler returns true when it answered. */
  use(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(root = process.cwd()): Promise<TestServer> {
  const pages = new Map<string, string>();
  const handlers: Handler[] = [];
  const clientDir = join(root, "dist/client");
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    for (const handler of handlers) if (await handler(req, res)) return;
    const page = pages.get(url.pathname);
    if (page !== undefined) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
      return;
    }
    const file = normalize(join(clientDir, url.pathname));
    if (!file.startsWith(clientDir)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    page: (path, html) => void pages.set(path, html),
    use: (handler) => void handlers.push(handler),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
