// GET of any page address: the document on a first load, the page-route JSON when the
// client router asks with ?request=route. Both carry the page's HTTP status.
import type { IncomingHttpHeaders } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Registry } from "../../registry/types";
import { ROUTE_MARKERS, WIRE } from "../../shared/codes";
import { isPrefix } from "../../shared/languages";
import { isPrivateRoute } from "../../shared/routes";
import { themeStyleElement } from "../../shared/theme/theme-style";
import { readCookie, visitorIdOf } from "../api/register";
import { digest, userIdOfToken } from "../auth/tokens";
import type { ClientBuild } from "../client-build";
import type { Db } from "../db/open";
import { renderDocument } from "../document";
import { clearFlash, readFlash } from "../forms/flash";
import { sessionTokenOf } from "../forms/session-cookie";
import { contentSecurityPolicy, createNonce, injectOrigins } from "../security";
import { publicOrigin } from "../seo/public-origin";
import { stockSnapshot } from "../stock";
import type { LocalizedStore } from "../store/load";
import { storeFor } from "../store/localize";
import { createPageService, type PageRequest, type PageResult } from "./page-service";
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
}

// The last resort when even the error page cannot be rendered: no islands, no data.
const BARE_500 = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Server error</title></head>
<body><main><h1>Something went wrong</h1><p>Please try again later.</p></main></body></html>
`;

const headerValue = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/**
 * Who a page is rendered for: the x-auth token of a page route, or on a first load (which
 * cannot send a header) the auth cookie that mirrors it, or the session cookie of a shopper
 * who signed in through a plain form post.
 */
function viewerOf(db: Db, headers: IncomingHttpHeaders, asRoute: boolean): Viewer | null {
  const token = asRoute
    ? headerValue(headers[WIRE.authHeader])
    : readCookie(headers.cookie, WIRE.authCookie) || sessionTokenOf(headers.cookie);
  const userId = userIdOfToken(db, token, Date.now());
  return userId === null ? null : { userId, tokenHash: digest(token!) };
}

export function registerPages(app: FastifyInstance, deps: PagesDeps): void {
  const pages = createPageService({
    store: deps.store,
    db: deps.db,
    // Stock does not depend on the language: the English store serves every page.
    stock: () => stockSnapshot(deps.db, storeFor(deps.store, "en")),
    registry: deps.registry,
    log: { error: (message) => app.log.error(message) },
    ...(deps.clock ? { clock: deps.clock } : {}),
  });
  const origins = injectOrigins(deps.store.theme);

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
      hideHead: request.headers[WIRE.hideHeadHeader] === "1",
      hideFoot: request.headers[WIRE.hideFootHeader] === "1",
      viewer: viewerOf(deps.db, request.headers, asRoute),
      visitorId: visitorIdOf(request),
      // A page route is the client's own navigation: a form post's flash is for the document it redirected to.
      form: asRoute ? null : readFlash(request.headers.cookie),
    };
    // Taken once, and the page that shows it is the shopper's own: never stored.
    if (pageRequest.form) clearFlash(reply, request);
    let result: PageResult;
    try {
      result = await pages.render(pageRequest);
    } catch (err) {
      // A page that cannot be rendered still answers as a page: the 500 error page, in its language.
      request.log.error(err);
      const prefix = /^\/([A-Za-z-]+)(\/|$)/.exec(url.pathname)?.[1] ?? "";
      try {
        result = await pages.render({ ...pageRequest, pathname: isPrefix(prefix) ? `/${prefix}/error/500` : "/error/500" });
      } catch (again) {
        request.log.error(again);
        return reply.code(500).type("text/html; charset=utf-8").header("cache-control", "no-store").send(BARE_500);
      }
    }
    reply.code(result.status);
    if (asRoute) {
      return reply
        .header("cache-control", "no-store")
        .header("vary", "x-hide-head, x-hide-foot")
        .type("application/json; charset=utf-8")
        .send({
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
    }
    const nonce = createNonce();
    const html = renderDocument({
      lang: result.language.locale,
      initialData: {
        meta: result.meta,
        config: storeFor(deps.store, result.language.messages).config,
        theme: result.theme,
        pageData: result.pageData,
      },
      pageHead: result.pageHead,
      pageBody: result.pageBody,
      pageFoot: result.pageFoot,
      assets: deps.client.assets(),
      nonce,
      headExtra: themeStyleElement(deps.store.theme, nonce),
      structuredData: result.structuredData,
    });
    return (
      reply
        .header("content-security-policy", contentSecurityPolicy(nonce, origins))
        // A page of the account area or the checkout is the shopper's own: never stored. Any
        // other document is the same for every visitor (islands fill in the rest), so the
        // browser may keep it for Back and Forward (the back/forward cache refuses no-store);
        // it still asks the server again before reusing it.
        .header("cache-control", pageRequest.form || isPrivateRoute(result.meta.route ?? "") ? "no-store" : "private, no-cache")
        .type("text/html; charset=utf-8")
        .send(html)
    );
  });
}
