// What a failed form post hands to the page it sends the shopper back to (Post/Redirect/Get):
// which form, the values typed (never a password) and an error per field, in a short-lived
// HttpOnly cookie that the next page read takes once. That page is the shopper's own answer,
// so it is never stored by any cache.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FormState } from "../../../generated/types";
import { readCookie } from "../cookies";

/** schemas/common/form-state.schema.json */
export type { FormState };

export const FLASH_COOKIE = "sf_form";

/** Long enough for the redirect to be followed, short enough not to outlive it. */
const FLASH_MAX_AGE_S = 120;
/** Browsers keep cookies up to 4 KB; a larger flash is cut to its errors. */
const FLASH_MAX_BYTES = 3500;

const secure = (request: FastifyRequest) => (request.protocol === "https" ? "; Secure" : "");

export function writeFlash(reply: FastifyReply, request: FastifyRequest, state: FormState): void {
  let value = Buffer.from(JSON.stringify(state)).toString("base64url");
  if (value.length > FLASH_MAX_BYTES) value = Buffer.from(JSON.stringify({ ...state, values: {} })).toString("base64url");
  reply.header(
    "set-cookie",
    `${FLASH_COOKIE}=${value}; Path=/; Max-Age=${FLASH_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure(request)}`,
  );
}

/** The bounds of `$form` in schemas/pages/scope.schema.json, which the page checks the flash against. */
const MAX_FIELDS = 50;
const MAX_KEY = 100;
const MAX_VALUE = 2000;
const MAX_MESSAGE_ID = 200;

const isRecordOfStrings = (value: unknown, maxLength: number): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length <= MAX_FIELDS &&
  Object.entries(value).every(([k, v]) => k.length <= MAX_KEY && typeof v === "string" && v.length <= maxLength);

const isMessageId = (value: unknown) =>
  value === undefined || (typeof value === "string" && value.length > 0 && value.length <= MAX_MESSAGE_ID);

/** The flash the request carries, or null; anything malformed counts as none. */
export function readFlash(cookieHeader: string | undefined): FormState | null {
  const raw = readCookie(cookieHeader, FLASH_COOKIE);
  if (!raw) return null;
  try {
    const state = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Partial<FormState>;
    if (typeof state.name !== "string" || !/^[a-z][a-z0-9-]{0,39}$/.test(state.name)) return null;
    if (!isRecordOfStrings(state.values, MAX_VALUE) || !isRecordOfStrings(state.errors, MAX_MESSAGE_ID)) return null;
    if (!isMessageId(state.failure) || !isMessageId(state.notice)) return null;
    return {
      name: state.name,
      values: state.values,
      errors: state.errors,
      ...(state.failure ? { failure: state.failure } : {}),
      ...(state.notice ? { notice: state.notice } : {}),
    };
  } catch {
    return null;
  }
}

export function clearFlash(reply: FastifyReply, request: FastifyRequest): void {
  reply.header("set-cookie", `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure(request)}`);
}
