import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { isEmail, isMobile, passwordBounds, passwordMessage } from "../../../src/runtime/validation/account";
import { formatValidation } from "../../../src/runtime/validation/format";
import type { ValidationMessage } from "../../../src/runtime/validation/rules";
import { account } from "../../../src/runtime/validation/rules";

const intls = {
  en: createIntl({ locale: "en", messages: en }),
  zh: createIntl({ locale: "zh-CN", messages: zh }),
  "zh-HK": createIntl({ locale: "zh-HK", messages: zhHK }),
};
const text = (lang: keyof typeof intls, result: ValidationMessage | null) => formatValidation(intls[lang], result!);

// The shapes and the policy come from the sign-up request's schema, through its generated validator.
describe("account shapes, as the schemas state them", () => {
  it.each(["+8613800138000", "13800138000", "12", "+123456789012345"])("mobile %s is valid", (value) => {
    expect(isMobile(value)).toBe(true);
  });
  it.each(["", "+", "0123456", "1", "+1234567890123456", "138 0013 8000", "+86-138", "１２３"])("mobile %j is not", (value) => {
    expect(isMobile(value)).toBe(false);
  });
  it.each(["a@b.co", "first.last@shop.example.com", "a-b_c@x-y.org", "  spaced@ends.io "])("email %j is valid", (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each(["a@b", "@b.co", "a@.co", "a..b@c.co", "a b@c.co", "a+tag@c.co", "a@b..co", `${"a".repeat(250)}@b.co`])(
    "email %j is not",
    (value) => expect(isEmail(value)).toBe(false),
  );

  it("an account is an email address or a mobile number", () => {
    const rule = account(isEmail, isMobile);
    expect(rule("")?.id).toBe("validation.account.required");
    expect(rule("  ")?.id).toBe("validation.account.required");
    expect(rule("nope")?.id).toBe("validation.account.format");
    expect(rule("0800123")?.id).toBe("validation.account.format");
    expect(rule("a@b.co")).toBeNull();
    expect(rule(" +85291234567 ")).toBeNull();
  });
});

describe("the password policy", () => {
  it("is 6 to 128 characters, counted as the visitor sees them", () => {
    expect(passwordBounds()).toEqual({ min: 6, max: 128 });
    expect(passwordMessage("")?.id).toBe("validation.password.required");
    expect(passwordMessage("12345")).toEqual({ id: "validation.password.length", values: { min: 6, max: 128 } });
    expect(passwordMessage("123456")).toBeNull();
    expect(passwordMessage("      ")).toBeNull();
    expect(passwordMessage("x".repeat(128))).toBeNull();
    expect(passwordMessage("x".repeat(129))?.id).toBe("validation.password.length");
    expect(passwordMessage("😀😀😀😀😀")?.id).toBe("validation.password.length");
  });

  it("is stated the same in every language", () => {
    expect(text("en", passwordMessage("abc"))).toBe("Password must be 6 to 128 characters");
    expect(text("zh", passwordMessage("abc"))).toBe("密码长度须为 6 至 128 个字符");
    expect(text("zh-HK", passwordMessage("abc"))).toBe("密碼長度須為 6 至 128 個字元");
    expect(text("en", passwordMessage(""))).toBe("Enter your password");
  });
});
