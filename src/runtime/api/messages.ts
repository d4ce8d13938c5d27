// Which message a failed call shows (SPEC.md §8). The texts live in the locale files
// under "api."; the server's own message wins whenever it sent one, and a refusal's reason
// (a message id of schemas/api/reason.schema.json) wins over that: the same words in the
// shopper's language.

import { API_REASON_IDS } from "../../../generated/constants";
import type { ApiReasonId } from "../../../generated/types";
import { CODE } from "../../shared/codes";
import type { ToastText } from "../bus";

export const API_MESSAGES = {
  unknown: "api.unknown",
  timeout: "api.timeout",
  authorization: "api.authorization",
  fail: "api.fail",
  login: "api.login",
} as const;

/** What went wrong, as far as the client could tell. */
export type Failure =
  /** No HTTP answer at all: offline, refused, CORS. */
  | { kind: "network" }
  /** Our 20 s timer aborted the request. */
  | { kind: "timeout" }
  /** An HTTP error status; `code`/`msg`/`reason` when its body was an envelope. */
  | { kind: "http"; status: number; code?: number; msg?: string; reason?: Reason }
  /** HTTP 2xx whose envelope code is not 0. */
  | { kind: "envelope"; code: number; msg: string; reason?: Reason }
  /** HTTP 2xx whose body is not an envelope. */
  | { kind: "malformed" };

function byCode(code: number | undefined): string {
  switch (code) {
    case CODE.permission:
      return API_MESSAGES.authorization;
    case CODE.fail:
    case CODE.fullFail:
      return API_MESSAGES.fail;
    case CODE.authInvalid:
      return API_MESSAGES.login;
    case CODE.timeout:
      return API_MESSAGES.timeout;
    default:
      return API_MESSAGES.unknown;
  }
}

function messageId(failure: Failure): string {
  switch (failure.kind) {
    case "network":
    case "malformed":
      return API_MESSAGES.unknown;
    case "timeout":
      return API_MESSAGES.timeout;
    case "http":
      // An HTTP failure with no body to explain it: the server did not really answer.
      return failure.code === undefined ? API_MESSAGES.timeout : byCode(failure.code);
    case "envelope":
      return byCode(failure.code);
  }
}

/** A refusal's reason (schemas/api/envelope.schema.json#/definitions/reason) this client has words for. */
export interface Reason {
  id: ApiReasonId;
  values?: Record<string, string | number>;
}

const KNOWN_REASONS: ReadonlySet<string> = new Set(API_REASON_IDS);

/** The envelope's `reason` when this client knows its id, with its string and number values; a server may send anything. */
export function reasonOf(value: unknown): Reason | undefined {
  const reason = value as { id?: unknown; values?: unknown } | null | undefined;
  if (!reason || typeof reason !== "object" || typeof reason.id !== "string" || !KNOWN_REASONS.has(reason.id)) return undefined;
  const values: Record<string, string | number> = {};
  if (reason.values && typeof reason.values === "object") {
    for (const [key, v] of Object.entries(reason.values)) if (typeof v === "string" || typeof v === "number") values[key] = v;
  }
  return { id: reason.id as ApiReasonId, ...(Object.keys(values).length ? { values } : {}) };
}

export function failureText(failure: Failure): ToastText {
  if ("reason" in failure && failure.reason) return failure.reason;
  const msg = "msg" in failure ? failure.msg?.trim() : "";
  return msg ? { text: msg } : { id: messageId(failure) };
}
