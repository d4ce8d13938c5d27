import { describe, expect, it } from "vitest";
import { createIntl } from "react-intl";
import en from "../../../src/locales/en.json";
import zh from "../../../src/locales/zh.json";
import zhHK from "../../../src/locales/zh-HK.json";
import {
  account, agreeTerms, birthday, check, countryCode, email, enter, firstName, isEmail, isPhone, lastName, limit,
  password, phone, required, select, shippingMethod, verificationCode, PASSWORD_LENGTH, type ValidationMessage,
} from "../../../src/runtime/validation/rules";
import { formatValidation } from "../../../src/runtime/validation/format";

const intls = {
  en: createIntl({ locale: "en", messages: en }),
  zh: createIntl({ locale: "zh-CN", messages: zh }),
  "zh-HK": createIntl({ locale: "zh-HK", messages: zhHK }),
};
const text = (lang: keyof typeof intls, result: ValidationMessage | null) => formatValidation(intls[lang], result!);

describe("formats", () => {
  it.each(["+8613800138000", "13800138000", "12", "+123456789012345"])("phone %s is valid", (value) => {
    expect(isPhone(value)).toBe(true);
  });
  it.each(["", "+", "0123456", "1", "+1234567890123456", "138 0013 8000", "+86-138", "１２３"])("phone %j is not", (value) => {
    expect(isPhone(value)).toBe(false);
  });
  it.each(["a@b.co", "first.last@shop.example.com", "a-b_c@x-y.org", "  spaced@ends.io "])("email %j is valid", (value) => {
    expect(isEmail(value)).toBe(true);
  });
  it.each(["a@b", "@b.co", "a@.co", "a..b@c.co", "a b@c.co", "a+tag@c.co", "a@b..co", `${"a".repeat(250)}@b.co`])(
    "email %j is not",
    (value) => expect(isEmail(value)).toBe(false),
  );
});

describe("rules", () => {
  it("account takes an email or a mobile number", () => {
    expect(account("")?.id).toBe("validation.account.required");
    expect(account("nope")?.id).toBe("validation.account.format");
    expect(account("a@b.co")).toBeNull();
    expect(account("+85291234567")).toBeNull();
  });

  it("email and phone say required, then format", () => {
    expect(email(" ")?.id).toBe("validation.email.required");
    expect(email("x@y")?.id).toBe("validation.email.format");
    expect(phone(undefined)?.id).toBe("validation.phone.required");
    expect(phone("0800")?.id).toBe("validation.phone.format");
  });

  it("password is 6 to 128 characters, counted as the visitor sees them", () => {
    expect(PASSWORD_LENGTH).toEqual({ min: 6, max: 128 });
    expect(password("")?.id).toBe("validation.password.required");
    expect(password("12345")?.id).toBe("validation.password.length");
    expect(password("123456")).toBeNull();
    expect(password("      ")).toBeNull();
    expect(password("x".repeat(128))).toBeNull();
    expect(password("x".repeat(129))?.id).toBe("validation.password.length");
    expect(password("😀😀😀😀😀")?.id).toBe("validation.password.length");
  });

  it("the password message states the same rule in every language", () => {
    expect(text("en", password("abc"))).toBe("Password must be 6 to 128 characters");
    expect(text("zh", password("abc"))).toBe("密码长度须为 6 至 128 个字符");
    expect(text("zh-HK", password("abc"))).toBe("密碼長度須為 6 至 128 個字元");
  });

  it("required fields", () => {
    expect(verificationCode("")?.id).toBe("validation.code.required");
    expect(countryCode(null)?.id).toBe("validation.countryCode.required");
    expect(firstName(" ")?.id).toBe("validation.firstName.required");
    expect(lastName("")?.id).toBe("validation.lastName.required");
    expect(verificationCode("123456")).toBeNull();
  });

  it("birthday is a real date, not in the future", () => {
    const rule = birthday(() => new Date(2026, 10, 21));
    expect(rule("")?.id).toBe("validation.birthday.required");
    expect(rule("1990-02-30")?.id).toBe("validation.birthday.invalid");
    expect(rule("21/11/1990")?.id).toBe("validation.birthday.invalid");
    expect(rule("2026-11-22")?.id).toBe("validation.birthday.invalid");
    expect(rule("2026-11-21")).toBeNull();
    expect(rule("2000-02-29")).toBeNull();
  });

  it("generic messages name the field, itself translated", () => {
    const field = { id: "locale.switch.label" };
    expect(text("en", required("Email")(""))).toBe("Email is required");
    expect(text("en", select(field)(""))).toBe("Please select Language");
    expect(text("zh", select(field)(""))).toBe("请选择语言");
    expect(text("zh-HK", enter(field)(""))).toBe("請輸入語言");
    expect(required("x")("a")).toBeNull();
  });

  it("limit shows once an input is full", () => {
    expect(limit(5)("1234")).toBeNull();
    expect(limit(5)("12345")).toEqual({ id: "validation.limit", values: { max: 5 } });
    expect(text("en", limit(1)("a"))).toBe("You have reached the limit of 1 character");
    expect(text("en", limit(200)("a".repeat(200)))).toBe("You have reached the limit of 200 characters");
    expect(text("zh", limit(200)("a".repeat(200)))).toBe("已达到字数上限（200 个字符）");
  });

  it("the terms must be agreed to", () => {
    expect(agreeTerms(false)?.id).toBe("validation.agreeTerms");
    expect(agreeTerms(undefined)?.id).toBe("validation.agreeTerms");
    expect(agreeTerms(true)).toBeNull();
  });

  it("a shipping method must be chosen among those offered", () => {
    const rule = shippingMethod(["std", "express"]);
    expect(text("en", rule(""))).toBe("Shipping method is not available");
    expect(rule("pickup")?.id).toBe("validation.shippingMethod");
    expect(rule("express")).toBeNull();
    expect(shippingMethod([])("std")?.id).toBe("validation.shippingMethod");
  });

  it("check returns the first failing rule", () => {
    expect(check("", required("Code"), limit(3))?.id).toBe("validation.required");
    expect(check("abcd", required("Code"), limit(3))?.id).toBe("validation.limit");
    expect(check("ab", required("Code"), limit(3))).toBeNull();
  });

  it("every message a rule can return exists in all three languages", () => {
    const results = [
      account(""), account("x"), email(""), email("x"), phone(""), phone("x"), password(""), password("x"),
      verificationCode(""), countryCode(""), firstName(""), lastName(""),
      birthday(() => new Date())(""), birthday(() => new Date())("x"), limit(1)("a"), agreeTerms(false),
      shippingMethod([])(""), required("F")(""), select("F")(""), enter("F")(""),
    ];
    for (const lang of ["en", "zh", "zh-HK"] as const) {
      const messages = { en, zh, "zh-HK": zhHK }[lang] as Record<string, string>;
      for (const result of results) expect(messages[result!.id], `${lang} ${result!.id}`).toBeTruthy();
    }
  });
});
