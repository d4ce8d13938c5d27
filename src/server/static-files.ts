// Serves the client build (/assets/*), the store's images (/media/*), uploaded avatars
// (/media/avatars/*) and review photos (/media/reviews/*) through @fastify/static: streamed
// from disk (never read whole), with ETag and Last-Modified (304), byte ranges (206), and a
// cache lifetime per kind: content-hashed names for a year, immutable; others briefly.
import { mkdirSync } from "node:fs";
import { extname, join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance } from "fastify";

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

export async function registerStaticFiles(
  app: FastifyInstance,
  dirs: { clientDir: string; imagesDir: string; avatarsDir: string },
): Promise<void> {
  // Browsers ask for it on their own; the demo store has none, and a 404 document would be wasted work.
  app.get("/favicon.ico", (_request, reply) => reply.code(204).header("cache-control", "public, max-age=86400").send());
  await serve(app, "/assets/", join(dirs.clientDir, "assets"), (file) => (HASHED.test(file) ? CACHE.hashed : CACHE.asset));
  // Buyers' review photos (review/add), beside the avatars; a name is never reused.
  const reviewsDir = join(dirs.avatarsDir, "..", "reviews");
  // The upload folders exist from the start, so the plugin has a root to serve (empty until the first upload).
  for (const dir of [dirs.avatarsDir, reviewsDir]) mkdirSync(dir, { recursive: true });
  await serve(app, "/media/avatars/", dirs.avatarsDir, () => CACHE.media);
  await serve(app, "/media/reviews/", reviewsDir, () => CACHE.media);
  await serve(app, "/media/", dirs.imagesDir, () => CACHE.media);
}
