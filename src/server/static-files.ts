// Serves the client build (/assets/*), the store's images (/media/*), uploaded avatars
// (/media/avatars/*) and review photos (/media/reviews/*). Content-hashed names are cached for a year; others briefly.
import { readFile, stat } from "node:fs/promises";
import { extname, join, resolve, sep } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

// esbuild's [hash]: 8 characters of A-Z and 0-9 before the extension.
const HASHED = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

async function sendFile(reply: FastifyReply, root: string, relativePath: string, maxAge: (file: string) => string) {
  const base = resolve(root);
  const file = resolve(base, relativePath);
  if (!file.startsWith(base + sep)) return reply.code(404).type("text/plain").send("not found");
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error("not a file");
    const body = await readFile(file);
    return reply
      .header("cache-control", maxAge(file))
      .header("last-modified", info.mtime.toUTCString())
      .type(TYPES[extname(file).toLowerCase()] ?? "application/octet-stream")
      .send(body);
  } catch {
    return reply.code(404).type("text/plain").send("not found");
  }
}

export function registerStaticFiles(app: FastifyInstance, dirs: { clientDir: string; imagesDir: string; avatarsDir: string }) {
  // Browsers ask for it on their own; the demo store has none, and a 404 document would be wasted work.
  app.get("/favicon.ico", (_request, reply) => reply.code(204).header("cache-control", "public, max-age=86400").send());
  app.get<{ Params: { "*": string } }>("/assets/*", (request, reply) =>
    sendFile(reply, join(dirs.clientDir, "assets"), request.params["*"], (file) =>
      HASHED.test(file) ? "public, max-age=31536000, immutable" : "public, max-age=300",
    ),
  );
  app.get<{ Params: { "*": string } }>("/media/avatars/*", (request, reply) =>
    sendFile(reply, dirs.avatarsDir, request.params["*"], () => "public, max-age=300"),
  );
  // Buyers' review photos (review/add), beside the avatars; a name is never reused.
  app.get<{ Params: { "*": string } }>("/media/reviews/*", (request, reply) =>
    sendFile(reply, join(dirs.avatarsDir, "..", "reviews"), request.params["*"], () => "public, max-age=86400"),
  );
  app.get<{ Params: { "*": string } }>("/media/*", (request, reply) =>
    sendFile(reply, dirs.imagesDir, request.params["*"], () => "public, max-age=86400"),
  );
}
