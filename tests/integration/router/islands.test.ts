// With the real renderer: a navigation unmounts the old page's islands and mounts the
// new page's.
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import { createRenderer } from "../../../src/renderer/islands";
import { createProvidersLoader } from "../../../src/runtime/island-providers";
import { answersOf, loadFixtures, pageDocument, startRouter } from "./support";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

describe("navigation with the island renderer", () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it("mounts the islands of the new page and unmounts the old ones", async () => {
    pageDocument("/start-page");
    const body = document.getElementById("page-body")!;
    body.innerHTML = `<div id="old" data-component="ProductPrice" data-props='{"price":1,"currency":"USD"}' data-hydrate="load"></div>`;
    const renderer = createRenderer({ registry, win: window, loadProviders: createProvidersLoader(document) });
    await renderer.mountRegion(body);
    const old = document.getElementById("old")!;
    await expect.poll(() => old.getAttribute("data-island")).toBe("mounted");

    const { router } = startRouter({ answers: answersOf(loadFixtures()), renderer });
    stop = () => router.stop();
    expect(await router.visit("/product/linen-shirt")).toBe("done");
    expect(renderer.stateOf(old)).toBeUndefined();
    const island = document.querySelector<HTMLElement>('#page-body [data-component="ProductPrice"]')!;
    await expect.poll(() => island.getAttribute("data-island")).toBe("mounted");
    await expect.poll(() => island.textContent).toContain("$39.90");
  });
});
