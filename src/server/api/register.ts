// Declares /api/web calls: POST, body checked against schemas/api/{call}.request.schema.json
// by Fastify's validation (the server's ajv holding every schema), the x-auth token resolved
// to a user, the result wrapped in the envelope.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/open";
import type { LiveHub } from "../live";
import type { Mailer } from "../mail";
import type { SchemaSet } from "../schemas";
import { SCHEMA_ID_BASE } from "../schemas";
import type { Store } from "../store/load";
import { userById, type UserRow } from "../auth/users";
import { userIdOfToken } from "../auth/tokens";
import { ApiFail, CODE, type Envelope } from "./envelope";

export const API_BASE = "/api/web";
export const AUTH_HEADER = "x-auth";

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

export interface CallDef {
  path: string;
  auth: "required" | "optional";
  /** Multipart calls check their parts themselves. */
  multipart?: boolean;
  handler(ctx: CallContext<any>): unknown;
}

export function call<B>(path: string, auth: CallDef["auth"], handler: (ctx: CallContext<B>) => unknown): CallDef {
  return { path, auth, handler };
}

export const VISITOR_COOKIE = "visitorId";
const VISITOR_ID = /^[A-Za-z0-9_-]{1,64}$/;

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
  const id = readCookie(request.headers.cookie, VISITOR_COOKIE) ?? String(request.headers["x-visitor-id"] ?? "");
  return id && VISITOR_ID.test(id) ? id : undefined;
}

export function registerCalls(app: FastifyInstance, deps: ApiDeps, calls: CallDef[]): void {
  for (const def of calls) {
    const schemaPath = `api/${def.path}.request.schema.json`;
    if (!def.multipart && !deps.schemas.has(schemaPath)) throw new Error(`no request schema schemas/${schemaPath}`);
    app.post(
      `${API_BASE}/${def.path}`,
      def.multipart ? {} : { schema: { body: { $ref: SCHEMA_ID_BASE + schemaPath } } },
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
