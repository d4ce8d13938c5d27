import { parse } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import type { IntlMessages } from "../../../src/runtime/i18n/messages";
import { showPlainToasts } from "../../../src/runtime/plain-toasts";
import type { Toast } from "../../../src/runtime/toast";

function toastsOf(list: Toast[]) {
  return { getSnapshot: () => list, subscribe: () => () => {} };
}

async function shown(messages: IntlMessages) {
  const toasts = toastsOf([{ id: 1, kind: "error", message: { id: "cart.low", values: { count: 2 } }, duration: 0 }]);
  const remove = showPlainToasts({ document, toasts, loadMessages: async () => messages });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const text = document.querySelector(".sf-toaster--plain")?.textContent;
  remove();
  return text;
}

describe("plain toasts", () => {
  it("fill a message's arguments from the ICU text as written (unbundled)", async () => {
    expect(await shown({ "cart.low": "Only {count} left" })).toContain("Only 2 left");
  });

  // The built bundle holds its messages parsed at build time (scripts/esbuild/precompiled-messages.mjs).
  it("fill them from a message parsed at build time, as a built page holds it", async () => {
    expect(await shown({ "cart.low": parse("Only {count} left") })).toContain("Only 2 left");
  });
});
