// GET /robots.txt, /sitemap.xml and /sitemaps/{file}: the index planned from the store on
// first ask and kept per origin, since the catalog does not change while the server runs;
// each sitemap file streamed from the catalog when asked for.
import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { Store } from "../store/load";
import { publicOrigin } from "./public-origin";
import { robotsTxt } from "./robots";
import { buildSitemaps, type Sitemaps } from "./sitemap";

export interface SeoRoutesDeps {
  store: Store;
  /** PUBLIC_URL's origin; without it the request's. */
  publicOrigin?: string;
}

// Crawlers fetch these often; an hour keeps them fresh enough after a store change and restart.
const CACHE = "public, max-age=3600";
// Without PUBLIC_URL the origin comes from the Host header: keep only a few, so no client can grow the cache.
const MAX_ORIGINS = 4;

export function registerSeoRoutes(app: FastifyInstance, deps: SeoRoutesDeps): void {
  const built = new Map<string, Sitemaps>();
  const sitemapsFor = (origin: string): Sitemaps => {
    let sitemaps = built.get(origin);
    if (!sitemaps) {
      sitemaps = buildSitemaps(deps.store, origin);
      if (built.size >= MAX_ORIGINS) built.delete(built.keys().next().value!);
      built.set(origin, sitemaps);
    }
    return sitemaps;
  };

  app.get("/robots.txt", (request, reply) =>
    reply
      .header("cache-control", CACHE)
      .type("text/plain; charset=utf-8")
      .send(robotsTxt(publicOrigin(deps.publicOrigin, request), deps.store.config.router.userPath ?? "user")),
  );
  app.get("/sitemap.xml", (request, reply) =>
    reply
      .header("cache-control", CACHE)
      .type("application/xml; charset=utf-8")
      .send(sitemapsFor(publicOrigin(deps.publicOrigin, request)).index),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", (request, reply) => {
    // Streamed: a sitemap of 50,000 products is tens of MB of XML, written as it is sent.
    const xml = sitemapsFor(publicOrigin(deps.publicOrigin, request)).files.stream(request.params.file);
    if (xml === undefined)
      return reply.code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("not found");
    return reply.header("cache-control", CACHE).type("application/xml; charset=utf-8").send(Readable.from(xml));
  });
}
