import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../../src/runtime/api/client";
import { createSession, dropReadableAuthCookie, signInUrl } from "../../../src/runtime/session";
import type { Store } from "../../../src/runtime/storage";
import { envelope, fakeLocation, memoryStore, recordBus, scriptedFetch, testClock } from "./fakes";

const mei = { id: "42", email: "mei@example.com", nickname: "mei" };
const ok = (data: unknown) => envelope({ code: 0, msg: "", data });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(answers: Parameters<typeof scriptedFetch>, stored: Record<string, string> = {}, path?: string) {
  const rec = recordBus();
  const { store, backing } = memoryStore(stored);
  const fetchMock = scriptedFetch(...answers);
  const api = createApi({ bus: rec.bus, store, clock: testClock(), fetch: fetchMock });
  const location = fakeLocation(path);
  const events = new EventTarget();
  const session = createSession({ bus: rec.bus, store, api, location, events });
  return { session, api, store, backing, location, fetchMock, rec, events };
}

const signedIn = { "sf.token": "tok", "sf.user": JSON.stringify(mei) };

describe("session", () => {
  it("starts signed out without a token, and asks the server nothing", () => {
    const { session, fetchMock } = setup([]);
    session.start();
    expect(session.getSnapshot()).toEqual({ signedIn: false, user: null });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("starts from the stored user info, then refreshes it from /user/info", async () => {
    const { session, fetchMock, store } = setup([ok({ ...mei, credits: 5 })], signedIn);
    session.start();
    expect(session.getSnapshot()).toEqual({ signedIn: true, user: mei });
    await vi.waitFor(() => expect(session.getSnapshot().user).toEqual({ ...mei, credits: 5 }));
    expect(fetchMock.mock.calls[0]![0]).toBe("/api/web/user/info");
    expect(store.get("user")).toEqual({ ...mei, credits: 5 });
  });

  it("runs signed out when the stored token is garbage, and signed in without user info when that is", () => {
    expect(setup([], { "sf.token": "bad token\n" }).session.getSnapshot().signedIn).toBe(false);
    const { session } = setup([], { "sf.token": "tok", "sf.user": "{oops" });
    expect(session.getSnapshot()).toEqual({ signedIn: true, user: null });
  });

  it("sign-in stores the token and the user info from /user/info", async () => {
    const { session, store, rec, fetchMock } = setup([ok(mei)]);
    session.start();
    await expect(session.signIn("new-token")).resolves.toEqual(mei);
    expect(store.get("token")).toBe("new-token");
    expect(store.get("user")).toEqual(mei);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)["x-auth"]).toBe("new-token");
    expect(rec.of("session:changed")).toEqual([
      { signedIn: true, user: null },
      { signedIn: true, user: mei },
    ]);
  });

  it("a failed or empty refresh keeps the stored user and shows no toast", async () => {
    const { session, rec } = setup([new TypeError("offline"), ok(null)], signedIn);
    await expect(session.refresh()).resolves.toBeNull();
    await expect(session.refresh()).resolves.toBeNull();
    expect(session.getSnapshot().user).toEqual(mei);
    expect(rec.of("toast:show")).toEqual([]);
  });

  it("ignores a /user/info answer that arrives after logout", async () => {
    let answer: (r: Response) => void = () => {};
    const { session, store, fetchMock } = setup([() => new Promise<Response>((r) => (answer = r))], { "sf.token": "tok" });
    const refreshed = session.refresh();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    store.remove("token");
    answer(ok(mei));
    await expect(refreshed).resolves.toBeNull();
    expect(store.get("user")).toBeNull();
  });

  it("logout clears token and user info and reloads", () => {
    const { session, store, location } = setup([], signedIn);
    session.logout();
    expect(store.get("token")).toBeNull();
    expect(store.get("user")).toBeNull();
    expect(session.getSnapshot()).toEqual({ signedIn: false, user: null });
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it("follows another tab's sign-out (storage event)", () => {
    const { session, backing, events, rec } = setup([], signedIn);
    session.start();
    backing.clear();
    events.dispatchEvent(Object.assign(new Event("storage"), { key: "sf.token" }));
    expect(session.getSnapshot().signedIn).toBe(false);
    expect(rec.of("session:changed")).toEqual([{ signedIn: false, user: null }]);
  });
});

describe("session: auth-invalid and forbidden, without loops", () => {
  async function settle(store: Store) {
    await vi.waitFor(() => expect(store.get("token")).toBeNull());
  }

  it("code 50 logs out once and goes to sign-in with the current address, however many calls fail", async () => {
    const fifty = () => envelope({ code: 50, msg: "" });
    const { session, api, store, location, rec } = setup([fifty(), fifty(), fifty(), fifty()], signedIn);
    session.start();
    await Promise.allSettled([api.post("favorite/count", {}), api.post("favorite/count", {}), api.post("favorite/count", {})]);
    await settle(store);
    expect(store.get("user")).toBeNull();
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.assign).toHaveBeenCalledWith("/auth/signin?redirect=%2Fproduct%2Flinen%3Fsize%3Dm%23reviews");
    expect(location.reload).not.toHaveBeenCalled();
    expect(rec.of("session:changed")).toEqual([{ signedIn: false, user: null }]);
  });

  it("HTTP 401 does the same", async () => {
    const { session, api, store, location } = setup(
      [new Response("", { status: 401 }), new Response("", { status: 401 })],
      signedIn,
    );
    session.start();
    await Promise.allSettled([api.post("user/info", {}), api.post("favorite/count", {})]);
    await settle(store);
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(location.assign).toHaveBeenCalledWith(expect.stringMatching(/^\/auth\/signin\?redirect=/));
  });

  it.each(["/auth/signin", "/zh-HK/auth/signin", "/fil/auth/signin/"])(
    "on the sign-in page itself (%s) it only logs out",
    async (path) => {
      const { session, api, store, location } = setup([envelope({ code: 50, msg: "" })], signedIn, `${path}?redirect=%2Fcart`);
      session.start();
      await api.post("favorite/count", {}).catch(() => {});
      await settle(store);
      expect(location.assign).not.toHaveBeenCalled();
    },
  );

  it("signing in again re-arms the auth-invalid handling", async () => {
    const { session, rec, location } = setup([ok(mei)], signedIn);
    session.start();
    rec.bus.emit("auth:invalid", { call: "x" });
    await session.signIn("tok2");
    rec.bus.emit("auth:invalid", { call: "x" });
    expect(location.assign).toHaveBeenCalledTimes(2);
  });

  it("HTTP 403 goes to /error/403 and keeps the sign-in", async () => {
    const { session, api, store, location } = setup([new Response("", { status: 403 })], signedIn);
    session.start();
    await api.post("favorite/count", {}).catch(() => {});
    expect(location.assign).toHaveBeenCalledWith("/error/403");
    expect(store.get("token")).toBe("tok");
  });

  it("stop() stops listening", async () => {
    const { session, rec, location } = setup([ok(mei)], signedIn);
    session.start();
    session.stop();
    rec.bus.emit("auth:invalid", { call: "x" });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it("builds the sign-in address from path, query and hash, keeping the language prefix", () => {
    expect(signInUrl({ pathname: "/zh/user/order", search: "?page=2", hash: "" })).toBe(
      "/zh/auth/signin?redirect=%2Fzh%2Fuser%2Forder%3Fpage%3D2",
    );
    expect(signInUrl({ pathname: "/user/order", search: "", hash: "#x" })).toBe("/auth/signin?redirect=%2Fuser%2Forder%23x");
    expect(signInUrl({ pathname: "/auth-help", search: "", hash: "" })).toBe("/auth/signin?redirect=%2Fauth-help");
  });

  it("sends a prefixed page's shopper to the prefixed forbidden page", async () => {
    const { session, rec, location } = setup([], signedIn, "/zh-HK/user/order/7");
    session.start();
    rec.bus.emit("auth:forbidden", { call: "order/detail" });
    expect(location.assign).toHaveBeenCalledWith("/zh-HK/error/403");
  });
});

describe("the auth cookie", () => {
  it("is never written by the page: a copy a script can read (written before issue #48) is expired", () => {
    const jar: string[] = [];
    const doc = { cookie: "", location: { protocol: "https:" } };
    let readable = "visitorId=v1; sf_auth=a%2Bb";
    Object.defineProperty(doc, "cookie", { get: () => readable, set: (v: string) => jar.push(v) });
    dropReadableAuthCookie(doc);
    expect(jar).toEqual(["sf_auth=; Path=/; Max-Age=0; SameSite=Lax; Secure"]);
    readable = "visitorId=v1";
    dropReadableAuthCookie(doc);
    expect(jar).toHaveLength(1);
  });
});
