import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkBody } from "../../../src/runtime/api/checks";
import { type ApiEnv, ApiError, createApi } from "../../../src/runtime/api/client";
import { API_MESSAGES } from "../../../src/runtime/api/messages";
import type { ToastRequest } from "../../../src/runtime/bus";
import { bodyOf, envelope, LOCALES, memoryStore, recordBus, scriptedFetch, testClock } from "./fakes";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(fetchMock: ReturnType<typeof scriptedFetch>, extra: Partial<ApiEnv> = {}, token?: string) {
  const rec = recordBus();
  const { store } = memoryStore(token ? { "sf.token": token } : {});
  const api = createApi({ bus: rec.bus, store, clock: testClock(), fetch: fetchMock, ...extra });
  return { api, rec };
}

/** The toast text the call failed with, in English, after the call rejected. */
async function failure(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => expect.unreachable("the call should fail"),
    (e: unknown) => e,
  )) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  return error;
}

/** A server that never answers; like fetch, it rejects when its signal aborts. */
function hangingFetch() {
  return vi.fn<typeof fetch>(
    (_url, init) =>
      new Promise((_resolve, reject) => {
        const signal = init!.signal!;
        const abort = () => reject(new DOMException("aborted", "AbortError"));
        if (signal.aborted) abort();
        signal.addEventListener("abort", abort);
      }),
  );
}

function english(text: ApiError["text"]) {
  return "text" in text ? text.text : LOCALES.en[text.id];
}

describe("api client: the request", () => {
  it("POSTs JSON to /api/web/{call} without x-auth when signed out", async () => {
    const fetchMock = scriptedFetch(envelope({ code: 0, msg: "", data: { visitorId: "v1" } }));
    const { api } = setup(fetchMock);
    const body = { url: "https://shop.test/", referer: "", timezone: "UTC" };
    await expect(api.post("visitor/track", body)).resolves.toEqual({ visitorId: "v1" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/web/visitor/track");
    expect(init?.method).toBe("POST");
    expect(init?.headers).toEqual({ accept: "application/json", "content-type": "application/json" });
    expect(bodyOf(fetchMock)).toEqual(body);
  });

  it("sends the stored token as x-auth", async () => {
    const fetchMock = scriptedFetch(envelope({ code: 0, msg: "", data: { id: "1", email: "", nickname: "n" } }));
    const { api } = setup(fetchMock, {}, "tok-123");
    await api.post("user/info", {});
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)["x-auth"]).toBe("tok-123");
  });

  it("sends /user/editAvatar as multipart FormData, letting the browser set the boundary", async () => {
    const fetchMock = scriptedFetch(envelope({ code: 0, msg: "", data: { id: "1", email: "", nickname: "n" } }));
    const { api } = setup(fetchMock, {}, "tok");
    const form = new FormData();
    form.append("avatar", new Blob(["png"], { type: "image/png" }), "me.png");
    await api.post("user/editAvatar", form);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(init.headers).toEqual({ accept: "application/json", "x-auth": "tok" });
  });

  it("answers null data as null", async () => {
    const { api } = setup(scriptedFetch(envelope({ code: 0, msg: "" })));
    await expect(api.post("favorite/cancel", { type: "product", id: "1" })).resolves.toBeNull();
  });
});

describe("api client: the 20 s timeout", () => {
  it("aborts the request at 20 s, not before, and says it timed out", async () => {
    const fetchMock = hangingFetch();
    const { api, rec } = setup(fetchMock);
    const call = api.post("favorite/count", {});
    const settled = failure(call);
    await vi.advanceTimersByTimeAsync(19_999);
    const signal = fetchMock.mock.calls[0]![1]!.signal!;
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    const error = await settled;
    expect(error.failure).toEqual({ kind: "timeout" });
    expect(english(error.text)).toBe("The request timed out and the server did not respond.");
    expect(rec.of("toast:show")).toEqual([{ kind: "error", message: { id: API_MESSAGES.timeout } }]);
  });

  it("clears its timer when the answer comes, so nothing fires later", async () => {
    const { api } = setup(scriptedFetch(envelope({ code: 0, msg: "", data: { article: 0, product: 0, page: 0 } })));
    await api.post("favorite/count", {});
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a call the caller cancels rejects with its AbortError and shows nothing", async () => {
    const { api, rec } = setup(hangingFetch());
    const controller = new AbortController();
    const call = api.post("favorite/count", {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(rec.events).toEqual([]);
  });
});

// SPEC.md §8: every code and transport error, with the message it shows.
const CASES: Array<{
  name: string;
  answer: Response | Error;
  id: string;
  server?: string;
  authInvalid?: boolean;
  toast?: boolean;
}> = [
  { name: "no response (network error)", answer: new TypeError("Failed to fetch"), id: API_MESSAGES.unknown },
  { name: "HTTP 502 with no body", answer: new Response("", { status: 502 }), id: API_MESSAGES.timeout },
  { name: "HTTP 500 with an HTML body", answer: new Response("<h1>oops</h1>", { status: 500 }), id: API_MESSAGES.timeout },
  { name: "HTTP 500 with status 30", answer: envelope({ code: 30, msg: "" }, 500), id: API_MESSAGES.authorization },
  { name: "HTTP 500 with status 41", answer: envelope({ code: 41, msg: "" }, 500), id: API_MESSAGES.fail },
  { name: "HTTP 500 with status 50", answer: envelope({ code: 50, msg: "" }, 500), id: API_MESSAGES.login, authInvalid: true },
  { name: "HTTP 500 with another status", answer: envelope({ code: 500, msg: "" }, 500), id: API_MESSAGES.unknown },
  {
    name: "HTTP 400 with the server's message",
    answer: envelope({ code: 40, msg: "Coupon expired" }, 400),
    id: "",
    server: "Coupon expired",
  },
  {
    name: "code 41 with the server's message",
    answer: envelope({ code: 41, msg: "Out of stock" }),
    id: "",
    server: "Out of stock",
  },
  { name: "code 41 without a message", answer: envelope({ code: 41, msg: "" }), id: API_MESSAGES.fail },
  { name: "code 40", answer: envelope({ code: 40, msg: "" }), id: API_MESSAGES.fail },
  { name: "code 30", answer: envelope({ code: 30, msg: "" }), id: API_MESSAGES.authorization },
  { name: "code 50", answer: envelope({ code: 50, msg: "" }), id: API_MESSAGES.login, authInvalid: true },
  {
    name: "code 50 with the server's message",
    answer: envelope({ code: 50, msg: "Session expired" }),
    id: "",
    server: "Session expired",
    authInvalid: true,
  },
  { name: "code 51", answer: envelope({ code: 51, msg: "" }), id: API_MESSAGES.unknown },
  { name: "code 500", answer: envelope({ code: 500, msg: "" }), id: API_MESSAGES.unknown },
  { name: "code 20000", answer: envelope({ code: 20000, msg: "" }), id: API_MESSAGES.timeout },
  {
    name: "code 10 (a dialog: the caller shows it)",
    answer: envelope({ code: 10, msg: "Confirm?" }),
    id: "",
    server: "Confirm?",
    toast: false,
  },
  { name: "HTTP 200 that is not an envelope", answer: new Response("<html>"), id: API_MESSAGES.unknown },
  { name: "HTTP 200 with a whitespace message", answer: envelope({ code: 41, msg: "  " }), id: API_MESSAGES.fail },
];

describe("api client: SPEC §8 failures", () => {
  it.each(CASES)("$name", async ({ answer, id, server, authInvalid = false, toast = true }) => {
    const { api, rec } = setup(scriptedFetch(answer), {}, "tok");
    const error = await failure(api.post("favorite/count", {}));
    const text = server ? { text: server } : { id };
    expect(error.text).toEqual(text);
    expect(rec.of("toast:show")).toEqual(toast ? [{ kind: "error", message: text } satisfies ToastRequest] : []);
    expect(rec.of("auth:invalid")).toEqual(authInvalid ? [{ call: "favorite/count" }] : []);
  });

  it("toast: false makes a background call fail quietly", async () => {
    const { api, rec } = setup(scriptedFetch(envelope({ code: 41, msg: "x" })));
    await failure(api.post("favorite/count", {}, { toast: false }));
    expect(rec.of("toast:show")).toEqual([]);
  });

  it("HTTP 401 is auth-invalid and HTTP 403 forbidden, with no toast (a navigation follows)", async () => {
    const { api, rec } = setup(scriptedFetch(new Response("", { status: 401 }), envelope({ code: 30, msg: "no" }, 403)));
    expect((await failure(api.post("user/info", {}))).failure).toEqual({ kind: "http", status: 401 });
    expect((await failure(api.post("user/info", {}))).failure).toEqual({ kind: "http", status: 403 });
    expect(rec.events.map((e) => e.type)).toEqual(["auth:invalid", "auth:forbidden"]);
  });
});

describe("api messages in three languages", () => {
  const english = {
    [API_MESSAGES.unknown]: "An unknown error occurred.",
    [API_MESSAGES.timeout]: "The request timed out and the server did not respond.",
    [API_MESSAGES.authorization]: "Authorization error",
    [API_MESSAGES.fail]: "fail",
    [API_MESSAGES.login]: "login error",
  };
  it("English says exactly what SPEC §8 says", () => {
    for (const [id, text] of Object.entries(english)) expect(LOCALES.en[id]).toBe(text);
  });
  it.each(["zh", "zh-HK"] as const)("%s has its own text for every message", (lang) => {
    for (const id of Object.values(API_MESSAGES)) {
      expect(LOCALES[lang][id], id).toBeTruthy();
      expect(LOCALES[lang][id]).not.toBe(LOCALES.en[id]);
    }
    for (const id of ["toast.close", "toast.region"]) expect(LOCALES[lang][id], id).toBeTruthy();
  });
  it("Simplified and Traditional Chinese differ where the characters do", () => {
    expect(LOCALES.zh[API_MESSAGES.unknown]).toBe("发生未知错误。");
    expect(LOCALES["zh-HK"][API_MESSAGES.unknown]).toBe("發生未知錯誤。");
  });
});

describe("api client: development schema checks", () => {
  it("reports a request and an answer that break their schemas, and still makes the call", async () => {
    const logger = { error: vi.fn<(m: string) => void>() };
    const fetchMock = scriptedFetch(envelope({ code: 0, msg: "", data: { article: 1, product: "two", page: 0 } }));
    const { api } = setup(fetchMock, { checkBody, logger });
    const data = await api.post("favorite/count", { extra: 1 } as never);
    expect(data).toEqual({ article: 1, product: "two", page: 0 });
    expect(logger.error.mock.calls.map((c) => c[0])).toEqual([
      expect.stringMatching(/^\[api\] favorite\/count request \/extra is not a known property/),
      expect.stringMatching(/^\[api\] favorite\/count response \/product must be integer/),
    ]);
  });

  it("checks a copy: defaults the validator fills in are not sent", async () => {
    const fetchMock = scriptedFetch(envelope({ code: 0, msg: "", data: { items: [], total: 0, page: 1, pageSize: 20 } }));
    const logger = { error: vi.fn<(m: string) => void>() };
    const { api } = setup(fetchMock, { checkBody, logger });
    await api.post("favorite/list", { type: "product" });
    expect(bodyOf(fetchMock)).toEqual({ type: "product" });
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("names a call that has no schema", async () => {
    await expect(checkBody("nothing/here", "request", {})).resolves.toMatch(
      /has no schema; add schemas\/api\/nothing\/here\.request\.schema\.json/,
    );
    await expect(checkBody("toodeep/a/b", "request", {})).resolves.toMatch(/has no schema/);
  });

  it("does not check FormData bodies", async () => {
    const check = vi.fn(async () => null);
    const { api } = setup(scriptedFetch(envelope({ code: 0, msg: "", data: null })), { checkBody: check });
    await api.post("user/editAvatar", new FormData());
    expect(check.mock.calls.map((c: unknown[]) => c[1])).toEqual(["response"]);
  });
});
