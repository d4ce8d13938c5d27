// Declares /api/web calls: POST, body checked against schemas/api/{call}.request.schema.json
// by Fastify's validation (the server's ajv holding every schema), the x-auth token resolved
// to a user, the result wrapped in the envelope. defineCall ties a handler to its call by the
// call's name alone: the body's type, the answer's type, the request schema and whether the
// call is multipart all come from schemas/api/ through generated/api-calls.ts.
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  type ApiBodies,
  type ApiCalls,
  type CallName,
  MULTIPART_CALLS,
  type MultipartCallName,
} from "../../../generated/api-calls";
import type { Db } from "../db/open";
import type { LiveHub } from "../live";
import type { Mailer } from "../mail";
import type { SchemaSet } from "../schemas";
import { SCHEMA_ID_BASE } from "../schemas";
import type { Store } from "../store/load";
import { userById, type UserRow } from "../auth/users";
import { userIdOfToken } from "../auth/tokens";
import { API_BASE, AUTH_HEADER, VISITOR_COOKIE, WIRE } from "../../shared/codes";
import { VISITOR_ID } from "./calls/shared";
import { ApiFail, CODE, type Envelope } from "./envelope";

export { API_BASE, AUTH_HEADER, VISITOR_COOKIE };

export interface ApiDeps {
  db: Db;
  store: Store;
  mailer: Mailer;
  live: LiveHub;
  schemas: SchemaSet;
  clock: () => number;
  /** Where avatar files go (served at /media/avatars/). */
  avatarsDir: string;
}

export interface CallContext<B> {
  body: B;
  user: UserRow | null;
  token: string | undefined;
  visitorId: string;
  request: FastifyRequest;
  deps: ApiDeps;
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
  handler(ctx: CallContext<any>): unknown;
}

const MULTIPART: ReadonlySet<string> = new Set(MULTIPART_CALLS);

/**
 * One /api/web call. `path` must name a pair of schemas under schemas/api/; the handler's body
 * is that request's type and it must return that response's type, so a call whose path, request
 * or response disagree with the schemas does not type-check.
 */
export function defineCall<C extends CallName>(path: C, auth: CallDef["auth"], handler: CallHandler<C>): CallDef {
  return { path, auth, handler };
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function visitorIdOf(request: FastifyRequest): string | undefined {
  const id = readCookie(request.headers.cookie, VISITOR_COOKIE) ?? String(request.headers[WIRE.visitorHeader] ?? "");
  return id && VISITOR_ID.test(id) ? id : undefined;
}

export function registerCalls(app: FastifyInstance, deps: ApiDeps, calls: CallDef[]): void {
  for (const def of calls) {
    const schemaPath = `api/${def.path}.request.schema.json`;
    // Multipart calls check their parts themselves.
    const multipart = MULTIPART.has(def.path);
    if (!multipart && !deps.schemas.has(schemaPath)) throw new Error(`no request schema schemas/${schemaPath}`);
    app.post(
      `${API_BASE}/${def.path}`,
      multipart ? {} : { schema: { body: { $ref: SCHEMA_ID_BASE + schemaPath } } },
      async (request, reply): Promise<Envelope> => {
        const header = request.headers[AUTH_HEADER];
        const token = typeof header === "string" && header !== "" ? header : undefined;
        const userId = userIdOfToken(deps.db, token, deps.clock());
        const user = userId === null ? null : (userById(deps.db, userId) ?? null);
        if (def.auth === "required" && !user) return { code: CODE.authInvalid, msg: "login error" };
        const visitorId = visitorIdOf(request) ?? "";
        // What the visitor's last call says about who is signed in on it, for the live channel.
        if (visitorId && token !== undefined) deps.live.bind(visitorId, user?.id ?? null);
        try {
          const data = await def.handler({ body: request.body ?? {}, user, token, visitorId, request, deps });
          return { code: CODE.ok, msg: "", data: data === undefined ? null : data };
        } catch (err) {
          if (err instanceof ApiFail) return { code: err.code, msg: err.message };
          request.log.error(err);
          reply.code(500);
          return { code: CODE.error, msg: "An unknown error occurred." };
        }
      },
    );
  }
}
