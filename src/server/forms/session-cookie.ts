// The session of a shopper signed in through a plain form post (no JavaScript): the same token
// auth/signin hands out, kept in an HttpOnly cookie the page's scripts cannot read. The API
// never reads it (x-auth only), so another site's form cannot call the API with it; form posts
// that act with it are checked for their origin (forms/register.ts).
import type { FastifyReply, FastifyRequest } from "fastify";
import { readCookie } from "../api/register";

export const SESSION_COOKIE = "sf_session";

/** As long as a token lives (auth/tokens.ts). */
const SESSION_MAX_AGE_S = 30 * 24 * 3600;

const secure = (request: FastifyRequest) => (request.protocol === "https" ? "; Secure" : "");

export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return readCookie(cookieHeader, SESSION_COOKIE) || undefined;
}

export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string): void {
  reply.header(
    "set-cookie",
    `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure(request)}`,
  );
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  reply.header("set-cookie", `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`);
}
