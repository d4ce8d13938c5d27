// @vitest-environment node
// The sign-in and sign-up pages: their own templates and islands, the links their forms
// offer under the language prefix, and the redirect left in the address for the form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { START_TIMEOUT_MS, startStore, type TestStore } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore();
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

async function pageOf(path: string) {
  const response = await fetch(`${store.url}${path}${path.includes("?") ? "&" : "?"}request=route`);
  const body = (await response.json()) as {
    data: { data: Record<string, unknown>; pageBody: string; meta: { title: string; robots?: string } };
  };
  return { status: response.status, ...body.data };
}

describe("auth pages", () => {
  it("renders the sign-in form with links to sign-up and forgot password", async () => {
    const { status, data, pageBody, meta } = await pageOf("/zh-HK/auth/signin?redirect=%2Fzh-HK%2Fcart");
    expect(status).toBe(200);
    expect(data).toMatchObject({ signupHref: "/zh-HK/auth/signup", forgotHref: "/zh-HK/auth/forget" });
    expect(pageBody).toContain('data-component="SignIn"');
    // The form reads the redirect from the address it was rendered for.
    expect(pageBody).toContain('href="/zh-HK/auth/signup?redirect=%2Fzh-HK%2Fcart"');
    expect(meta.title).toBe("登入 | Demo Store");
    expect(meta.robots).toBe("noindex, nofollow");
  });

  it("renders the sign-up form with the privacy policy and terms pages", async () => {
    const { status, data, pageBody } = await pageOf("/auth/signup");
    expect(status).toBe(200);
    expect(data).toMatchObject({ signinHref: "/auth/signin", privacyHref: "/page/privacy", termsHref: "/page/terms" });
    expect(pageBody).toContain('data-component="SignUp"');
    expect(pageBody).toContain('type="checkbox"');
  });

  it("answers the first load with the server-rendered form", async () => {
    const html = await (await fetch(`${store.url}/auth/signin`)).text();
    expect(html).toMatch(/<label class="sf-field__label" for="[^"]+">Email or mobile number<\/label>/);
    expect(html).toContain('aria-label="Show password"');
  });
});
