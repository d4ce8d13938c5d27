// The page-route request of DESIGN.md: GET the target address with the query markers
// request=route, ua, referer and cookie (each URI-encoded; cookie without any credential), x-auth when signed in and
// x-hide-head / x-hide-foot when the caller knows the page being fetched hides them (the
// router never does: see router.ts). The answer is checked against
// schemas/page/page-route.schema.json before anything on the page changes; a production page
// trusts its server as it does for the initial data (src/runtime/initial-data.ts) and checks
// only the answer's shape, leaving the validator out of the page.
import type { PageRouteData, PageRouteResponse } from "../../../generated/types";
import type { ValidateFunction } from "../../../generated/validate-function";
import { ROUTE_MARKERS, WIRE } from "../../shared/codes";
import { describeValidationError } from "../../shared/describe-error";
import { splitPrefix, withPrefix } from "../../shared/language-prefix";

export interface PageRequestContext {
  userAgent: string;
  /** The address of the page the visitor leaves. */
  referrer: string;
  cookie: string;
  token: string | null;
  /** The page being fetched hides its head or foot; never the flags of the page being left. */
  hideHead?: boolean;
  hideFoot?: boolean;
}

export type PageOutcome =
  | { kind: "page"; page: PageRouteData; url: URL }
  /** An error status: the visitor is sent to an error page or to sign-in. */
  | { kind: "redirect"; to: string; status: number }
  | { kind: "failed"; reason: string };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export { ROUTE_MARKERS };

/** Header a prefetch carries, so that the server does not count it as a visit. */
export const PREFETCH_HEADER = "x-sec-purpose";

const ERROR_PAGES = new Set([403, 404, 500]);

/**
 * A cookie that is or may be a credential: the shop's own (sf_auth, sf_session and sf_form are
 * its server's; the visitor id holds a cart and live frames), and any other script's named like
 * a session, a token or a key. An address is logged by every proxy and CDN on its way (issue #48).
 */
const CREDENTIAL_COOKIE = new RegExp(`^(?:sf_|${WIRE.visitorCookie}$)|auth|sess|token|sid|jwt|csrf|xsrf|secret|key|pass`, "i");

/** The `cookie` marker: document.cookie without any credential. */
export function routeCookieMarker(cookie: string): string {
  return cookie
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !CREDENTIAL_COOKIE.test(part.split("=")[0]!.trim()))
    .join("; ");
}

export function pageRouteRequest(url: URL, ctx: PageRequestContext, purpose?: "prefetch"): { href: string; init: RequestInit } {
  const markers = [
    [WIRE.routeQuery, WIRE.routeQueryValue],
    ["ua", ctx.userAgent],
    ["referer", ctx.referrer],
    ["cookie", routeCookieMarker(ctx.cookie)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join("&");
  const href = `${url.pathname}${url.search ? `${url.search}&` : "?"}${markers}`;
  const headers: Record<string, string> = { accept: "application/json" };
  if (ctx.token) headers[WIRE.authHeader] = ctx.token;
  if (ctx.hideHead) headers[WIRE.hideHeadHeader] = "1";
  if (ctx.hideFoot) headers[WIRE.hideFootHeader] = "1";
  if (purpose === "prefetch") headers[PREFETCH_HEADER] = "prefetch";
  return { href, init: { method: "GET", headers, credentials: "same-origin" } };
}

/** Where an error status sends the visitor (SPEC.md §8), in the target's language. */
export function statusRedirect(status: number, target: URL): string | null {
  const { prefix } = splitPrefix(target.pathname);
  if (ERROR_PAGES.has(status)) return withPrefix(prefix, `/error/${status}`);
  if (status === 401) {
    const back = target.pathname + target.search + target.hash;
    return `${withPrefix(prefix, "/auth/signin")}?redirect=${encodeURIComponent(back)}`;
  }
  return null;
}

function withoutMarkers(url: URL): URL {
  const clean = new URL(url);
  for (const marker of ROUTE_MARKERS) clean.searchParams.delete(marker);
  // Keep the visitor's own query exactly as written when nothing was removed.
  return clean.search === url.search ? url : clean;
}

export interface FetchPageOptions {
  signal?: AbortSignal;
  purpose?: "prefetch";
  loadValidator?: () => Promise<{ default: ValidateFunction<PageRouteResponse> }>;
}

const defaultValidator =
  typeof __DEV__ !== "undefined" && !__DEV__ ? null : () => import("../../../generated/validators/page/page-route.js");

type Check = (body: unknown) => { ok: true; answer: PageRouteResponse } | { ok: false; reason: string };

/** The parts the router reads, each of its type: what a production page checks of a trusted answer. */
const checkShape: Check = (body) => {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(body) || typeof body.code !== "number") return { ok: false, reason: "the answer / must be object with a code" };
  const data = body.data;
  if (body.code === 0) {
    if (!isObject(data)) return { ok: false, reason: "the answer /data must be object" };
    for (const key of ["pageHead", "pageBody", "pageFoot"]) {
      if (typeof data[key] !== "string") return { ok: false, reason: `the answer /data/${key} must be string` };
    }
    for (const key of ["meta", "theme"]) {
      if (!isObject(data[key])) return { ok: false, reason: `the answer /data/${key} must be object` };
    }
  }
  return { ok: true, answer: body as unknown as PageRouteResponse };
};

async function schemaCheck(load: NonNullable<FetchPageOptions["loadValidator"]>): Promise<Check | string> {
  let validate: ValidateFunction<PageRouteResponse>;
  try {
    validate = (await load()).default;
  } catch (err) {
    return `could not load the page-route validator (${String(err)})`;
  }
  return (body) => {
    if (validate(body)) return { ok: true, answer: body };
    const { pointer, message } = describeValidationError(validate.errors?.[0]);
    return { ok: false, reason: `the answer ${pointer || "/"} ${message}` };
  };
}

export async function fetchPage(
  fetch: FetchLike,
  target: URL,
  ctx: PageRequestContext,
  options: FetchPageOptions = {},
): Promise<PageOutcome> {
  const { href, init } = pageRouteRequest(target, ctx, options.purpose);
  let response: Response;
  try {
    const request: RequestInit & { priority?: "low" | "high" | "auto" } = { ...init, signal: options.signal };
    if (options.purpose === "prefetch") request.priority = "low";
    response = await fetch(href, request);
  } catch (err) {
    return { kind: "failed", reason: `request failed (${String(err)})` };
  }
  const redirect = statusRedirect(response.status, target);
  if (redirect) return { kind: "redirect", to: redirect, status: response.status };
  if (!response.ok) return { kind: "failed", reason: `HTTP ${response.status}` };
  let body: unknown;
  try {
    body = await response.json();
  } catch (err) {
    return { kind: "failed", reason: `the answer is not JSON (${String(err)})` };
  }
  const load = options.loadValidator ?? defaultValidator;
  const check = load ? await schemaCheck(load) : checkShape;
  if (typeof check === "string") return { kind: "failed", reason: check };
  const checked = check(body);
  if (!checked.ok) return { kind: "failed", reason: checked.reason };
  const { answer } = checked;
  if (answer.code !== 0) return { kind: "failed", reason: `code ${answer.code}${answer.msg ? ` (${answer.msg})` : ""}` };
  const url = response.redirected && response.url ? withoutMarkers(new URL(response.url)) : target;
  if (url !== target) url.hash = target.hash;
  return { kind: "page", page: answer.data, url };
}
