// Declares /api/web calls: POST, body checked against schemas/api/{call}.request.schema.json
// by Fastify's validation (the server's ajv holding every schema), the x-auth token resolved
// to a user, the result wrapped in the envelope. defineCall ties a handler to its call by the
// call's name alone: the body's type, the answer's type, the request schema and whether the
// call is multipart all come from schemas/api/ through generated/api-calls.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  type ApiBodies,
  type ApiCalls,
  type CallName,
  MULTIPART_CALLS,
  type MultipartCallName,
} from "../../../generated/api-calls";
import { API_BASE, AUTH_HEADER, VISITOR_COOKIE, WIRE } from "../../shared/codes";
import type { Language } from "../../shared/languages";
import type { Passwords } from "../auth/passwords";
import { userIdOfToken } from "../auth/tokens";
import { type UserRow, userById } from "../auth/users";
import { readCookie } from "../cookies";
import type { Db } from "../db/open";
import { followAuthHeader, writeAuthCookie } from "../forms/session-cookie";
import type { LiveHub } from "../live";
import type { Mailer } from "../mail";
import { messageText } from "../messages";
import type { RateLimiter } from "../rate-limit";
import type { SchemaSet } from "../schemas";
import { SCHEMA_ID_BASE } from "../schemas";
import type { LocalizedStore, Store } from "../store/load";
import { storeFor } from "../store/localize";
import { VISITOR_ID } from "./calls/shared";
import { ApiFail, CODE, type Envelope } from "./envelope";
import { languageOfRequest } from "./language";

export { API_BASE, AUTH_HEADER, VISITOR_COOKIE };

export interface ApiDeps {
  db: Db;
  /** The store in the language of the call's request (registerCalls resolves it per call); English outside a call. */
  store: Store;
  /** The store as loaded, every text in all its languages. */
  localizedStore: LocalizedStore;
  mailer: Mailer;
  live: LiveHub;
  schemas: SchemaSet;
  clock: () => number;
  /** Password hashing, bounded so that it cannot take the thread pool from everything else. */
  passwords: Passwords;
  limits: RateLimiter;
}

export interface CallContext<B> {
  body: B;
  user: UserRow | null;
  token: string | undefined;
  visitorId: string;
  request: FastifyRequest;
  /** The answer being made, for a call that sets or clears a cookie (auth/signout). */
  reply?: FastifyReply;
  /** Hands a session the call started to the HttpOnly auth cookie; absent for a form post, which keeps its own. */
  setAuthCookie?: (token: string) => void;
  deps: ApiDeps;
  /** The language of the page the call comes from: store texts and links answer in it. */
  language: Language;
}

/** What a call's handler receives as the body: a multipart call reads its parts from ctx.request. */
export type CallBody<C extends CallName> = C extends MultipartCallName ? Record<string, never> : ApiBodies[C];

/** What a call's handler may return: its answer's data; undefined stands for null. */
export type CallResult<C extends CallName> = ApiCalls[C]["response"] | (null extends ApiCalls[C]["response"] ? undefined : never);

export type CallHandler<C extends CallName> = (ctx: CallContext<CallBody<C>>) => CallResult<C> | Promise<CallResult<C>>;

/** A declared call, its types checked by defineCall and erased here so calls fit one list. */
export interface CallDef {
  readonly path: CallName;
  readonly auth: "required" | "optional";
  handler(ctx: CallContext<unknown>): unknown;
}

const MULTIPART: ReadonlySet<string> = new Set(MULTIPART_CALLS);

/**
 * One /api/web call. `path` must name a pair of schemas under schemas/api/; the handler's body
 * is that request's type and it must return that response's type, so a call whose path, request
 * or response disagree with the schemas does not type-check.
 */
export function defineCall<C extends CallName>(path: C, auth: CallDef["auth"], handler: CallHandler<C>): CallDef {
  return {
    path,
    auth,
    // Every way in (an /api/web call, the plain form that runs it) spends the signed-in account's bucket here.
    handler(ctx) {
      if (ctx.user) ctx.deps.limits.require("account", String(ctx.user.id));
      return handler(ctx as CallContext<CallBody<C>>);
    },
  };
}

export function visitorIdOf(request: FastifyRequest): string | undefined {
  const id = readCookie(request.headers.cookie, VISITOR_COOKIE) ?? String(request.headers[WIRE.visitorHeader] ?? "");
  return id && VISITOR_ID.test(id) ? id : undefined;
}

/**
 * A call another site's page makes in the shopper's browser: a foreign Origin, or the
 * browser's own Sec-Fetch-Site. Requests without either (curl, old browsers) come from no page.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // Through URL both sides drop a default port (:80, :443) the same way.
    return new URL(origin).host !== new URL(`http://${request.headers.host ?? ""}`).host;
  } catch {
    return true; // "null" (sandboxed frames, file:) and anything unparsable
  }
}

const mediaType = (request: FastifyRequest) =>
  String(request.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();

export function registerCalls(app: FastifyInstance, deps: ApiDeps, calls: CallDef[]): void {
  for (const def of calls) {
    const schemaPath = `api/${def.path}.request.schema.json`;
    // Multipart calls check their parts themselves.
    const multipart = MULTIPART.has(def.path);
    if (!multipart && !deps.schemas.has(schemaPath)) throw new Error(`no request schema schemas/${schemaPath}`);
    // JSON only (multipart for uploads): a browser sends text/plain, urlencoded or multipart
    // to another site without asking it first, never application/json.
    const expected = multipart ? "multipart/form-data" : "application/json";
    app.post(
      `${API_BASE}/${def.path}`,
      {
        ...(multipart ? {} : { schema: { body: { $ref: SCHEMA_ID_BASE + schemaPath } } }),
        onRequest: async (request, reply) => {
          if (isCrossSite(request)) {
            return reply.code(403).send({ code: CODE.permission, msg: "Calls from other sites are not accepted." });
          }
          if (mediaType(request) !== expected) {
            return reply.code(415).send({ code: CODE.fail, msg: `The body must be ${expected}.` });
          }
        },
      },
      async (request, reply): Promise<Envelope> => {
        const header = request.headers[AUTH_HEADER];
        const token = typeof header === "string" && header !== "" ? header : undefined;
        const userId = userIdOfToken(deps.db, token, deps.clock());
        const user = userId === null ? null : (userById(deps.db, userId) ?? null);
        followAuthHeader(reply, request, token, user !== null);
        const language = languageOfRequest(request);
        if (def.auth === "required" && !user) return { code: CODE.authInvalid, msg: messageText(language.messages, "api.login") };
        const visitorId = visitorIdOf(request) ?? "";
        // What the visitor's last call says about who is signed in on it, for the live channel.
        if (visitorId && token !== undefined) deps.live.bind(visitorId, user?.id ?? null, token);
        try {
          const callDeps: ApiDeps = { ...deps, store: storeFor(deps.localizedStore, language.messages) };
          const data = await def.handler({
            body: request.body ?? {},
            user,
            token,
            visitorId,
            request,
            reply,
            setAuthCookie: (issued) => writeAuthCookie(reply, request, issued),
            deps: callDeps,
            language,
          });
          return { code: CODE.ok, msg: "", data: data === undefined ? null : data };
        } catch (err) {
          if (err instanceof ApiFail) {
            reply.code(err.status);
            if (err.status === 503) reply.header("retry-after", "1");
            const reason = err.envelopeReason;
            return { code: err.code, msg: err.textIn(language.messages), ...(reason ? { reason } : {}) };
          }
          request.log.error(err);
          reply.code(500);
          return { code: CODE.error, msg: messageText(language.messages, "api.unknown") };
        }
      },
    );
  }
}
