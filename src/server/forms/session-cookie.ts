// The two HttpOnly cookies that carry a session token to pages, both set by the server and
// never readable by a page's scripts (issue #48): sf_session, of a shopper signed in through a
// plain form post (no JavaScript), and sf_auth, which follows the x-auth token of the API's
// calls so that a first load of an account page is rendered for its owner. The API never reads
// either (x-auth only), so another site's form cannot call the API with them; form posts that
// act with them are checked for their origin (forms/register.ts).
import type { FastifyReply, FastifyRequest } from "fastify";
import { WIRE } from "../../shared/codes";
import { readCookie } from "../cookies";

export const SESSION_COOKIE = "sf_session";

/** As long as a token lives (auth/tokens.ts). */
const SESSION_MAX_AGE_S = 30 * 24 * 3600;

const secure = (request: FastifyRequest) => (request.protocol === "https" ? "; Secure" : "");

const setCookie = (reply: FastifyReply, request: FastifyRequest, name: string, token: string | null) =>
  reply.header(
    "set-cookie",
    token === null
      ? `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`
      : `${name}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure(request)}`,
  );

export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return readCookie(cookieHeader, SESSION_COOKIE) || undefined;
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  setCookie(reply, request, SESSION_COOKIE, token);
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  setCookie(reply, request, SESSION_COOKIE, null);
}

/** Sets (a token) or ends (null) the auth cookie. */
export function writeAuthCookie(reply: FastifyReply, request: FastifyRequest, token: string | null): void {
  setCookie(reply, request, WIRE.authCookie, token);
}

/**
 * The auth cookie follows a call's x-auth token: set when the token is live and the cookie
 * does not carry it, ended when the token is void. A call without x-auth leaves it alone.
 */
export function followAuthHeader(reply: FastifyReply, request: FastifyRequest, token: string | undefined, live: boolean): void {
  if (token === undefined) return;
  const carried = readCookie(request.headers.cookie, WIRE.authCookie);
  if (live && carried !== token) writeAuthCookie(reply, request, token);
  else if (!live && carried) writeAuthCookie(reply, request, null);
}
