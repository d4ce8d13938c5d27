// Runs an /api/web call's own handler for a plain form post, so that a form does exactly what
// its island's call does (rules, limits, transactions): the body is checked against the call's
// request schema, the shopper is the one of the session cookie (sf_session, or the sf_auth
// mirror of a shopper signed in with JavaScript), the cart is the visitor cookie's, and store
// texts and links answer in the language of the form's prefix. Failures come back as values.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiCalls, CallName } from "../../../generated/api-calls";
import type { ApiCode, ApiReason } from "../../../generated/types";
import { WIRE } from "../../shared/codes";
import type { Language } from "../../shared/languages";
import { allCalls } from "../api/calls";
import { ApiFail, CODE } from "../api/envelope";
import type { ApiDeps, CallDef } from "../api/register";
import { userIdOfToken } from "../auth/tokens";
import { type UserRow, userById } from "../auth/users";
import { readCookie } from "../cookies";
import type { MessageId, MessageValues } from "../messages";
import { storeFor } from "../store/localize";
import { sessionTokenOf } from "./session-cookie";

const CALLS = new Map<string, CallDef>(allCalls.map((call) => [call.path, call]));

/** Who a form post acts for, and where it comes from. */
export interface CallSource {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: ApiDeps;
  /** The language of the form's prefix. */
  language: Language;
  /** The visitor cookie's id (issued by the form post when it had none). */
  visitorId: string;
}

/** Why a call did not go through. */
export interface CallFailure {
  code: ApiCode;
  /** The HTTP status the API would have answered with (429 when limited, 503 when busy). */
  status: number;
  /** The message id of what the call said, when it refused; its English words are for logs. */
  id?: MessageId;
  values?: MessageValues;
  reason?: ApiReason;
  /** When the request schema refused the body: the top-level field and the rule it broke. */
  invalid?: { field: string; rule: string };
}

export type CallOutcome<C extends CallName> = { ok: true; data: ApiCalls[C]["response"] } | { ok: false; failure: CallFailure };

/** The signed-in shopper of a form post: the first cookie whose token is live. */
export function sessionOf(source: Pick<CallSource, "request" | "deps">): { user: UserRow; token: string } | null {
  const cookies = source.request.headers.cookie;
  for (const token of [sessionTokenOf(cookies), readCookie(cookies, WIRE.authCookie)]) {
    if (!token) continue;
    const userId = userIdOfToken(source.deps.db, token, source.deps.clock());
    const user = userId === null ? undefined : userById(source.deps.db, userId);
    if (user) return { user, token };
  }
  return null;
}

/** The top-level field a failed rule is about: the missing property, else the first segment of the pointer. */
function fieldOf(error: { instancePath: string; params: Record<string, unknown> }): string {
  const segment = error.instancePath.split("/")[1];
  if (segment) return segment;
  const missing = error.params.missingProperty ?? error.params.additionalProperty;
  return typeof missing === "string" ? missing : "";
}

export async function runCall<C extends CallName>(
  call: C,
  body: Record<string, unknown>,
  source: CallSource,
): Promise<CallOutcome<C>> {
  const def = CALLS.get(call);
  if (!def) throw new Error(`no call ${call}`);
  const validate = source.deps.schemas.get(`api/${call}.request.schema.json`);
  // A copy: the validator fills in defaults, which the handler then reads as the API's would.
  const checked = structuredClone(body);
  if (!validate(checked)) {
    const error = validate.errors?.[0];
    return {
      ok: false,
      failure: {
        code: CODE.fail,
        status: 400,
        ...(error ? { invalid: { field: fieldOf(error), rule: error.keyword } } : {}),
      },
    };
  }
  const session = sessionOf(source);
  if (def.auth === "required" && !session) {
    return { ok: false, failure: { code: CODE.authInvalid, status: 200, id: "api.login" } };
  }
  if (source.visitorId && session) source.deps.live.bind(source.visitorId, session.user.id);
  try {
    const data = await def.handler({
      body: checked,
      user: session?.user ?? null,
      token: session?.token,
      visitorId: source.visitorId,
      request: source.request,
      reply: source.reply,
      deps: { ...source.deps, store: storeFor(source.deps.localizedStore, source.language.messages) },
      language: source.language,
    });
    return { ok: true, data: (data === undefined ? null : data) as ApiCalls[C]["response"] };
  } catch (err) {
    if (err instanceof ApiFail) {
      const reason = err.envelopeReason;
      const values = err.values ? { values: err.values } : {};
      return { ok: false, failure: { code: err.code, status: err.status, id: err.id, ...values, ...(reason ? { reason } : {}) } };
    }
    source.request.log.error(err);
    return { ok: false, failure: { code: CODE.error, status: 500, id: "api.unknown" } };
  }
}
