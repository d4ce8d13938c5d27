// With the real renderer: a navigation unmounts the old page's islands and mounts the
// new page's.
import { afterEach, describe, expect, it } from "vitest";
import { registry } from "../../../src/registry/index";
import { createRenderer } from "../../../src/renderer/islands";
import { createProvidersLoader } from "../../../src/runtime/island-providers";
import { answersOf, fixtureNamed, loadFixtures, pageDocument, startRouter } from "./support";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

describe("navigation with the island renderer", () => {
  let stop: (() => void) | null = null;
  afterEach(() => stop?.());

  it("mounts the islands of the new page and unmounts the old ones", { timeout: 20_000 }, async () => {
    pageDocument("/start-page");
    const body = document.getElementById("page-body")!;
    body.innerHTML = `<div id="old" data-component="ProductPrice" data-props='{"price":1,"currency":"USD"}' data-hydrate="load"></div>`;
    const renderer = createRenderer({ registry, win: window, loadProviders: createProvidersLoader(document) });
    await renderer.mountRegion(body);
    const old = document.getElementById("old")!;
    await expect.poll(() => old.getAttribute("data-island")).toBe("mounted");

    // The recorded product page of the demo store: its product detail island hydrates.
    const product = fixtureNamed(loadFixtures(), "product-detail");
    // It waits to be scrolled into view, which happy-dom never reports: the answer asks for it at once.
    const answer = structuredClone(product.body);
    answer.data.pageBody = answer.data.pageBody.replace(
      'data-component="ProductDetail"',
      'data-component="ProductDetail" data-hydrate="load"',
    );
    // Only the body is watched here; the recorded head and foot islands would still be loading when the test ends.
    answer.data.pageHead = "";
    answer.data.pageFoot = "";
    const { router } = startRouter({ answers: answersOf([{ ...product, body: answer }]), renderer });
    stop = () => router.stop();
    expect(await router.visit(product.path)).toBe("done");
    expect(renderer.stateOf(old)).toBeUndefined();
    const island = document.querySelector<HTMLElement>('#page-body [data-component="ProductDetail"]')!;
    await expect.poll(() => island.getAttribute("data-island"), { timeout: 10_000 }).toBe("mounted");
    expect(island.textContent).toContain(product.body.data.meta.title.split(" | ")[0]);
  });
});
