// The envelope codes of SPEC.md §8 and the names of the wire contract shared by the browser
// runtime and the server. The wire names are defined once, in
// schemas/wire/wire-constants.schema.json (generated as WIRE); these are short aliases.
import { WIRE } from "../../generated/constants";
import type { ApiCode } from "../../generated/types";

export { WIRE };
export const API_BASE = WIRE.apiBase;
export const API_TIMEOUT_MS = WIRE.apiTimeoutMs;
export const AUTH_HEADER = WIRE.authHeader;
export const VISITOR_COOKIE = WIRE.visitorCookie;

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

/** Query parameters the client router adds to a page-route request (DESIGN.md, "Page route"); never part of the page's address. */
export const ROUTE_MARKERS = [WIRE.routeQuery, "ua", "referer", "cookie"] as const;
