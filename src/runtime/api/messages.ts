// Which message a failed call shows (SPEC.md §8). The texts live in the locale files
// under "api."; the server's own message wins whenever it sent one.

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
  /** An HTTP error status; `code`/`msg` when its body was an envelope. */
  | { kind: "http"; status: number; code?: number; msg?: string }
  /** HTTP 2xx whose envelope code is not 0. */
  | { kind: "envelope"; code: number; msg: string }
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

export function failureText(failure: Failure): ToastText {
  const msg = "msg" in failure ? failure.msg?.trim() : "";
  return msg ? { text: msg } : { id: messageId(failure) };
}
