import { act } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { LanguageMenu } from "../../../src/components/layout/LanguageMenu";
import { type Harness, renderIsland } from "../auth/support";

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
});

describe("LanguageMenu", () => {
  it("names the current language on its toggle and opens the locale switch", async () => {
    harness = await renderIsland(<LanguageMenu />, { url: "/zh-HK/category/shirts?sort=price-asc", lang: "zh-HK" });
    const details = harness.container.querySelector("details")!;
    const summary = details.querySelector("summary")!;
    expect(summary.textContent).toBe("語言：繁體中文（香港）");
    expect(details.open).toBe(false);
    await act(async () => summary.click());
    expect(details.open).toBe(true);
    const links = Array.from(details.querySelectorAll("a")).map((a) => a.getAttribute("href"));
    expect(links).toEqual([
      "/category/shirts?sort=price-asc",
      "/zh/category/shirts?sort=price-asc",
      "/zh-HK/category/shirts?sort=price-asc",
    ]);
  });

  it("closes on Escape and gives focus back to its toggle", async () => {
    harness = await renderIsland(<LanguageMenu />, { url: "/category/shirts" });
    const details = harness.container.querySelector("details")!;
    details.open = true;
    const link = details.querySelector("a")!;
    link.focus();
    await act(async () => link.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(details.querySelector("summary"));
  });
});
