// @vitest-environment node
// The sign-in and sign-up pages and the pages of a mailed link: their own templates and
// islands, the links their forms offer under the language prefix, and the redirect and
// codes left in the address for the forms.
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
    expect(meta.title).toBe("登入 | 示範商店");
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

describe("the pages of a mailed link", () => {
  const CODE = "c".repeat(43);

  it("renders the forgotten-password form with a way back to sign-in", async () => {
    const { status, data, pageBody, meta } = await pageOf("/zh-HK/auth/forget");
    expect(status).toBe(200);
    expect(data).toEqual({ title: "忘記密碼", forget: { signinHref: "/zh-HK/auth/signin" } });
    expect(pageBody).toContain('data-component="ForgotPassword"');
    expect(pageBody).toContain("電郵或手提電話號碼");
    expect(meta.robots).toBe("noindex, nofollow");
  });

  it("hands the reset form the link's code, and none that has not a code's shape", async () => {
    const good = await pageOf(`/auth/reset-password?code=${CODE}`);
    expect(good.data).toMatchObject({ reset: { code: CODE, signinHref: "/auth/signin", forgotHref: "/auth/forget" } });
    expect(good.pageBody).toContain('data-component="ResetPassword"');
    expect(good.pageBody).toContain("New password");
    const bad = await pageOf("/auth/reset-password?code=%3Cscript%3E");
    expect(bad.data).toMatchObject({ reset: { code: "" } });
    // No code: the server HTML already says the link is not valid and offers a new one.
    expect(bad.pageBody).toContain("This link has expired or was already used.");
    expect(bad.pageBody).toContain('href="/auth/forget"');
  });

  it("renders the verify-email page with the code, and the prompt with a sign-in that comes back to it", async () => {
    const verify = await pageOf(`/zh/auth/verify-email?code=${CODE}`);
    expect(verify.data).toMatchObject({ verifyEmail: { code: CODE, promptHref: "/zh/auth/verify-prompt", homeHref: "/zh" } });
    expect(verify.pageBody).toContain('data-component="VerifyEmail"');
    const prompt = await pageOf("/auth/verify-prompt");
    expect(prompt.data).toMatchObject({
      verifyPrompt: { signinHref: "/auth/signin?redirect=%2Fauth%2Fverify-prompt", homeHref: "/" },
    });
    expect(prompt.pageBody).toContain('data-component="VerifyPrompt"');
    expect(prompt.meta.title).toBe("Check your inbox | Demo Store");
  });
});
