// The header's search combobox: asks after a pause, aborts the question it no longer needs,
// ignores an answer for a query no longer typed, and follows the WAI-ARIA combobox keys.
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchSuggestResponse } from "../../../generated/types";
import SearchCombobox, { SUGGEST_DELAY_MS, suggestible } from "../../../src/components/catalog/SearchCombobox";
import { type Harness, renderIsland, type } from "../auth/support";

let harness: Harness | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
  vi.useRealTimers();
});

const answer = (title: string): SearchSuggestResponse => ({
  products: [{ slug: "linen-shirt", title, href: "/zh/product/linen-shirt", image: "/media/linen-shirt.svg", price: 79.99 }],
  categories: [{ slug: "shirts", title: "Shirts", href: "/zh/category/shirts" }],
  articles: [],
  currency: "USD",
  searchHref: "/zh/search?q=x",
});

async function open() {
  harness = await renderIsland(<SearchCombobox action="/zh/search" query="" />, { url: "/zh/", lang: "zh" });
  const input = harness.container.querySelector<HTMLInputElement>("[role=combobox]")!;
  await act(async () => input.focus());
  return { h: harness, input };
}

const wait = (ms: number) => act(async () => void vi.advanceTimersByTime(ms));
const key = (input: HTMLInputElement, name: string) =>
  act(async () => void input.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true })));
const options = (h: Harness) => [...h.container.querySelectorAll("[role=option]")];

describe("SearchCombobox", () => {
  it("suggests for two characters, or one Chinese character", () => {
    expect(suggestible("l")).toBe(false);
    expect(suggestible(" li ")).toBe(true);
    expect(suggestible("衫")).toBe(true);
  });

  it("asks once typing pauses, in the page's language", async () => {
    const { h, input } = await open();
    h.post.mockResolvedValue(answer("Linen Shirt"));
    await type(input, "li");
    await wait(SUGGEST_DELAY_MS / 2);
    await type(input, "lin");
    await wait(SUGGEST_DELAY_MS / 2);
    await type(input, "line");
    expect(h.post).not.toHaveBeenCalled();
    await wait(SUGGEST_DELAY_MS);
    expect(h.post).toHaveBeenCalledTimes(1);
    expect(h.post.mock.calls[0]![0]).toBe("search/suggest");
    expect(h.post.mock.calls[0]![1]).toEqual({ q: "line", prefix: "zh" });
    expect(options(h).map((o) => o.textContent)).toEqual(["Linen ShirtUS$79.99", "Shirts"]);
    expect(input.getAttribute("aria-expanded")).toBe("true");
    expect(h.container.querySelector("[role=status]")!.textContent).toContain("2");
  });

  it("aborts the question it no longer needs and drops a late answer", async () => {
    const { h, input } = await open();
    const pending: { resolve(value: unknown): void; signal: AbortSignal }[] = [];
    h.post.mockImplementation(
      (_call, _body, options) =>
        new Promise((resolve) => pending.push({ resolve, signal: (options as { signal: AbortSignal }).signal })),
    );
    await type(input, "lin");
    await wait(SUGGEST_DELAY_MS);
    await type(input, "linen");
    expect(pending[0]!.signal.aborted).toBe(true);
    await wait(SUGGEST_DELAY_MS);
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]!.resolve(answer("Linen Shirt")));
    // The first answer arrives last: it is for "lin", no longer typed.
    await act(async () => pending[0]!.resolve(answer("Stale")));
    expect(options(h)[0]!.textContent).toContain("Linen Shirt");
  });

  it("moves with the arrows, opens the active option with Enter, closes and clears with Escape", async () => {
    const { h, input } = await open();
    h.post.mockResolvedValue(answer("Linen Shirt"));
    await type(input, "linen");
    await wait(SUGGEST_DELAY_MS);
    await key(input, "ArrowDown");
    const [first, second] = options(h);
    expect(input.getAttribute("aria-activedescendant")).toBe(first!.id);
    expect(first!.getAttribute("aria-selected")).toBe("true");
    await key(input, "ArrowDown");
    expect(input.getAttribute("aria-activedescendant")).toBe(second!.id);
    // Past the last option the focus is back in the field alone.
    await key(input, "ArrowDown");
    expect(input.hasAttribute("aria-activedescendant")).toBe(false);
    await key(input, "ArrowUp");
    expect(input.getAttribute("aria-activedescendant")).toBe(second!.id);
    await key(input, "Escape");
    expect(input.getAttribute("aria-expanded")).toBe("false");
    expect(input.value).toBe("linen");
    await key(input, "Escape");
    expect(input.value).toBe("");
    await type(input, "linen");
    await wait(SUGGEST_DELAY_MS);
    await key(input, "ArrowDown");
    await key(input, "Enter");
    expect(h.navigate).toHaveBeenCalledTimes(1);
    expect(String(h.navigate.mock.calls[0]![0])).toContain("/zh/product/linen-shirt");
  });
});
