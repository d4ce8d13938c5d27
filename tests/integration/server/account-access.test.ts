// @vitest-environment node
// Who an account page is rendered for: the x-auth token of a page route, or on a first load
// the auth cookie that mirrors it. Without a valid one every user route answers 401 (the
// browser then goes to sign-in); the cookie never authorises an API call.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_NAMES } from "../../../src/shared/route-names";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

const statusOf = (html: string) =>
  JSON.parse(/<script id="__INITIAL_DATA__" type="application\/json">(.*?)<\/script>/s.exec(html)![1]!).meta.status;

describe("the account area", { timeout: 30_000 }, () => {
  it("answers every user route with 401 for a visitor, a bad cookie and a revoked token", async () => {
    const { token } = await signUp(store);
    await store.post("auth/signout", {}, { token });
    const paths = ROUTE_NAMES.filter((n) => n.startsWith("user-") && !n.endsWith("-detail")).map(
      (n) => `/user/${n.slice(5).replace("security-activity", "security/activity")}`,
    );
    expect(paths.length).toBeGreaterThan(8);
    for (const path of paths) {
      for (const cookie of [undefined, "sf_auth=nonsense", `sf_auth=${token}`]) {
        const response = await fetch(store.url + path, { headers: cookie ? { cookie } : {} });
        expect(response.status, `${path} ${cookie}`).toBe(401);
        expect(statusOf(await response.text())).toBe(401);
      }
    }
  });

  it("renders the overview for its owner on a first load, with their figures and no caching", async () => {
    const { token, email } = await signUp(store);
    const response = await fetch(`${store.url}/zh-HK/user/center`, { headers: { cookie: `visitorId=v_1; sf_auth=${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain(email);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain("積分結餘");
  });

  it("never takes the cookie for an API call", async () => {
    const { token } = await signUp(store);
    const response = await fetch(`${store.url}/api/web/user/info`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `sf_auth=${token}` },
      body: "{}",
    });
    expect(((await response.json()) as { code: number }).code).toBe(50);
  });
});
