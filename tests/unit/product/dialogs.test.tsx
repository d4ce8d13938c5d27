// The full-screen image viewer and a card's quick view: modal dialogs that take the focus,
// keep Tab inside, answer their keys and close on Escape.
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProductQuickViewResponse } from "../../../generated/types";
import QuickView from "../../../src/components/catalog/QuickView";
import ImageViewer from "../../../src/components/product/ImageViewer";
import { byText, click, fakeApi, type Rendered, renderIsland, settle } from "../checkout/support";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  document.body.innerHTML = "";
});

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;
const press = (key: string, target: Element = document.activeElement ?? dialog()) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });

const IMAGES = [
  { src: "/media/a.svg", alt: "Tee, front" },
  { src: "/media/b.svg", alt: "Tee, back" },
  { src: "/media/c.svg", alt: "Tee, red" },
];

describe("ImageViewer", () => {
  it("opens on its image with the focus on Close; arrows change the image, + and - zoom, Escape closes", async () => {
    const onClose = vi.fn();
    const { api } = fakeApi({});
    view = await renderIsland(<ImageViewer images={IMAGES} start={1} label="Images of Tee" onClose={onClose} />, { api });
    expect(dialog().getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog().getAttribute("aria-labelledby")!)!.textContent).toBe("Images of Tee");
    expect(document.activeElement?.textContent).toBe("Close");
    expect(dialog().querySelector("img")!.getAttribute("alt")).toBe("Tee, back");
    expect(dialog().textContent).toContain("Image 2 of 3");
    expect(document.documentElement.classList.contains("sf-viewer-open")).toBe(true);

    await press("ArrowRight");
    expect(dialog().textContent).toContain("Image 3 of 3");
    await press("ArrowRight");
    expect(dialog().textContent).toContain("Image 1 of 3");
    await press("ArrowLeft");
    expect(dialog().textContent).toContain("Image 3 of 3");

    await press("+");
    expect(dialog().textContent).toContain("200%");
    expect(dialog().querySelector("img")!.style.transform).toContain("scale(2)");
    // Zoomed in, the arrows move the image and leave it the same.
    await press("ArrowLeft");
    expect(dialog().textContent).toContain("Image 3 of 3");
    await press("+");
    await press("+");
    expect(dialog().textContent).toContain("300%");
    expect(dialog().querySelector<HTMLButtonElement>('button[aria-label="Zoom in"]')!.disabled).toBe(true);
    await press("0");
    expect(dialog().textContent).toContain("100%");
    expect(dialog().querySelector<HTMLButtonElement>('button[aria-label="Zoom out"]')!.disabled).toBe(true);

    await click(byText(dialog(), "button", "Previous image"));
    expect(dialog().textContent).toContain("Image 2 of 3");
    await press("Escape");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps Tab inside", async () => {
    const { api } = fakeApi({});
    view = await renderIsland(<ImageViewer images={IMAGES} start={0} label="Images of Tee" onClose={() => {}} />, { api });
    const buttons = Array.from(dialog().querySelectorAll<HTMLButtonElement>("button:not([disabled])"));
    buttons.at(-1)!.focus();
    await press("Tab");
    expect(document.activeElement).toBe(buttons[0]);
  });
});

const OXFORD: ProductQuickViewResponse = {
  slug: "oxford-shirt",
  title: "Oxford Shirt",
  images: ["/media/oxford-shirt.svg", "/media/oxford-shirt-sand.svg", "/media/oxford-shirt-olive.svg"],
  currency: "USD",
  reviewCount: 0,
  variants: [
    { sku: "OXFSHI-SAN-S", title: "Sand / S", price: 146.99, stock: 0, image: "/media/oxford-shirt-sand.svg" },
    { sku: "OXFSHI-SAN-L", title: "Sand / L", price: 146.99, stock: 20, image: "/media/oxford-shirt-sand.svg" },
    { sku: "OXFSHI-OLI-S", title: "Olive / S", price: 150, stock: 13, image: "/media/oxford-shirt-olive.svg" },
  ],
};

describe("QuickView", () => {
  it("loads the product, starts on the first variant in stock, follows the choice, and Escape closes", async () => {
    const onClose = vi.fn();
    const { api, post } = fakeApi({ "product/quickView": () => OXFORD });
    view = await renderIsland(
      <QuickView slug="oxford-shirt" href="/product/oxford-shirt" title="Oxford Shirt" onClose={onClose} />,
      {
        api,
      },
    );
    await settle();
    expect(post).toHaveBeenCalledWith("product/quickView", { slug: "oxford-shirt" }, { toast: false });
    expect(document.getElementById(dialog().getAttribute("aria-labelledby")!)!.textContent).toBe("Oxford Shirt");
    expect(document.activeElement?.textContent).toBe("Close");
    const radio = (name: string) =>
      Array.from(dialog().querySelectorAll<HTMLInputElement>('input[type="radio"]')).find((r) =>
        r.closest("label")!.textContent!.startsWith(name),
      )!;
    expect(radio("Sand / L").checked).toBe(true);
    expect(dialog().textContent).toContain("20 in stock");
    expect(byText<HTMLAnchorElement>(dialog(), "a", "View full details").getAttribute("href")).toBe("/product/oxford-shirt");

    await click(radio("Olive / S"));
    expect(dialog().textContent).toContain("13 in stock");
    expect(dialog().textContent).toContain("$150.00");
    expect(dialog().querySelector<HTMLImageElement>(".sf-quick__image")!.getAttribute("src")).toBe(
      "/media/oxford-shirt-olive.svg",
    );
    expect(byText<HTMLAnchorElement>(dialog(), "a", "View full details").getAttribute("href")).toBe(
      "/product/oxford-shirt/OXFSHI-OLI-S",
    );
    await click(radio("Sand / S"));
    expect(byText<HTMLButtonElement>(dialog(), "button", "Add to cart").getAttribute("aria-disabled")).toBe("true");
    await press("Escape");
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says so when the product cannot be loaded", async () => {
    const { api } = fakeApi({
      "product/quickView": () => {
        throw new Error("offline");
      },
    });
    view = await renderIsland(
      <QuickView slug="oxford-shirt" href="/product/oxford-shirt" title="Oxford Shirt" onClose={() => {}} />,
      {
        api,
      },
    );
    await settle();
    expect(dialog().querySelector('[role="alert"]')!.textContent).toBe("This product could not be loaded. Please try again.");
  });
});
