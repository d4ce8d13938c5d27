// POST /api/web/{call}: JSON (FormData for uploads), x-auth when signed in, x-lang (the
// page's language), 20 s timeout.
// A failure is turned into the message of SPEC.md §8, shown as an error toast unless the
// caller handles it, and thrown as an ApiError. Auth answers go on the bus: code 50 and
// HTTP 401 as auth:invalid, HTTP 403 as auth:forbidden; the session acts on them.

import type { ApiCalls, CallName } from "../../../generated/api-calls";
import { API_BASE, API_TIMEOUT_MS, AUTH_HEADER, CODE, WIRE } from "../../shared/codes";
import type { Bus, ToastText } from "../bus";
import type { Clock } from "../env";
import type { Store } from "../storage";
import type { BodyPart } from "./checks";
import { API_MESSAGES, type Failure, failureText, type Reason, reasonOf } from "./messages";

export type BodyCheck = (call: string, part: BodyPart, value: unknown) => Promise<string | null>;

export interface ApiEnv {
  bus: Bus;
  store: Pick<Store, "get">;
  clock: Clock;
  fetch: typeof fetch;
  /** Development builds: checks bodies against schemas/api/ and reports drift. */
  checkBody?: BodyCheck;
  logger?: Pick<Console, "error">;
  base?: string;
  /** The page's language (its <html lang>), sent as x-lang so that store texts come back in it. */
  language?: () => string;
}

export interface CallOptions {
  /** Show the failure as an error toast (default). Background calls turn it off. */
  toast?: boolean;
  /** Cancels the call; a cancelled call rejects with the AbortError and shows nothing. */
  signal?: AbortSignal;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly call: string,
    readonly failure: Failure,
    /** What the shopper is told: a locale message id or the server's words. */
    readonly text: ToastText,
  ) {
    super(`${call}: ${"text" in text ? text.text : text.id}`);
  }
}

export interface Api {
  post<C extends CallName>(call: C, body: ApiCalls[C]["request"], options?: CallOptions): Promise<ApiCalls[C]["response"]>;
}

interface Envelope {
  code: number;
  msg: string;
  data?: unknown;
  reason?: Reason;
}

function asEnvelope(value: unknown): Envelope | null {
  const v = value as Partial<Envelope> | null;
  if (!v || typeof v !== "object" || typeof v.code !== "number") return null;
  const reason = reasonOf(v.reason);
  return { code: v.code, msg: typeof v.msg === "string" ? v.msg : "", data: v.data, ...(reason ? { reason } : {}) };
}

const isForm = (body: unknown): body is FormData => typeof FormData !== "undefined" && body instanceof FormData;

export function createApi(env: ApiEnv): Api {
  const { bus, store, clock } = env;
  const base = env.base ?? API_BASE;
  const logger = env.logger ?? console;

  async function check(call: string, part: BodyPart, value: unknown) {
    const problem = await env.checkBody?.(call, part, value);
    if (problem) logger.error(`[api] ${call} ${part} ${problem}`);
  }

  function fail(call: string, failure: Failure, toast: boolean): never {
    const text = failureText(failure);
    if (toast) bus.emit("toast:show", { kind: "error", message: text });
    throw new ApiError(call, failure, text);
  }

  async function post(call: string, body: unknown, options: CallOptions = {}): Promise<unknown> {
    const form = isForm(body);
    const toast = options.toast ?? true;
    // Without checks the request leaves synchronously, in the caller's task.
    if (!form && env.checkBody) await check(call, "request", body);
    const headers: Record<string, string> = { accept: "application/json" };
    // FormData sets its own multipart content type with the boundary.
    if (!form) headers["content-type"] = "application/json";
    const token = store.get("token");
    if (token) headers[AUTH_HEADER] = token;
    const language = env.language?.();
    if (language) headers[WIRE.languageHeader] = language;

    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, API_TIMEOUT_MS);
    const cancel = () => controller.abort();
    options.signal?.addEventListener("abort", cancel);
    if (options.signal?.aborted) cancel();
    let status: number;
    let ok: boolean;
    let payload: unknown;
    try {
      const response = await env.fetch(`${base}/${call}`, {
        method: "POST",
        headers,
        body: form ? body : JSON.stringify(body ?? {}),
        signal: controller.signal,
        credentials: "same-origin",
      });
      ({ status, ok } = response);
      const raw = await response.text().catch(() => "");
      try {
        payload = raw ? JSON.parse(raw) : undefined;
      } catch {
        payload = undefined;
      }
    } catch (err) {
      if (options.signal?.aborted) throw err;
      return fail(call, timedOut ? { kind: "timeout" } : { kind: "network" }, toast);
    } finally {
      clock.clearTimeout(timer);
      options.signal?.removeEventListener("abort", cancel);
    }
    // A cancelled call shows nothing, even if its answer was already on the way.
    if (options.signal?.aborted) throw options.signal.reason;
    if (timedOut) return fail(call, { kind: "timeout" }, toast);
    const envelope = asEnvelope(payload);

    if (!ok) {
      // The session navigates (sign-in, /error/403), so there is nothing to toast.
      if (status === 401 || status === 403) {
        bus.emit(status === 401 ? "auth:invalid" : "auth:forbidden", { call });
        throw new ApiError(call, { kind: "http", status }, { id: API_MESSAGES.authorization });
      }
      if (envelope?.code === CODE.authInvalid) bus.emit("auth:invalid", { call });
      return fail(
        call,
        { kind: "http", status, ...(envelope && { code: envelope.code, msg: envelope.msg, reason: envelope.reason }) },
        toast,
      );
    }
    if (!envelope) return fail(call, { kind: "malformed" }, toast);
    if (envelope.code === CODE.ok) {
      const data = envelope.data ?? null;
      await check(call, "response", data);
      return data;
    }
    if (envelope.code === CODE.authInvalid) bus.emit("auth:invalid", { call });
    // Code 10 asks for a dialog: the caller shows it with the thrown error's text.
    return fail(
      call,
      { kind: "envelope", code: envelope.code, msg: envelope.msg, reason: envelope.reason },
      toast && envelope.code !== CODE.dialog,
    );
  }

  return { post: post as Api["post"] };
}
