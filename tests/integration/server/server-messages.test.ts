// @vitest-environment node
// Issue 49 item 1: what /api/web says to a shopper is a message id of the shop's catalogue, and
// the answer's msg is that message in the language of the page that called (its x-lang
// header, else the Referer's prefix, else English), in en, zh and zh-HK.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiFail, CODE } from "../../../src/server/api/envelope";
import { START_TIMEOUT_MS, signUp, startStore, type TestStore, uniqueEmail } from "./support";

let store: TestStore;
beforeAll(async () => {
  store = await startStore({ limits: { signin: { burst: 200, perMinute: 200 }, signup: { burst: 100, perMinute: 100 } } });
}, START_TIMEOUT_MS);
afterAll(() => store.close(), START_TIMEOUT_MS);

/** How a page of each message language says so: its <html lang> in x-lang, or (zh-HK) only its address as the Referer. */
const headersOf = (language: string): Record<string, string> =>
  language === "zh-HK" ? { referer: `${store.url}/zh-HK/auth/signin` } : { "x-lang": language === "zh" ? "zh-CN" : "en" };

describe("refusals answer in the caller's language", () => {
  it.each([
    ["en", "The account or password is incorrect."],
    ["zh", "账号或密码不正确。"],
    ["zh-HK", "帳戶或密碼不正確。"],
  ])("a wrong password (%s)", async (language, text) => {
    const { email } = await signUp(store);
    const answer = await store.post(
      "auth/signin",
      { account: email, password: "wrong-password" },
      { headers: headersOf(language) },
    );
    expect(answer).toMatchObject({ code: 41, msg: text });
  });

  it.each([
    ["en", "Confirm your email address first: open the link we have sent you."],
    ["zh", "请先确认您的电子邮箱：打开我们发送给您的链接。"],
    ["zh-HK", "請先確認你的電郵地址：打開我們傳送給你的連結。"],
  ])("an account waiting for its confirmation (%s)", async (language, text) => {
    const email = uniqueEmail();
    await store.post("auth/signup", { email, password: "secret123", agree: true });
    const answer = await store.post("auth/signin", { account: email, password: "secret123" }, { headers: headersOf(language) });
    expect(answer).toMatchObject({ code: 41, msg: text });
  });

  it.each([
    ["en", "Confirm your mobile number first: open the link we have sent you."],
    ["zh", "请先确认您的手机号码：打开我们发送给您的链接。"],
    ["zh-HK", "請先確認你的手機號碼：打開我們傳送給你的連結。"],
  ])("its mobile twin (%s)", async (language, text) => {
    const mobile = `1${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 10)}`;
    await store.post("auth/signup", { mobile, countryCode: "+1", password: "secret123", agree: true });
    const answer = await store.post(
      "auth/signin",
      { account: mobile, countryCode: "+1", password: "secret123" },
      { headers: headersOf(language) },
    );
    expect(answer).toMatchObject({ code: 41, msg: text });
  });

  it.each([
    ["en", "The order was not found.", "login error"],
    ["zh", "未找到该订单。", "登录错误"],
    ["zh-HK", "找不到此訂單。", "登入錯誤"],
  ])("a refusal of a signed-in call, and a call that needs a session (%s)", async (language, notFound, login) => {
    const { token } = await signUp(store);
    const headers = headersOf(language);
    expect(await store.post("order/detail", { orderNo: "SO000000000000" }, { token, headers })).toMatchObject({
      code: 41,
      msg: notFound,
    });
    expect(await store.post("order/detail", { orderNo: "SO000000000000" }, { headers })).toMatchObject({ code: 50, msg: login });
  });
});

describe("a refusal's values", () => {
  it("fill in its message in every language", () => {
    const refusal = new ApiFail(CODE.fullFail, "refusal.return.tooManyUnits", 200, { left: 2, sku: "LINSHI-SAN-M" });
    expect(refusal.message).toBe("At most 2 of LINSHI-SAN-M can be returned.");
    expect(refusal.textIn("zh")).toBe("LINSHI-SAN-M 最多可退 2 件。");
    expect(refusal.textIn("zh-HK")).toBe("LINSHI-SAN-M 最多可退 2 件。");
    // A reason the browser holds words for travels as the envelope's reason too, others do not.
    expect(new ApiFail(CODE.fullFail, "cart.reason.soldOut").envelopeReason).toEqual({ id: "cart.reason.soldOut" });
    expect(refusal.envelopeReason).toBeUndefined();
  });
});
