// formatMessage through the kept message formats answers exactly as react-intl's own, for
// every message of every language, plain values or rich text, present or missing values;
// each message is compiled once.
import { parse } from "@formatjs/icu-messageformat-parser";
import { createElement, isValidElement } from "react";
import { createIntl } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import en from "../../../generated/messages/en.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { withMessageCache } from "../../../src/runtime/i18n/message-cache";

const VALUES = {
  count: 2,
  title: "Linen Shirt",
  amount: "$12.00",
  reference: "Q-1",
  name: "Mei",
  email: "mei@example.com",
  orderNo: "A1B2C3",
  index: 3,
  date: "23 Nov",
  max: 99,
  min: 1,
  field: "City",
  time: "10:20",
  seconds: 45,
  total: 5,
  left: 1,
  product: "Mug",
  quantity: 4,
  page: 2,
  pages: 9,
  zoom: 150,
  year: 2026,
};

function both(locale: string, messages: Record<string, string>, ast: boolean) {
  const compiled = ast ? Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, parse(text)])) : messages;
  const errors: string[] = [];
  const plain = createIntl({ locale, messages: compiled, defaultLocale: "en", onError: () => {} });
  const base = createIntl({ locale, messages: compiled, defaultLocale: "en", onError: (e) => errors.push(e.message) });
  const compile = vi.spyOn(base.formatters, "getMessageFormat");
  return { plain, cached: withMessageCache(base), compile, errors };
}

describe("formatMessage with kept message formats", () => {
  for (const [locale, messages] of [
    ["en", en],
    ["zh-HK", zhHK],
  ] as const) {
    for (const ast of [false, true]) {
      it(`answers as react-intl for every ${locale} message (${ast ? "precompiled, as in the browser" : "text, as on the server"})`, () => {
        const { plain, cached, compile } = both(locale, messages, ast);
        for (const id of Object.keys(messages)) {
          for (const values of [VALUES, { count: 0 }, {}, undefined]) {
            expect([id, cached.formatMessage({ id }, values)]).toEqual([id, plain.formatMessage({ id }, values)]);
            expect([id, cached.formatMessage({ id }, values)]).toEqual([id, plain.formatMessage({ id }, values)]);
          }
        }
        const withValues = Object.values(messages).filter((text) => text.includes("{")).length;
        expect(compile.mock.calls.length).toBeLessThanOrEqual(withValues + 2 * Object.keys(messages).length);
      });
    }
  }

  it("compiles each message once for plain values", () => {
    const { cached, compile } = both("en", en, true);
    for (let i = 0; i < 5; i++) cached.formatMessage({ id: "header.cart.label" }, { count: i });
    expect(compile).toHaveBeenCalledTimes(1);
  });

  it("leaves rich text, unknown ids and a missing value to react-intl, which reports them", () => {
    const { plain, cached, errors } = both("en", en, true);
    const link = (chunks: unknown) => createElement("a", { href: "/x" }, chunks as string);
    const rich = cached.formatMessage({ id: "account.profile.contact" }, { link });
    expect(Array.isArray(rich)).toBe(true);
    expect((rich as unknown[]).some((part) => isValidElement(part))).toBe(true);
    expect(cached.formatMessage({ id: "no.such.id" }, { count: 1 })).toBe(
      plain.formatMessage({ id: "no.such.id" }, { count: 1 }),
    );
    expect(errors.length).toBeGreaterThan(0);
  });
});
