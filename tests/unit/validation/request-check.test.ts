import Ajv from "ajv";
import addFormats from "ajv-formats";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import validateSave from "../../../generated/validators/api/address/save.request.js";
import validateSignUp from "../../../generated/validators/api/auth/signup.request.js";
import validateSubscribe from "../../../generated/validators/api/newsletter/subscribe.request.js";
import { examples as saveExamples } from "../../../schemas/api/address/save.request.schema.json";
import { examples as signUpExamples } from "../../../schemas/api/auth/signup.request.schema.json";
import { examples as subscribeExamples } from "../../../schemas/api/newsletter/subscribe.request.schema.json";
import { formatValidation } from "../../../src/runtime/validation/format";
import { type FieldMessages, fieldOf, type RequestValidator, requestCheck } from "../../../src/runtime/validation/request-check";
import type { ValidationMessage } from "../../../src/runtime/validation/rules";

const intls = {
  en: createIntl({ locale: "en", messages: en }),
  zh: createIntl({ locale: "zh-CN", messages: zh }),
  "zh-HK": createIntl({ locale: "zh-HK", messages: zhHK }),
};
const text = (lang: keyof typeof intls, result: ValidationMessage | null | undefined) => formatValidation(intls[lang], result!);

/** A validator as codegen compiles one (first error only, defaults filled in), for schemas made up here. */
function compile(schema: object): RequestValidator {
  const ajv = new Ajv({ allErrors: false, useDefaults: true, strict: true });
  addFormats(ajv);
  return ajv.compile(schema) as unknown as RequestValidator;
}

const PASSWORD: FieldMessages = {
  required: { id: "validation.password.required" },
  length: ({ min, max }) => ({ id: "validation.password.length", values: { min: min!, max: max! } }),
  invalid: { id: "validation.password.required" },
};
const AGREE: FieldMessages = { required: { id: "validation.agreeTerms" }, invalid: { id: "validation.agreeTerms" } };
const ACCOUNT = { required: { id: "validation.account.required" }, invalid: { id: "validation.account.format" } };

describe("fieldOf", () => {
  it("names the top-level property a rule is about", () => {
    expect(fieldOf({ instancePath: "/email", keyword: "pattern", params: {} })).toBe("email");
    expect(fieldOf({ instancePath: "/lines/0/sku", keyword: "type", params: {} })).toBe("lines");
    expect(fieldOf({ instancePath: "/a~1b~0c", keyword: "type", params: {} })).toBe("a/b~c");
    expect(fieldOf({ instancePath: "", keyword: "required", params: { missingProperty: "password" } })).toBe("password");
    expect(fieldOf({ instancePath: "", keyword: "additionalProperties", params: { additionalProperty: "extra" } })).toBe("extra");
    expect(fieldOf({ instancePath: "", keyword: "type", params: { type: "object" } })).toBe("");
  });
});

describe("a request check over a generated validator", () => {
  const signUp = requestCheck(validateSignUp, signUpExamples[0]);

  it("finds each field's own error although the validator stops at its first", () => {
    // The whole body fails first on the missing password; each field still gets its own error.
    const body = { email: "nope", agree: false };
    expect(validateSignUp(structuredClone(body))).toBe(false);
    expect(validateSignUp.errors?.[0]?.keyword).toBe("required");
    expect(signUp.error("email", body.email)).toMatchObject({ instancePath: "/email", keyword: "pattern" });
    expect(signUp.error("password", undefined)).toMatchObject({ keyword: "required", params: { missingProperty: "password" } });
    expect(signUp.error("agree", false)).toMatchObject({ instancePath: "/agree", keyword: "const" });
    expect(signUp.error("email", "mei@example.com")).toBeNull();
    expect(signUp.error("mobile", undefined)).toBeNull();
  });

  it("maps required, pattern, length and const to the form's messages", () => {
    const fields = {
      email: { field: "account" as const, ...ACCOUNT },
      mobile: { field: "account" as const, ...ACCOUNT },
      password: PASSWORD,
      agree: AGREE,
    };
    expect(signUp.messages({ agree: false }, fields)).toEqual({
      password: { id: "validation.password.required" },
      agree: { id: "validation.agreeTerms" },
    });
    expect(signUp.messages({ mobile: "0800", password: "12345", agree: true }, fields)).toEqual({
      account: { id: "validation.account.format" },
      password: { id: "validation.password.length", values: { min: 6, max: 128 } },
    });
    expect(signUp.messages({ email: "a@b.co", password: "x".repeat(129), agree: true }, fields)).toEqual({
      password: { id: "validation.password.length", values: { min: 6, max: 128 } },
    });
    expect(signUp.messages({ email: "a@b.co", password: "secret1", agree: true }, fields)).toEqual({});
  });

  it("says the messages in the three languages", () => {
    const found = signUp.messages({ email: "x@y", password: "abc" }, { email: ACCOUNT, password: PASSWORD, agree: AGREE });
    expect([text("en", found.email), text("en", found.password), text("en", found.agree)]).toEqual([
      "Enter a valid email address or mobile number",
      "Password must be 6 to 128 characters",
      "Please agree to the Privacy Policy and Terms of Service first",
    ]);
    expect([text("zh", found.email), text("zh", found.password), text("zh", found.agree)]).toEqual([
      "邮箱或手机号格式不正确",
      "密码长度须为 6 至 128 个字符",
      "请先阅读并同意隐私政策和服务条款",
    ]);
    expect([text("zh-HK", found.email), text("zh-HK", found.password), text("zh-HK", found.agree)]).toEqual([
      "電郵地址或手提電話號碼格式不正確",
      "密碼長度須為 6 至 128 個字元",
      "請先閱讀並同意私隱政策及服務條款",
    ]);
  });

  it("reads a field's length bounds from the validator", () => {
    expect(signUp.bounds("password")).toEqual({ min: 6, max: 128 });
    expect(signUp.bounds("email")).toEqual({ max: 254 });
    expect(signUp.bounds("mobile")).toEqual({ max: 16 });
    expect(signUp.bounds("firstName")).toEqual({ max: 100 });
    expect(requestCheck(validateSubscribe, subscribeExamples[0]).bounds("email")).toEqual({ max: 254 });
  });

  it("checks a copy: the body keeps no defaults, parse gives them", () => {
    const save = requestCheck(validateSave, saveExamples[0]);
    const body = { ...saveExamples[0] };
    expect(save.messages(body, { country: ACCOUNT })).toEqual({});
    expect(body).not.toHaveProperty("isDefault");
    expect(save.parse(body)).toEqual({ ...body, isDefault: false });
    expect(save.parse({ ...body, phone: "x" })).toBeNull();
  });

  it("refuses an example its schema does not take", () => {
    expect(() => requestCheck(validateSignUp, { email: "mei@example.com" })).toThrow(/example/);
  });
});

describe("a request check over any schema", () => {
  it("takes the length bounds from the schema, not from the code", () => {
    const check = requestCheck(
      compile({
        type: "object",
        required: ["password"],
        properties: { password: { type: "string", minLength: 8, maxLength: 64 } },
      }),
      { password: "long-enough" },
    );
    const found = check.messages({ password: "short" }, { password: PASSWORD });
    expect(found.password).toEqual({ id: "validation.password.length", values: { min: 8, max: 64 } });
    expect(text("en", found.password)).toBe("Password must be 8 to 64 characters");
    expect(text("zh", found.password)).toBe("密码长度须为 8 至 64 个字符");
    expect(text("zh-HK", check.messages({ password: "x".repeat(65) }, { password: PASSWORD }).password)).toBe(
      "密碼長度須為 8 至 64 個字元",
    );
  });

  it("tells the length message which bound was broken", () => {
    const check = requestCheck(
      compile({ type: "object", properties: { name: { type: "string", minLength: 2, maxLength: 5 } } }),
      { name: "Mei" },
    );
    const name: FieldMessages = {
      length: ({ max }, rule) =>
        rule === "maxLength" ? { id: "validation.limit", values: { max: max! } } : { id: "validation.firstName.required" },
      invalid: { id: "validation.firstName.required" },
    };
    expect(check.bounds("name")).toEqual({ min: 2, max: 5 });
    expect(check.message("name", "x", name)).toEqual({ id: "validation.firstName.required" });
    expect(text("en", check.message("name", "abcdef", name))).toBe("You have reached the limit of 5 characters");
    expect(text("zh", check.message("name", "abcdef", name))).toBe("已达到字数上限（5 个字符）");
    expect(check.message("name", "abc", name)).toBeNull();
  });

  it("maps format and enum to the field's invalid message, required to its required one", () => {
    const check = requestCheck(
      compile({
        type: "object",
        required: ["email", "kind"],
        properties: { email: { type: "string", format: "email" }, kind: { enum: ["a", "b"] } },
      }),
      { email: "mei@example.com", kind: "a" },
    );
    const email = { required: { id: "validation.email.required" }, invalid: { id: "validation.email.format" } };
    const kind = { invalid: { id: "validation.shippingMethod" } };
    expect(check.messages({ email: "not mail", kind: "c" }, { email, kind })).toEqual({
      email: { id: "validation.email.format" },
      kind: { id: "validation.shippingMethod" },
    });
    // No required message of its own: the invalid one.
    expect(check.messages({}, { email, kind })).toEqual({
      email: { id: "validation.email.required" },
      kind: { id: "validation.shippingMethod" },
    });
  });

  it("reports a rule that spans fields on the field the validator names", () => {
    const check = requestCheck(
      compile({
        type: "object",
        properties: { mobile: { type: "string" }, countryCode: { type: "string" } },
        dependencies: { mobile: ["countryCode"] },
      }),
      {},
    );
    const countryCode = { required: { id: "validation.countryCode.required" }, invalid: { id: "auth.countryCode.format" } };
    expect(check.messages({ mobile: "91234567" }, { mobile: ACCOUNT, countryCode })).toEqual({
      countryCode: { id: "validation.countryCode.required" },
    });
    expect(check.messages({ mobile: "91234567", countryCode: "+852" }, { mobile: ACCOUNT, countryCode })).toEqual({});
  });

  it("calls an unknown field invalid, so a typo in a form cannot pass", () => {
    const check = requestCheck(
      compile({ type: "object", additionalProperties: false, properties: { a: { type: "string" } } }),
      {},
    );
    expect(check.messages({ b: "x" }, { b: ACCOUNT })).toEqual({ b: { id: "validation.account.format" } });
  });
});
