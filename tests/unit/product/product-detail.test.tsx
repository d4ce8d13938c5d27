import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import validate from "../../../generated/validators/components/ProductDetail.js";
import ProductDetail from "../../../src/components/product/ProductDetail";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { locationStore } from "../../../src/runtime/router/location-store";
import { LOCALES } from "../runtime/fakes";
import { PRODUCT } from "./fixtures";
import { blur, byText, click, goTo, renderIsland, typeInto, unmountAll } from "./render";

let host: HTMLElement;

const price = () => host.querySelector(".sf-product__offer .sf-price__sale")!.textContent;
const linePrice = () => host.querySelector(".sf-product__offer .sf-price__line")?.textContent ?? null;
const stock = () => host.querySelector(".sf-product__stock")!.textContent;
const shownThumb = () =>
  Array.from(host.querySelectorAll(".sf-gallery__thumb")).findIndex((b) => b.getAttribute("aria-pressed") === "true");
const slideSources = () =>
  Array.from(host.querySelectorAll<HTMLImageElement>(".sf-gallery__slide img")).map((i) => i.getAttribute("src"));
const option = (title: string) => byText<HTMLElement>(host, ".sf-spec__options li > *", title)!;
const quantity = () => host.querySelector<HTMLInputElement>(".sf-quantity input")!;
const stepper = (name: string) => host.querySelector<HTMLButtonElement>(`.sf-quantity button[aria-label="${name}"]`)!;

beforeEach(async () => {
  goTo("/product/tee/TEE-RED-M");
  host = await renderIsland(<ProductDetail {...PRODUCT} />);
});

afterEach(unmountAll);

describe("ProductDetail", () => {
  it("accepts its schema's props", () => {
    expect(validate(structuredClone(PRODUCT))).toBe(true);
  });

  it("renders the variant the URL chose on the server, as links that work without JavaScript", () => {
    const html = renderToString(
      <IslandProviders context={{ locale: "en", messages: LOCALES.en, path: "/product/tee/TEE-BLU-M" }}>
        <ProductDetail {...PRODUCT} selectedSku="TEE-BLU-M" />
      </IslandProviders>,
    );
    expect(html).toMatch(/href="\/product\/tee\/TEE-BLU-M" aria-current="true" data-sku="TEE-BLU-M"/);
    expect(html).toContain("$25.00");
    expect(html).toContain("2 in stock");
    expect(html).toContain("SKU: TEE-BLU-M");
    // Each thumbnail links to its slide, which the browser scrolls into view with no script.
    const page = document.createElement("div");
    page.innerHTML = html;
    const thumbs = Array.from(page.querySelectorAll<HTMLAnchorElement>("a.sf-gallery__thumb"));
    expect(thumbs.map((a) => a.textContent)).toEqual([1, 2, 3, 4].map((i) => `Show image ${i} of 4`));
    for (const [i, thumb] of thumbs.entries()) {
      const slide = page.querySelector(`[id="${thumb.getAttribute("href")!.slice(1)}"]`);
      expect(Array.from(page.querySelectorAll(".sf-gallery__slide")).indexOf(slide!)).toBe(i);
    }
  });

  it("hydrates the server's HTML without a mismatch", async () => {
    const tree = (path?: string) => (
      <IslandProviders context={{ locale: "en", messages: LOCALES.en, ...(path ? { path } : {}) }}>
        <ProductDetail {...PRODUCT} />
      </IslandProviders>
    );
    const server = document.createElement("div");
    server.innerHTML = renderToString(tree("/product/tee/TEE-RED-M"));
    document.body.append(server);
    const onRecoverableError = vi.fn();
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(server, tree(), { onRecoverableError });
    });
    expect(onRecoverableError).not.toHaveBeenCalled();
    await act(async () => root!.unmount());
  });

  it("shows every image once: the chosen variant's first, then the product's, then other variant images", () => {
    expect(slideSources()).toEqual(["/media/tee-red.svg", "/media/tee.svg", "/media/tee-back.svg", "/media/tee-blue.svg"]);
    expect(host.querySelector(".sf-gallery__track")!.getAttribute("aria-label")).toBe("Images of Tee");
    expect(shownThumb()).toBe(0);
  });

  it("choosing a variant replaces the URL and updates price, line price, stock, SKU and image without a reload", async () => {
    const entries = history.length;
    expect(price()).toBe("$20.00");
    await click(option("Blue / M"));
    expect(location.pathname).toBe("/product/tee/TEE-BLU-M");
    expect(history.length).toBe(entries);
    expect(locationStore.get().path).toBe("/product/tee/TEE-BLU-M");
    expect(price()).toBe("$25.00");
    expect(linePrice()).toBe("$30.00");
    expect(stock()).toBe("2 in stock");
    expect(host.textContent).toContain("SKU: TEE-BLU-M");
    expect(shownThumb()).toBe(3);
    expect(option("Blue / M").getAttribute("aria-current")).toBe("true");
    expect(option("Red / M").hasAttribute("aria-current")).toBe(false);
  });

  it("keeps the language prefix of the variant's address", async () => {
    await unmountAll();
    goTo("/zh-HK/product/tee/TEE-RED-M");
    const zh = structuredClone(PRODUCT);
    for (const v of zh.product.variants) v.href = `/zh-HK${v.href}`;
    host = await renderIsland(<ProductDetail {...zh} />, "zh-HK");
    await click(byText(host, ".sf-spec__options a", "Blue / M"));
    expect(location.pathname).toBe("/zh-HK/product/tee/TEE-BLU-M");
  });

  it("offers an out-of-stock variant only as text that says why", () => {
    const out = option("Blue / L");
    expect(out.tagName).toBe("SPAN");
    expect(out.textContent).toBe("Blue / LOut of stock");
  });

  it("an address that chose an out-of-stock variant disables adding, with the reason", async () => {
    await unmountAll();
    host = await renderIsland(<ProductDetail {...PRODUCT} selectedSku="TEE-BLU-L" />);
    const button = byText<HTMLButtonElement>(host, "button", "Add to cart")!;
    expect(button.getAttribute("aria-disabled")).toBe("true");
    const reason = document.getElementById(button.getAttribute("aria-describedby")!)!;
    expect(reason.textContent).toBe("This option is out of stock, so it cannot be added to the cart.");
    expect(stock()).toBe("Out of stock");
    expect(quantity().disabled).toBe(true);
  });

  it("the quantity stays between 1 and the stock", async () => {
    expect(quantity().value).toBe("1");
    expect(stepper("Decrease quantity").disabled).toBe(true);
    for (let i = 0; i < 6; i++) await click(stepper("Increase quantity"));
    expect(quantity().value).toBe("5");
    expect(stepper("Increase quantity").disabled).toBe(true);
    await click(stepper("Decrease quantity"));
    expect(quantity().value).toBe("4");
  });

  it("typed quantities out of range say the range, keep the text, and come back in range on leaving", async () => {
    const input = quantity();
    expect(input.labels?.[0]?.textContent).toBe("Quantity");
    await typeInto(input, "12");
    expect(input.value).toBe("12");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(input.getAttribute("aria-describedby")!)!.textContent).toBe("Choose a quantity from 1 to 5.");
    await blur(input);
    expect(input.value).toBe("5");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    await typeInto(input, "abc");
    await blur(input);
    expect(input.value).toBe("1");
    await typeInto(input, "3");
    expect(input.value).toBe("3");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
  });

  it("a variant with less stock lowers the quantity to it", async () => {
    for (let i = 0; i < 4; i++) await click(stepper("Increase quantity"));
    expect(quantity().value).toBe("5");
    await click(option("Blue / M"));
    expect(quantity().value).toBe("2");
  });

  it("without a SKU in the address, shows the first variant in stock (all out: the first)", async () => {
    await unmountAll();
    goTo("/product/tee");
    const props = structuredClone(PRODUCT);
    delete props.selectedSku;
    props.product.variants[0]!.stock = 0;
    host = await renderIsland(<ProductDetail {...props} />);
    expect(option("Blue / M").getAttribute("aria-current")).toBe("true");
    expect(price()).toBe("$25.00");
    expect(stock()).toBe("2 in stock");
    expect(byText<HTMLButtonElement>(host, "button", "Add to cart")!.hasAttribute("aria-disabled")).toBe(false);
    expect(slideSources()[0]).toBe("/media/tee-blue.svg");
    expect(shownThumb()).toBe(0);
    await unmountAll();
    for (const v of props.product.variants) v.stock = 0;
    host = await renderIsland(<ProductDetail {...props} />);
    expect(option("Red / M").getAttribute("aria-current")).toBe("true");
    expect(stock()).toBe("Out of stock");
  });

  it("choosing a variant gives the document the title a first load of its address has", async () => {
    await unmountAll();
    goTo("/product/tee");
    const props = structuredClone(PRODUCT);
    delete props.selectedSku;
    document.title = "Tee | Demo Store";
    host = await renderIsland(<ProductDetail {...props} />);
    await click(option("Blue / M"));
    expect(document.title).toBe("Tee (Blue / M) | Demo Store");
    await click(option("Red / M"));
    expect(document.title).toBe("Tee (Red / M) | Demo Store");
    expect(location.pathname).toBe("/product/tee/TEE-RED-M");
  });
});
