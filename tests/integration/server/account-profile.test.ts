// @vitest-environment node
// The profile and security area against a real server (issue 12): profile edits and their
// bounds, the avatar upload (decided by the bytes, at most 2 MB, stored under a random name),
// the password change (other sessions end, this one stays), the sessions list and signing
// them out, the sign-in history's and the account log's pages, and the account log itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logEvent } from "../../../src/server/account/log";
import { type Envelope, mailedCode, START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
/** The server's clock, moved by the tests that need time to pass. */
let now = Date.now();

beforeAll(async () => {
  store = await startStore({ clock: () => now });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Signs in with a browser's user agent; the token. */
async function signInAs(email: string, password: string, userAgent: string): Promise<string> {
  const response = await fetch(`${store.url}/api/web/auth/signin`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": userAgent },
    body: JSON.stringify({ account: email, password }),
  });
  const json = (await response.json()) as Envelope<{ token: string }>;
  expect(json.code, json.msg).toBe(0);
  return json.data.token;
}

/** A user page's data and status, asked for as the router does (x-auth, ?request=route). */
async function pageOf(path: string, token?: string) {
  const url = new URL(path, store.url);
  url.searchParams.set("request", "route");
  const response = await fetch(url, { headers: token ? { "x-auth": token } : {} });
  const json = (await response.json()) as { data: { data: unknown; meta: { status: number; route: string } } };
  return { status: response.status, page: json.data.data, meta: json.data.meta };
}

const logKinds = (userId: string) =>
  (
    store.server.db.prepare("SELECT kind FROM account_log WHERE user_id = ? ORDER BY id").all(Number(userId)) as {
      kind: string;
    }[]
  ).map((r) => r.kind);

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e1a3a90000000049454e44ae426082",
  "hex",
);
const JPEG = Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex");
const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(14)]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

async function upload(token: string, bytes: Buffer, name: string, type: string, field = "avatar") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${store.url}/api/web/user/editAvatar`, {
    method: "POST",
    headers: { "x-auth": token },
    body: form,
  });
  return (await response.json()) as { code: number; msg: string; data: { avatar: string } };
}

describe("profile", () => {
  it("edits the personal details within their bounds, and logs the change", async () => {
    const { token, user } = await signUp(store);
    const edited = await store.post(
      "user/editInfo",
      { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", nickname: "mei", bio: "Tea and linen." },
      { token },
    );
    expect(edited.data).toMatchObject({ firstName: "Mei", lastName: "Chan", fullName: "Mei Chan", birthday: "1990-05-01" });
    expect(edited.data).toMatchObject({ nickname: "mei", bio: "Tea and linen." });
    // Left out, the nickname and bio stay; given empty, the nickname is cleared.
    const kept = await store.post("user/editInfo", { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01" }, { token });
    expect(kept.data).toMatchObject({ nickname: "mei", bio: "Tea and linen." });
    const cleared = await store.post(
      "user/editInfo",
      { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", nickname: "" },
      { token },
    );
    expect(cleared.data.nickname).toBe("");
    expect(logKinds(user.id)).toEqual(["profile.updated", "profile.updated", "profile.updated"]);
  });

  it.each([
    [{ firstName: "Mei", lastName: "Chan" }, "birthday is required"],
    [{ lastName: "Chan", birthday: "1990-05-01" }, "firstName is required"],
    [{ firstName: "", lastName: "Chan", birthday: "1990-05-01" }, "firstName must be at least 1 characters"],
    [{ firstName: "M".repeat(101), lastName: "Chan", birthday: "1990-05-01" }, "firstName must be at most 100 characters"],
    [{ firstName: "Mei", lastName: "Chan", birthday: "1990-02-30" }, "birthday has a wrong format"],
    [{ firstName: "Mei", lastName: "Chan", birthday: "01/05/1990" }, "birthday has a wrong format"],
    [{ firstName: "Mei", lastName: "Chan", birthday: "1899-12-31" }, "The birthday must be a date from 1900 to today."],
    [{ firstName: "Mei", lastName: "Chan", birthday: "2999-01-01" }, "The birthday must be a date from 1900 to today."],
    [
      { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", bio: "x".repeat(1001) },
      "bio must be at most 1000 characters",
    ],
    [
      { firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", nickname: "n".repeat(101) },
      "nickname must be at most 100 characters",
    ],
    [{ firstName: "Mei", lastName: "Chan", birthday: "1990-05-01", credits: 500 }, 'body has an unknown field "credits"'],
  ])("refuses %j: %s, and changes nothing", async (body, msg) => {
    const { token, user } = await signUp(store);
    const answer = await store.post("user/editInfo", body, { token });
    expect(answer).toMatchObject({ code: 40, msg });
    expect((await store.post("user/info", {}, { token })).data).toMatchObject({ birthday: "", credits: 0 });
    expect(logKinds(user.id)).toEqual([]);
  });

  it("renames with editName, which needs a name", async () => {
    const { token } = await signUp(store);
    expect((await store.post("user/editName", { nickname: "Mei" }, { token })).data.nickname).toBe("Mei");
    expect(await store.post("user/editName", { nickname: "" }, { token })).toMatchObject({ code: 40 });
    expect((await store.post("user/info", {})).code).toBe(50);
  });
});

describe("avatar", () => {
  const stored = () =>
    store.server.db.prepare("SELECT name FROM uploads WHERE folder = 'avatars' ORDER BY name").pluck().all() as string[];

  it("takes a PNG, JPEG or WebP by its bytes, under a random name, and replaces the old file", async () => {
    const { token, user } = await signUp(store);
    const png = await upload(token, PNG, "me.png", "image/png");
    expect(png.code, png.msg).toBe(0);
    expect(png.data.avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.png$/);
    const served = await fetch(store.url + png.data.avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // Kept in the database, so any instance serves it; cached a day, then asked again by its ETag.
    expect(served.headers.get("cache-control")).toBe("public, max-age=86400");
    const again = await fetch(store.url + png.data.avatar, { headers: { "if-none-match": served.headers.get("etag")! } });
    expect(again.status).toBe(304);
    // The name and the type the browser sends do not matter: a JPEG named .png is stored as .jpg.
    const jpeg = await upload(token, JPEG, "photo.png", "image/png");
    expect(jpeg.data.avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.jpg$/);
    const webp = await upload(token, WEBP, "photo", "application/octet-stream");
    expect(webp.data.avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    // Each new avatar replaces the file of the last.
    expect(stored()).toContain(webp.data.avatar.split("/").pop());
    expect(stored()).not.toContain(png.data.avatar.split("/").pop());
    expect((await fetch(store.url + png.data.avatar)).status).toBe(404);
    expect(logKinds(user.id)).toEqual(["profile.avatar", "profile.avatar", "profile.avatar"]);
    // The header and the centre read it from the customer.
    expect((await store.post("user/info", {}, { token })).data.avatar).toBe(webp.data.avatar);
    expect((await pageOf("/user/center", token)).page).toMatchObject({ center: { user: { avatar: webp.data.avatar } } });
  });

  it("refuses a renamed HTML file, a GIF, an empty file and anything over 2 MB, and keeps the avatar", async () => {
    const { token, user } = await signUp(store);
    const files = stored().length;
    const refused = "The image must be a PNG, JPEG or WebP file.";
    expect(await upload(token, HTML, "me.png", "image/png")).toMatchObject({ code: 41, msg: refused });
    expect(
      await upload(token, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"), "me.webp", "image/webp"),
    ).toMatchObject({
      code: 41,
      msg: refused,
    });
    expect(await upload(token, GIF, "me.gif", "image/gif")).toMatchObject({ code: 41, msg: refused });
    expect(await upload(token, Buffer.alloc(0), "me.png", "image/png")).toMatchObject({ code: 41 });
    const large = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(token, large, "me.png", "image/png")).toMatchObject({ code: 41, msg: "The image must be at most 2 MB." });
    expect(await upload(token, PNG, "me.png", "image/png", "picture")).toMatchObject({ code: 40, msg: "avatar is required" });
    expect(await store.post("user/editAvatar", { avatar: "x" }, { token })).toMatchObject({ code: 40 });
    expect((await store.post("user/info", {}, { token })).data.avatar).toBe("");
    expect(stored().length).toBe(files);
    expect(logKinds(user.id)).toEqual([]);
  });

  it("answers a visitor with auth invalid", async () => {
    const form = new FormData();
    form.append("avatar", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "me.png");
    const response = await fetch(`${store.url}/api/web/user/editAvatar`, { method: "POST", body: form });
    expect(((await response.json()) as { code: number }).code).toBe(50);
  });
});

describe("password", () => {
  it("needs the current password, signs every other session out and keeps this one", async () => {
    const { token, email, password, user } = await signUp(store);
    const other = await signInAs(email, password, SAFARI_IPHONE);
    const wrong = await store.post("user/editPassword", { oldPassword: "not-it", password: "newpass123" }, { token });
    expect(wrong).toMatchObject({ code: 41, msg: "The current password is incorrect." });
    expect((await store.post("user/info", {}, { token: other })).code).toBe(0);
    expect(await store.post("user/editPassword", { password: "newpass123" }, { token })).toMatchObject({
      code: 40,
      msg: "oldPassword is required",
    });
    expect(await store.post("user/editPassword", { oldPassword: password, password: "12345" }, { token })).toMatchObject({
      code: 40,
      msg: "password must be at least 6 characters",
    });

    expect(await store.post("user/editPassword", { oldPassword: password, password: "newpass123" }, { token })).toMatchObject({
      code: 0,
      data: null,
    });
    expect((await store.post("user/info", {}, { token })).code).toBe(0);
    expect((await store.post("user/info", {}, { token: other })).code).toBe(50);
    expect((await store.post("auth/sessions", {}, { token })).data).toMatchObject({ total: 1, items: [{ current: true }] });
    expect((await store.post("auth/signin", { account: email, password })).code).toBe(41);
    expect((await store.post("auth/signin", { account: email, password: "newpass123" })).code).toBe(0);
    expect(logKinds(user.id)).toEqual(["security.password"]);
  });
});

describe("sessions", () => {
  it("lists each session with its address, browser, system, method and last use, this one marked", async () => {
    const { email, password, user } = await signUp(store);
    const started = now;
    const chrome = await signInAs(email, password, CHROME_LINUX);
    now += 5 * 60_000;
    await signInAs(email, password, SAFARI_IPHONE);
    now += 5 * 60_000;
    const list = await store.post("auth/sessions", {}, { token: chrome });
    expect(list.code).toBe(0);
    expect(list.data.total).toBe(3);
    // Most recently used first: asking for the list used the Chrome session just now.
    expect(
      list.data.items.map((s: { browser: string; system: string; current: boolean }) => [s.browser, s.system, s.current]),
    ).toEqual([
      ["Chrome", "Linux", true],
      ["Safari", "iOS", false],
      ["node", "", false],
    ]);
    expect(list.data.items[0]).toMatchObject({ ip: "127.0.0.1", method: "email", createdAt: new Date(started).toISOString() });
    expect(list.data.items[0].lastSeenAt).toBe(new Date(now).toISOString());
    expect(list.data.items[2]).toMatchObject({ method: "link" });
    expect(list.data.items[0].id).toMatch(/^[0-9a-f]{24}$/);
    // The list names no token and no token hash.
    expect(JSON.stringify(list.data)).not.toContain(chrome);
    // Last use moves at most once a minute, so reading a token is rarely a write.
    const seen = () =>
      (
        store.server.db.prepare("SELECT MAX(last_seen_at) AS at FROM tokens WHERE user_id = ?").get(Number(user.id)) as {
          at: number;
        }
      ).at;
    now += 30_000;
    await store.post("user/info", {}, { token: chrome });
    expect(seen()).toBe(now - 30_000);
    now += 40_000;
    await store.post("user/info", {}, { token: chrome });
    expect(seen()).toBe(now);
  });

  it("signs one session out, then every other one, and never another account's", async () => {
    const { email, password, token, user } = await signUp(store);
    const chrome = await signInAs(email, password, CHROME_LINUX);
    const iphone = await signInAs(email, password, SAFARI_IPHONE);
    const stranger = await signUp(store);
    const strangerId = ((await store.post("auth/sessions", {}, { token: stranger.token })).data.items[0] as { id: string }).id;
    expect(await store.post("auth/revokeSession", { id: strangerId }, { token })).toMatchObject({
      code: 41,
      msg: "This session has already ended.",
    });
    expect((await store.post("user/info", {}, { token: stranger.token })).code).toBe(0);
    expect(await store.post("auth/revokeSession", { id: "not-an-id" }, { token })).toMatchObject({ code: 40 });

    const items = (await store.post("auth/sessions", {}, { token })).data.items as { id: string; browser: string }[];
    const safari = items.find((s) => s.browser === "Safari")!;
    expect(await store.post("auth/revokeSession", { id: safari.id }, { token })).toMatchObject({
      code: 0,
      data: { current: false },
    });
    expect((await store.post("user/info", {}, { token: iphone })).code).toBe(50);
    expect((await store.post("user/info", {}, { token: chrome })).code).toBe(0);
    expect(await store.post("auth/revokeSession", { id: safari.id }, { token })).toMatchObject({ code: 41 });

    const again = await signInAs(email, password, SAFARI_IPHONE);
    expect(await store.post("auth/revokeOtherSessions", {}, { token })).toMatchObject({ code: 0, data: { revoked: 2 } });
    expect((await store.post("user/info", {}, { token: chrome })).code).toBe(50);
    expect((await store.post("user/info", {}, { token: again })).code).toBe(50);
    expect((await store.post("user/info", {}, { token })).code).toBe(0);
    expect(await store.post("auth/revokeOtherSessions", {}, { token })).toMatchObject({ code: 0, data: { revoked: 0 } });

    // Signing out this session from the list: the answer says so, and the token stops working.
    const own = ((await store.post("auth/sessions", {}, { token })).data.items as { id: string }[])[0]!;
    expect(await store.post("auth/revokeSession", { id: own.id }, { token })).toMatchObject({ code: 0, data: { current: true } });
    expect((await store.post("user/info", {}, { token })).code).toBe(50);
    expect(logKinds(user.id)).toEqual(["security.session", "security.sessions", "security.session"]);
    expect(
      store.server.db
        .prepare("SELECT details FROM account_log WHERE user_id = ? AND kind = 'security.sessions'")
        .get(Number(user.id)),
    ).toEqual({ details: JSON.stringify({ count: 2 }) });
  });

  it("answers a visitor with auth invalid", async () => {
    for (const call of ["auth/sessions", "auth/revokeOtherSessions"]) expect((await store.post(call, {})).code).toBe(50);
    expect((await store.post("auth/revokeSession", { id: "0".repeat(24) })).code).toBe(50);
  });

  it("marks this device on the security page too", async () => {
    const { email, password, token } = await signUp(store);
    await signInAs(email, password, CHROME_LINUX);
    const { status, page } = await pageOf("/user/security", token);
    expect(status).toBe(200);
    const sessions = (page as { security: { sessions: { current: boolean; browser: string }[] } }).security.sessions;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)!.browser).toBe("node");
    expect(sessions.some((s) => s.browser === "Chrome" && !s.current)).toBe(true);
  });
});

describe("email and mobile", () => {
  const lastCode = (to: string) =>
    /\b(\d{6})\b/.exec(
      (
        store.server.db.prepare("SELECT body FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1").get(to) as {
          body: string;
        }
      ).body,
    )![1]!;

  it("changes each with a code sent to the new one, verified, and logs it", async () => {
    const { token, user } = await signUp(store);
    const next = `new-${Date.now()}@example.com`;
    expect((await store.post("auth/sendCode", { channel: "email", email: next }, { token })).code).toBe(0);
    expect((await store.post("user/editEmail", { email: next, code: lastCode(next) }, { token })).data).toMatchObject({
      email: next,
      emailVerified: true,
    });
    expect(
      (await store.post("auth/sendCode", { channel: "mobile", mobile: "61234567", countryCode: "+852" }, { token })).code,
    ).toBe(0);
    const mobile = await store.post(
      "user/editMobile",
      { mobile: "61234567", countryCode: "+852", code: lastCode("+85261234567") },
      { token },
    );
    expect(mobile.data).toMatchObject({ mobile: "61234567", countryCode: "+852", mobileVerified: true });
    expect(logKinds(user.id)).toEqual(["security.email", "security.mobile"]);
    const { page } = await pageOf("/user/log?kind=security", token);
    expect((page as { log: { items: { kind: string; details: object }[] } }).log.items).toEqual([
      expect.objectContaining({ kind: "security.mobile", details: { mobile: "+852 61234567" } }),
      expect.objectContaining({ kind: "security.email", details: { email: next } }),
    ]);
  });
  it("voids the reset links sent before the email address or mobile number changed", async () => {
    for (const channel of ["email", "mobile"] as const) {
      const { email, token } = await signUp(store);
      expect((await store.post("auth/forget", { email })).code).toBe(0);
      const resetCode = mailedCode(store, email);
      if (channel === "email") {
        const next = `moved-${Date.now()}@example.com`;
        expect((await store.post("auth/sendCode", { channel, email: next }, { token })).code).toBe(0);
        expect((await store.post("user/editEmail", { email: next, code: lastCode(next) }, { token })).code).toBe(0);
      } else {
        const mobile = `6${String(Date.now()).slice(-7)}`;
        expect((await store.post("auth/sendCode", { channel, mobile, countryCode: "+852" }, { token })).code).toBe(0);
        const changed = await store.post(
          "user/editMobile",
          { mobile, countryCode: "+852", code: lastCode(`+852${mobile}`) },
          { token },
        );
        expect(changed.code).toBe(0);
      }
      expect(await store.post("auth/resetPassword", { code: resetCode, password: "taken-over-1" })).toMatchObject({
        code: 41,
        msg: "The reset link is wrong or has expired.",
      });
    }
  });
});

describe("sign-in history pages", () => {
  it("pages the attempts, successes and failures, 20 at a time, and a page past the last is not found", async () => {
    const { email, password, token, user } = await signUp(store);
    // Older attempts, from a phone, between the sign-up's link and today's two.
    const insert = store.server.db.prepare(
      "INSERT INTO login_activity (user_id, account, ip, user_agent, method, success, created_at) VALUES (?, ?, '10.0.0.1', ?, 'mobile', 1, ?)",
    );
    for (let i = 0; i < 40; i++) insert.run(Number(user.id), email, SAFARI_IPHONE, now - 1000 + i);
    await signInAs(email, password, CHROME_LINUX);
    expect((await store.post("auth/signin", { account: email, password: "wrong-one" })).code).toBe(41);
    const first = await pageOf("/user/security/activity", token);
    type History = {
      history: { items: { success: boolean; browser: string; method: string }[]; total: number; paging?: object };
    };
    const history = (first.page as History).history;
    expect(first.status).toBe(200);
    expect(history.total).toBe(43);
    expect(history.items).toHaveLength(20);
    expect(history.items.slice(0, 3)).toEqual([
      expect.objectContaining({ success: false, browser: "node", method: "email" }),
      expect.objectContaining({ success: true, browser: "Chrome", method: "email" }),
      expect.objectContaining({ success: true, browser: "Safari", method: "mobile" }),
    ]);
    expect(history.paging).toMatchObject({ page: 1, pageCount: 3, nextHref: "/user/security/activity?page=2" });
    const third = await pageOf("/user/security/activity?page=3", token);
    expect((third.page as History).history.items).toHaveLength(3);
    expect((third.page as History).history.items[2]).toMatchObject({ success: true, method: "link" });
    expect(third.page).toMatchObject({ title: "Sign-in activity (3/3)" });
    for (const past of ["4", "1e300", "99999999999999999999"]) {
      expect((await pageOf(`/user/security/activity?page=${past}`, token)).status).toBe(404);
    }
    for (const odd of ["0", "-1", "abc", "1.5"]) {
      const answer = await pageOf(`/user/security/activity?page=${odd}`, token);
      expect([answer.status, (answer.page as History).history.items.length]).toEqual([200, 20]);
    }
  });
});

describe("account log", () => {
  it("pages the events newest first, 20 at a time, filtered by topic, with links to orders", async () => {
    const { token, user } = await signUp(store);
    const id = Number(user.id);
    for (let i = 0; i < 22; i++) logEvent(store.server.db, id, "address.added", { name: `Mei Chan, Town ${i}` }, now + i);
    logEvent(store.server.db, id, "order.placed", { orderNo: "SO20261123ABCDEF", amount: 80.5, currency: "USD" }, now + 30);
    logEvent(store.server.db, id, "credits.earned", { credits: 80 }, now + 31);
    type Log = {
      log: { items: { kind: string; href?: string }[]; total: number; topic: string; paging?: { pages: { href: string }[] } };
    };
    const all = await pageOf("/user/log", token);
    const log = (all.page as Log).log;
    expect([all.status, log.total, log.items.length, log.topic]).toEqual([200, 24, 20, ""]);
    expect(log.items.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: "credits.earned" }),
      expect.objectContaining({ kind: "order.placed", href: "/user/order/SO20261123ABCDEF" }),
    ]);
    expect(log.paging!.pages.map((p) => p.href)).toEqual(["/user/log", "/user/log?page=2"]);

    const orders = (await pageOf("/user/log?kind=order", token)).page as Log;
    expect([orders.log.total, orders.log.topic, orders.log.items.map((i) => i.kind)]).toEqual([1, "order", ["order.placed"]]);
    expect(orders.log.paging).toBeUndefined();
    const addresses = (await pageOf("/user/log?kind=address&page=2", token)).page as Log;
    expect([addresses.log.total, addresses.log.items.length]).toEqual([22, 2]);
    expect(addresses.log.paging!.pages.map((p) => p.href)).toEqual(["/user/log?kind=address", "/user/log?kind=address&page=2"]);
    // An unknown topic shows everything; a page past the last is not found.
    expect(((await pageOf("/user/log?kind=everything%25", token)).page as Log).log).toMatchObject({ total: 24, topic: "" });
    expect((await pageOf("/user/log?kind=address&page=3", token)).status).toBe(404);
    // Another account's events are not shown.
    const other = await signUp(store);
    expect(((await pageOf("/user/log", other.token)).page as Log).log.total).toBe(0);
  });
});

describe("the pages of the profile and security area", () => {
  const ROUTES = [
    ["/user/info", "user-info", "Profile"],
    ["/user/account", "user-account", "Account settings"],
    ["/user/security", "user-security", "Security"],
    ["/user/security/activity", "user-security-activity", "Sign-in activity"],
    ["/user/log", "user-log", "Activity log"],
  ] as const;

  it.each(ROUTES)("%s answers 401 to a visitor and the signed-in owner's page to its owner", async (path, route, title) => {
    const visitor = await pageOf(path);
    expect([visitor.status, visitor.meta.status]).toEqual([401, 401]);
    const { token } = await signUp(store);
    const owner = await pageOf(path, token);
    expect([owner.status, owner.meta.route]).toEqual([200, route]);
    expect(owner.page).toMatchObject({ title });
    // The first load (no x-auth header) is rendered for the owner from the auth cookie.
    const document = await fetch(store.url + path, { headers: { cookie: `sf_auth=${token}` } });
    expect(document.status).toBe(200);
    expect(await document.text()).toContain(`<h1`);
  });
});
