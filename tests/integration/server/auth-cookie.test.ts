// @vitest-environment node
// The auth cookie (issue #48, item 1): the server sets it, HttpOnly, whenever a call hands out
// a token or carries a live one in x-auth, and ends it with the session; no script writes it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailedCode, START_TIMEOUT_MS, signUp, startStore, type TestStore, uniqueEmail } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

/** POSTs a call and returns its answer's Set-Cookie lines and data. */
async function call(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${store.url}/api/web/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; data: { token?: string } | null };
  return { cookies: response.headers.getSetCookie(), ...json };
}

const authCookie = (lines: string[]) => lines.find((line) => line.startsWith("sf_auth="));

describe("the auth cookie", () => {
  it("is set HttpOnly by the answer that hands out a token", async () => {
    const email = uniqueEmail();
    await store.post("auth/signup", { email, password: "secret123", agree: true });
    const verified = await call("auth/verifyEmail", { code: mailedCode(store, email) });
    expect(verified.code).toBe(0);
    const line = authCookie(verified.cookies);
    expect(line).toBe(`sf_auth=${verified.data!.token}; Path=/; Max-Age=${30 * 24 * 3600}; HttpOnly; SameSite=Lax`);
    const signedIn = await call("auth/signin", { account: email, password: "secret123" });
    expect(authCookie(signedIn.cookies)).toMatch(new RegExp(`^sf_auth=${signedIn.data!.token}; .*HttpOnly`));
  });

  it("follows a live x-auth token that the cookie does not carry, and ends with a void one", async () => {
    const { token } = await signUp(store);
    const missing = await call("user/info", {}, { "x-auth": token });
    expect(authCookie(missing.cookies)).toMatch(new RegExp(`^sf_auth=${token}; .*HttpOnly`));
    const carried = await call("user/info", {}, { "x-auth": token, cookie: `sf_auth=${token}` });
    expect(authCookie(carried.cookies)).toBeUndefined();
    const void_ = await call("user/info", {}, { "x-auth": "x".repeat(43), cookie: `sf_auth=${token}` });
    expect(authCookie(void_.cookies)).toMatch(/^sf_auth=; Path=\/; Max-Age=0; HttpOnly/);
    // Without x-auth the call says nothing about the cookie.
    expect(authCookie((await call("cart/list", {}, { cookie: `sf_auth=${token}` })).cookies)).toBeUndefined();
  });

  it("ends with the session on auth/signout", async () => {
    const { token } = await signUp(store);
    const out = await call("auth/signout", {}, { "x-auth": token, cookie: `sf_auth=${token}` });
    expect(authCookie(out.cookies)).toMatch(/^sf_auth=; Path=\/; Max-Age=0; HttpOnly/);
  });
});
