// Serves the client build (/assets/*) and the store's images (/media/*) through @fastify/static:
// streamed from disk (never read whole), with ETag and Last-Modified (304), byte ranges (206),
// and a cache lifetime per kind: content-hashed names for a year, immutable; others briefly.
// Uploaded avatars (/media/avatars/*) and review photos (/media/reviews/*) come from the
// database (src/server/uploads.ts), at most a few megabytes each, with the same caching.
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance } from "fastify";
import type { Db } from "./db/engine";
import { readUpload, type UploadFolder } from "./uploads";

// The types this server hands out (the plugin's table would say application/javascript, which RFC 9239 retired).
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

const CACHE = {
  /** A hashed asset never changes under its name. */
  hashed: "public, max-age=31536000, immutable",
  /** An asset without a hash in its name (a source map's neighbours, legal comments). */
  asset: "public, max-age=300",
  /**
   * Store images, avatars and review photos: a day, then the browser asks again (an ETag answers
   * 304 if unchanged). Uploads get a fresh random name each time, so none is ever stale.
   */
  media: "public, max-age=86400",
} as const;

async function serve(app: FastifyInstance, prefix: string, root: string, cacheControl: (file: string) => string) {
  await app.register(async (scope) => {
    // A path that leaves the folder or names a dotfile is refused as a missing file: nothing
    // tells a prober what is there.
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      error.statusCode === 403 ? reply.callNotFound() : app.errorHandler(error, request, reply),
    );
    await scope.register(fastifyStatic, {
      root,
      prefix,
      // Only the first registration may add reply.sendFile; none of ours uses it.
      decorateReply: false,
      index: false,
      dotfiles: "deny",
      cacheControl: false,
      contentType: false,
      setHeaders: (res, file) => {
        res.setHeader("content-type", TYPES[extname(file).toLowerCase()] ?? "application/octet-stream");
        res.setHeader("cache-control", cacheControl(file));
      },
    });
  });
}

/** An upload's bytes; its name is never reused, so the name is its ETag. */
function serveUploads(app: FastifyInstance, db: Db, folder: UploadFolder) {
  app.get<{ Params: { name: string } }>(`/media/${folder}/:name`, (request, reply) => {
    const { name } = request.params;
    const type = TYPES[extname(name).toLowerCase()];
    const upload = type && /^[\w-]{1,80}\.\w{3,4}$/.test(name) ? readUpload(db, folder, name) : undefined;
    if (!upload) return reply.callNotFound();
    const etag = `"${name}"`;
    reply
      .header("content-type", type)
      .header("cache-control", CACHE.media)
      .header("etag", etag)
      .header("last-modified", new Date(upload.createdAt).toUTCString());
    if (request.headers["if-none-match"]?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
    return reply.send(upload.data);
  });
}

export async function registerStaticFiles(
  app: FastifyInstance,
  sources: { clientDir: string; imagesDir: string; uploads: Db },
): Promise<void> {
  // Browsers ask for it on their own; the demo store has none, and a 404 document would be wasted work.
  app.get("/favicon.ico", (_request, reply) => reply.code(204).header("cache-control", "public, max-age=86400").send());
  await serve(app, "/assets/", join(sources.clientDir, "assets"), (file) => (HASHED.test(file) ? CACHE.hashed : CACHE.asset));
  // Avatars and article pictures; buyers' review photos (review/add). Return photos are never public.
  serveUploads(app, sources.uploads, "avatars");
  serveUploads(app, sources.uploads, "reviews");
  await serve(app, "/media/", sources.imagesDir, () => CACHE.media);
}
