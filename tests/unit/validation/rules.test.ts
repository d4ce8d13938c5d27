import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { formatValidation } from "../../../src/runtime/validation/format";
import {
  account,
  accountGiven,
  birthday,
  check,
  countryCode,
  enter,
  firstName,
  lastName,
  limit,
  required,
  select,
  shippingMethod,
  type ValidationMessage,
  verificationCode,
} from "../../../src/runtime/validation/rules";

const intls = {
  en: createIntl({ locale: "en", messages: en }),
  zh: createIntl({ locale: "zh-CN", messages: zh }),
  "zh-HK": createIntl({ locale: "zh-HK", messages: zhHK }),
};
const text = (lang: keyof typeof intls, result: ValidationMessage | null) => formatValidation(intls[lang], result!);

describe("rules", () => {
  // Email, mobile and password shapes are the schemas': tests/unit/validation/account.test.ts.
  it("account takes what one of its shapes takes", () => {
    const rule = account(
      (value) => value === "yes",
      (value) => value.endsWith("!"),
    );
    expect(rule("")?.id).toBe("validation.account.required");
    expect(rule(" ")?.id).toBe("validation.account.required");
    expect(rule("nope")?.id).toBe("validation.account.format");
    expect(rule(" yes ")).toBeNull();
    expect(rule("hey!")).toBeNull();
    expect(accountGiven("  ")?.id).toBe("validation.account.required");
    expect(accountGiven("anything")).toBeNull();
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
      account()(""),
      account()("x"),
      accountGiven(""),
      verificationCode(""),
      countryCode(""),
      firstName(""),
      lastName(""),
      birthday(() => new Date())(""),
      birthday(() => new Date())("x"),
      limit(1)("a"),
      shippingMethod([])(""),
      required("F")(""),
      select("F")(""),
      enter("F")(""),
    ];
    for (const lang of ["en", "zh", "zh-HK"] as const) {
      const messages = { en, zh, "zh-HK": zhHK }[lang] as Record<string, string>;
      for (const result of results) expect(messages[result!.id], `${lang} ${result!.id}`).toBeTruthy();
    }
  });
});
