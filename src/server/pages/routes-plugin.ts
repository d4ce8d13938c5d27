// GET of any page address: the document on a first load, the page-route JSON when the
// client router asks with ?request=route. Both carry the page's HTTP status.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import type { Registry } from "../../registry/types";
import { ROUTE_MARKERS, WIRE } from "../../shared/codes";
import { isPrefix } from "../../shared/languages";
import { isPrivateRoute } from "../../shared/routes";
import { themeStyleElement } from "../../shared/theme/theme-style";
import { visitorIdOf } from "../api/register";
import { digest, userIdOfToken } from "../auth/tokens";
import type { ClientBuild } from "../client-build";
import { readCookie } from "../cookies";
import type { Db } from "../db/open";
import { type DocumentAssets, renderDocument } from "../document";
import { clearFlash, readFlash } from "../forms/flash";
import { sessionTokenOf } from "../forms/session-cookie";
import { contentSecurityPolicy, injectOrigins, inlineSources } from "../security";
import { publicOrigin } from "../seo/public-origin";
import { stillHeld, stockSnapshot } from "../stock";
import type { LocalizedStore } from "../store/load";
import { storeFor } from "../store/localize";
import { createAdmission } from "./admission";
import { type CachedPage, type CacheOutcome, createPageService, type PageRequest, type PageResult } from "./page-service";
import { createRenderCache, pageDataVersion } from "./render-cache";
import type { Viewer } from "./resolve";

export interface PagesDeps {
  /** The store as loaded; each page reads it in its own language. */
  store: LocalizedStore;
  registry: Registry;
  client: ClientBuild;
  db: Db;
  /** PUBLIC_URL's origin; without it absolute addresses use the request's. */
  publicOrigin?: string;
  /** The server's clock, which pages compare dates with; Date.now by default. */
  clock?: () => number;
  /**
   * Cached bodies are kept compressed too (each encoding once) and sent as they are. Off under
   * dev reload, which writes its script into each document as text.
   */
  precompress?: boolean;
}

// The last resort when even the error page cannot be rendered: no islands, no data.
const BARE_500 = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Server error</title></head>
<body><main><h1>Something went wrong</h1><p>Please try again later.</p></main></body></html>
`;

const headerValue = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/**
 * An anonymous public page: any cache may keep it, a shared one (a CDN) serves it for 30 s and
 * a minute longer while it asks again in the background; a browser asks every time (its ETag
 * makes that a 304). docs/operators.md, "Caching".
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
/** The page-route headers the answer depends on (the language is in the path). */
const ROUTE_VARY = `${WIRE.hideHeadHeader}, ${WIRE.hideFootHeader}, ${WIRE.authHeader}, accept-encoding`;

interface Body {
  /**
   * The answer as UTF-8, encoded once: hashed for the ETag and written to the socket as it is.
   * A document is a two-byte string (the language switch names 简体中文), whose encoding costs a
   * 35 KB page about as much as hashing it; a cached page no longer pays it on every answer.
   */
  bytes: Buffer;
  etag: string;
  /** A cached body compressed once per encoding, rather than once per answer. */
  encoded?: Map<Encoding, Buffer>;
}

type Encoding = "br" | "gzip";

// As @fastify/compress (app.ts) would answer: the same encodings, and nothing below its threshold.
const COMPRESS_THRESHOLD = 1024;
const COMPRESS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: 5 },
    }),
  gzip: (bytes) => gzipSync(bytes),
};

/** The encoding to answer with, by the client's weights (q); on a tie brotli, then gzip; null for none. */
function encodingOf(request: FastifyRequest): Encoding | null {
  const chosen = new Negotiator(request).encoding(["br", "gzip", "identity"], { preferred: ["br", "gzip"] });
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

function bodyOf(text: string): Body {
  const bytes = Buffer.from(text, "utf8");
  return { bytes, etag: `"${createHash("sha1").update(bytes).digest("base64url")}"` };
}

/** If-None-Match against a strong ETag, by the weak comparison RFC 9110 asks for there. */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = headerValue(request.headers["if-none-match"]);
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The auth or form session cookie: the answer is that shopper's (a CDN passes such requests by: docs/operators.md). */
function hasSessionCookie(headers: IncomingHttpHeaders): boolean {
  return Boolean(readCookie(headers.cookie, WIRE.authCookie) || sessionTokenOf(headers.cookie));
}

/**
 * Who a page is rendered for: the x-auth token of a page route, or on a first load (which
 * cannot send a header) the auth cookie that mirrors it, or the session cookie of a shopper
 * who signed in through a plain form post.
 */
export function viewerOf(db: Db, headers: IncomingHttpHeaders, asRoute: boolean): Viewer | null {
  const token = asRoute
    ? headerValue(headers[WIRE.authHeader])
    : readCookie(headers.cookie, WIRE.authCookie) || sessionTokenOf(headers.cookie);
  const userId = userIdOfToken(db, token, Date.now());
  return userId === null ? null : { userId, tokenHash: digest(token!) };
}

/** The document of a rendered page, with `themeStyle` (themeStyleElement) in its head. */
export function pageDocument(store: LocalizedStore, result: PageResult, assets: DocumentAssets, themeStyle: string): string {
  return renderDocument({
    lang: result.language.locale,
    initialData: {
      meta: result.meta,
      config: storeFor(store, result.language.messages).config,
      theme: result.theme,
      pageData: result.pageData,
    },
    pageHead: result.pageHead,
    pageBody: result.pageBody,
    pageFoot: result.pageFoot,
    assets,
    headExtra: themeStyle,
    structuredData: result.structuredData,
  });
}

/** Whether the page's result lives on in the render cache (and its bodies, encodings included, with it). */
const kept = (cache: CacheOutcome): boolean => cache === "hit" || cache === "stored";

export function registerPages(app: FastifyInstance, deps: PagesDeps): void {
  const createPages = () =>
    createPageService({
      store: deps.store,
      db: deps.db,
      cache: {
        pages: createRenderCache<CachedPage>(),
        version: pageDataVersion(deps.db),
        admission: createAdmission(),
        stillHeld: (held) => stillHeld(deps.db, held),
      },
      // Stock does not depend on the language: the English store serves every page.
      stock: () => stockSnapshot(deps.db, storeFor(deps.store, "en")),
      registry: deps.registry,
      log: { error: (message) => app.log.error(message) },
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
  /** What the store's theme and templates make: the pages (and their cache), one <style>, one policy, for every document. */
  const designOf = () => {
    const origins = injectOrigins(deps.store.theme);
    const themeStyle = themeStyleElement(deps.store.theme);
    const inline = inlineSources(themeStyle);
    return {
      theme: deps.store.theme,
      templates: deps.store.templates,
      pages: createPages(),
      themeStyle,
      policy: contentSecurityPolicy({
        scripts: [...inline.scripts, ...origins.scripts],
        styles: [...inline.styles, ...origins.styles],
      }),
    };
  };
  let design = designOf();
  // The design is fixed in production; outside it, a save of the theme editor or a hand edit
  // puts new objects in the store (store/design.ts), and the pages start again from them.
  const current = () => {
    if (design.theme !== deps.store.theme || design.templates !== deps.store.templates) design = designOf();
    return design;
  };
  // The bodies of cached pages, per answer kind and client build, live as long as their page in the render cache.
  const bodies = new WeakMap<PageResult, Map<string, Body>>();
  const bodyFor = (result: PageResult, cache: CacheOutcome, kind: string, make: () => string): Body => {
    if (!kept(cache)) return bodyOf(make());
    const kinds = bodies.get(result) ?? new Map<string, Body>();
    bodies.set(result, kinds);
    const body = kinds.get(kind) ?? bodyOf(make());
    kinds.set(kind, body);
    return body;
  };
  const documentOf = (result: PageResult, assets: DocumentAssets): string =>
    pageDocument(deps.store, result, assets, current().themeStyle);
  const routeJson = (result: PageResult): string =>
    JSON.stringify({
      code: 0,
      msg: "",
      data: {
        data: result.pageData,
        theme: result.theme,
        pageBody: result.pageBody,
        pageHead: result.pageHead,
        pageFoot: result.pageFoot,
        meta: result.meta,
      },
    });
  /** The body with its ETag, or a 304 when the browser or cache holds it already. */
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, body: Body, cache: CacheOutcome) => {
    reply.header("etag", body.etag);
    if (status === 200 && notModified(request, body.etag)) return reply.code(304).send();
    reply.code(status);
    const encoding = deps.precompress && kept(cache) && body.bytes.length >= COMPRESS_THRESHOLD ? encodingOf(request) : null;
    if (!encoding) return reply.send(body.bytes);
    body.encoded ??= new Map();
    const bytes = body.encoded.get(encoding) ?? COMPRESS[encoding](body.bytes);
    body.encoded.set(encoding, bytes);
    // Already encoded: the compression plugin lets it through as it is.
    return reply.header("content-encoding", encoding).send(bytes);
  };

  app.get<{ Params: { "*": string } }>("/*", async (request, reply) => {
    const url = new URL(request.url, "http://localhost");
    // API calls are POSTs; a GET of one is not a page.
    if (url.pathname.startsWith("/api/")) return reply.code(404).send({ code: 40, msg: "There is no such call." });
    const asRoute = url.searchParams.get(WIRE.routeQuery) === WIRE.routeQueryValue;
    // The page-route markers are the router's, not the page's: links the page writes back to
    // itself (sign-in's redirect, the language switch) must not carry them.
    if (asRoute) for (const marker of ROUTE_MARKERS) url.searchParams.delete(marker);
    const pageRequest: PageRequest = {
      pathname: url.pathname,
      origin: publicOrigin(deps.publicOrigin, request),
      query: url.searchParams,
      // The router's flags, for page routes only (whose Vary names them): a document heeding
      // them would let one request strip the page a shared cache then serves to all (issue #48).
      hideHead: asRoute && request.headers[WIRE.hideHeadHeader] === "1",
      hideFoot: asRoute && request.headers[WIRE.hideFootHeader] === "1",
      viewer: viewerOf(deps.db, request.headers, asRoute),
      visitorId: visitorIdOf(request),
      // A page route is the client's own navigation: a form post's flash is for the document it redirected to.
      form: asRoute ? null : readFlash(request.headers.cookie),
    };
    // Taken once, and the page that shows it is the shopper's own: never stored.
    if (pageRequest.form) clearFlash(reply, request);
    let result: PageResult;
    let cache: CacheOutcome = "bypass";
    try {
      ({ result, cache } = await current().pages.renderCached(pageRequest));
    } catch (err) {
      // A page that cannot be rendered still answers as a page: the 500 error page, in its language.
      request.log.error(err);
      const prefix = /^\/([A-Za-z-]+)(\/|$)/.exec(url.pathname)?.[1] ?? "";
      try {
        result = await current().pages.render({
          ...pageRequest,
          pathname: isPrefix(prefix) ? `/${prefix}/error/500` : "/error/500",
        });
      } catch (again) {
        request.log.error(again);
        return reply.code(500).type("text/html; charset=utf-8").header("cache-control", "no-store").send(BARE_500);
      }
    }
    // Asked with a session (x-auth on a page route, a session cookie on a first load): the
    // answer is that shopper's, even when the token turned out to be void.
    const withSession = asRoute ? request.headers[WIRE.authHeader] !== undefined : hasSessionCookie(request.headers);
    const shared = result.shared && !withSession && result.status === 200;
    reply.header("x-render-cache", cache);
    if (asRoute) {
      reply
        .header("cache-control", shared ? SHARED_CACHE_CONTROL : "private, no-store")
        .header("vary", ROUTE_VARY)
        .type("application/json; charset=utf-8");
      return send(
        request,
        reply,
        result.status,
        bodyFor(result, cache, "route", () => routeJson(result)),
        cache,
      );
    }
    const assets = deps.client.assets();
    const kind = `document ${assets.boot} ${assets.styles.join(" ")}`;
    reply
      .header("content-security-policy", current().policy)
      // A page of the account area or the checkout, or one a form post sent back, is the
      // shopper's own: never stored. A signed-in shopper's public page stays private, and the
      // browser may keep it for Back and Forward (the back/forward cache refuses no-store).
      .header(
        "cache-control",
        shared
          ? SHARED_CACHE_CONTROL
          : pageRequest.form || isPrivateRoute(result.meta.route ?? "")
            ? "no-store"
            : "private, no-cache",
      )
      .header("vary", "accept-encoding")
      .type("text/html; charset=utf-8");
    return send(
      request,
      reply,
      result.status,
      bodyFor(result, cache, kind, () => documentOf(result, assets)),
      cache,
    );
  });
}
