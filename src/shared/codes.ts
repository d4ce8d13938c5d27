// The envelope codes of SPEC.md §8 and the client's constants for /api/web.
import type { ApiCode } from "../../generated/types";

export const API_BASE = "/api/web";
export const API_TIMEOUT_MS = 20_000;
export const AUTH_HEADER = "x-auth";

export const CODE = {
  ok: 0,
  dialog: 10,
  permission: 30,
  fail: 40,
  fullFail: 41,
  authInvalid: 50,
  authOut: 51,
  error: 500,
  timeout: 20_000,
} as const satisfies Record<string, ApiCode>;
