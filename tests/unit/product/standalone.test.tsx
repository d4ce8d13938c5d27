// The product page's parts also work as islands of their own (a theme may place them).
import { afterEach, describe, expect, it } from "vitest";
import specValidate from "../../../generated/validators/components/ProductSpec.js";
import quantityValidate from "../../../generated/validators/components/QuantityInput.js";
import ProductSpec from "../../../src/components/product/ProductSpec";
import QuantityInput from "../../../src/components/product/QuantityInput";
import ReviewsList from "../../../src/components/product/ReviewsList";
import { PRODUCT } from "./fixtures";
import { byText, click, goTo, renderIsland, unmountAll } from "./render";

afterEach(unmountAll);

describe("ProductSpec on its own", () => {
  it("replaces the address and marks the chosen option", async () => {
    const props = { variants: PRODUCT.product.variants, selectedSku: "TEE-RED-M" };
    expect(specValidate(structuredClone(props))).toBe(true);
    goTo("/product/tee/TEE-RED-M");
    const host = await renderIsland(<ProductSpec {...props} />);
    const group = host.querySelector('[role="group"]')!;
    expect(document.getElementById(group.getAttribute("aria-labelledby")!)!.textContent).toBe("Options");
    await click(byText(host, "a", "Blue / M"));
    expect(location.pathname).toBe("/product/tee/TEE-BLU-M");
    expect(byText(host, "a", "Blue / M")!.getAttribute("aria-current")).toBe("true");
  });

  it("leaves modified clicks (new tab) to the browser", async () => {
    goTo("/product/tee/TEE-RED-M");
    const host = await renderIsland(<ProductSpec variants={PRODUCT.product.variants} />);
    const link = byText(host, "a", "Blue / M")!;
    let preventedByIsland: boolean | undefined;
    // Seen after the island's handler; then stopped, so happy-dom does not follow the link.
    const after = (event: Event) => {
      preventedByIsland = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener("click", after);
    link.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ctrlKey: true }));
    document.removeEventListener("click", after);
    expect(preventedByIsland).toBe(false);
    expect(location.pathname).toBe("/product/tee/TEE-RED-M");
  });
});

describe("QuantityInput on its own", () => {
  it("keeps its own value, named for a form", async () => {
    const props = { max: 3, name: "quantity" };
    expect(quantityValidate(props)).toBe(true);
    const host = await renderIsland(<QuantityInput {...props} />);
    const increase = host.querySelector<HTMLButtonElement>('button[aria-label="Increase quantity"]')!;
    for (let i = 0; i < 4; i++) await click(increase);
    const input = host.querySelector("input")!;
    expect(input.name).toBe("quantity");
    expect(input.value).toBe("3");
    expect(increase.disabled).toBe(true);
  });
});

describe("ReviewsList", () => {
  it("says when there are no reviews", async () => {
    const host = await renderIsland(<ReviewsList />);
    expect(host.textContent).toBe("No reviews yet.");
  });
});
