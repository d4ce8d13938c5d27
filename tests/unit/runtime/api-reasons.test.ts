// A refusal with a reason (schemas/api/reason.schema.json): the client shows the reason's
// message, in the page's language, instead of the server's English; a reason it does not know,
// or a malformed one, leaves the server's words. Every reason has its words in each language.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { API_REASON_IDS } from "../../../generated/constants";
import { ApiError, createApi } from "../../../src/runtime/api/client";
import { envelope, LOCALES, memoryStore, recordBus, scriptedFetch, testClock } from "./fakes";

async function refusal(body: unknown) {
  const rec = recordBus();
  const api = createApi({
    bus: rec.bus,
    store: memoryStore({ "sf.token": "tok" }).store,
    clock: testClock(),
    fetch: scriptedFetch(envelope(body)),
  });
  const error = await api.post("checkout/quote", {}).then(
    () => expect.unreachable("the call should fail"),
    (e: unknown) => e as ApiError,
  );
  expect(error).toBeInstanceOf(ApiError);
  return { text: error.text, toasts: rec.of("toast:show") };
}

describe("refusals with a reason", () => {
  it("show the reason's message with its values, in the toast and to the caller", async () => {
    const { text, toasts } = await refusal({
      code: 41,
      msg: "This coupon needs an order of at least 100 USD.",
      reason: { id: "coupon.reason.minimum", values: { amount: 100, currency: "USD" } },
    });
    expect(text).toEqual({ id: "coupon.reason.minimum", values: { amount: 100, currency: "USD" } });
    expect(toasts).toEqual([{ kind: "error", message: text }]);
  });

  it("keep the server's words for a reason the client does not know, or one that is not an object", async () => {
    for (const reason of [{ id: "coupon.reason.teleported" }, "coupon.reason.expired", { id: 7 }, null]) {
      expect((await refusal({ code: 41, msg: "Nope.", reason })).text).toEqual({ text: "Nope." });
    }
  });

  it("drop values that are not strings or numbers", async () => {
    const { text } = await refusal({
      code: 41,
      msg: "x",
      reason: { id: "coupon.reason.minimum", values: { amount: 100, currency: "USD", evil: { toString: 1 } } },
    });
    expect(text).toEqual({ id: "coupon.reason.minimum", values: { amount: 100, currency: "USD" } });
  });

  it.each(["en", "zh", "zh-HK"] as const)("every reason has its words in %s", (lang) => {
    for (const id of API_REASON_IDS) {
      expect(LOCALES[lang][id], id).toBeTruthy();
      if (lang !== "en") expect(LOCALES[lang][id], id).not.toBe(LOCALES.en[id]);
    }
    const minimum = new IntlMessageFormat(LOCALES[lang]["coupon.reason.minimum"]!, lang).format({ amount: 100, currency: "USD" });
    expect(minimum).toContain("100 USD");
  });
});
