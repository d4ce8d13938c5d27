import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import en from "../../../generated/messages/en.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import type { ProductGridProps, SlidesProps } from "../../../generated/types";
import validateGrid from "../../../generated/validators/components/ProductGrid.js";
import validateSlides from "../../../generated/validators/components/Slides.js";
import { discountPercent } from "../../../src/components/catalog/ProductCard";
import ProductGrid from "../../../src/components/catalog/ProductGrid";
import Slides from "../../../src/components/content/Slides";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement;

const card = (i: number, extra: object = {}) => ({
  slug: `p${i}`,
  href: `/product/p${i}`,
  title: `Product ${i}`,
  image: `/media/p${i}.svg`,
  price: 10 + i,
  ...extra,
});

function withIntl(node: React.ReactNode, locale = "en", messages: Record<string, string> = en) {
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="en">
      {node}
    </IntlProvider>
  );
}

/** Server HTML, then hydrated like an island. */
async function hydrate(node: React.ReactNode, locale?: string, messages?: Record<string, string>) {
  container.innerHTML = renderToString(withIntl(node, locale, messages));
  await act(async () => {
    root = hydrateRoot(container, withIntl(node, locale, messages), {
      onRecoverableError: (e) => {
        throw e;
      },
    });
  });
}

beforeEach(() => {
  document.body.innerHTML = `<div id="island"></div>`;
  container = document.getElementById("island")!;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
});

const gridProps: ProductGridProps = {
  title: "Shirts",
  currency: "USD",
  total: 30,
  eagerImages: 2,
  products: [card(1, { linePrice: 22, score: 4.5, reviewCount: 2 }), card(2), card(3, { inStock: false })],
  sorting: { action: "/category/shirts", selected: "price-desc" },
  paging: {
    page: 2,
    pageCount: 6,
    prevHref: "/category/shirts?page=1",
    nextHref: "/category/shirts?page=3",
    pages: [1, 2, 3, 4, 6].map((n) => ({ number: n, href: `/category/shirts?page=${n}` })),
  },
};

describe("ProductGrid on a listing", () => {
  it("accepts its schema's props", () => {
    expect(validateGrid(structuredClone(gridProps))).toBe(true);
    expect(validateGrid({ ...gridProps, sorting: { action: "/c", selected: "cheap" } })).toBe(false);
  });

  it("offers a labelled sort select in a GET form to the listing, on the selected order", async () => {
    await hydrate(<ProductGrid {...gridProps} />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/category/shirts");
    const select = container.querySelector("select")!;
    expect(select.name).toBe("sort");
    // The server marks the chosen option (happy-dom's select.value misreads parsed markup).
    expect(select.querySelector("option[selected]")!.getAttribute("value")).toBe("price-desc");
    expect(container.querySelector(`label[for="${select.id}"]`)!.textContent).toBe("Sort by");
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Featured",
      "Price: low to high",
      "Price: high to low",
      "Newest",
      "Best rated",
    ]);
    expect(form.querySelector("button[type=submit]")!.textContent).toBe("Sort");
  });

  it("links the pages in a named navigation, marking the current one, with an ellipsis for gaps", async () => {
    await hydrate(<ProductGrid {...gridProps} />);
    const nav = container.querySelector("nav")!;
    expect(nav.getAttribute("aria-label")).toBe("Pages");
    const links = [...nav.querySelectorAll("a")];
    expect(links.map((a) => a.textContent)).toEqual(["Previous page", "1", "2", "3", "4", "6", "Next page"]);
    expect(links.filter((a) => a.getAttribute("aria-current") === "page").map((a) => a.getAttribute("aria-label"))).toEqual([
      "Page 2",
    ]);
    expect(nav.querySelectorAll("[aria-hidden=true]")).toHaveLength(1);
  });

  it("shows sale and line price, the discount, the score and sold out on cards; images reserve space and lazy-load past the first ones", async () => {
    await hydrate(<ProductGrid {...gridProps} />);
    const cards = [...container.querySelectorAll("article")];
    expect(cards[0]!.querySelector("s")!.textContent).toBe("$22.00");
    expect(cards[0]!.textContent).toContain("$11.00");
    expect(cards[0]!.textContent).toContain("50% off");
    expect(cards[0]!.querySelector("[role=img]")!.getAttribute("aria-label")).toBeTruthy();
    expect(cards[2]!.textContent).toContain("Sold out");
    const images = [...container.querySelectorAll("img")];
    expect(images.map((img) => img.getAttribute("loading"))).toEqual(["eager", "eager", "lazy"]);
    for (const img of images) expect([img.getAttribute("width"), img.getAttribute("height")]).toEqual(["240", "240"]);
    expect(container.querySelector("h1")!.textContent).toBe("Shirts");
    expect(cards[0]!.querySelector("h2")!.textContent).toBe("Product 1");
  });

  it("is a plain grid without sorting or paging, with a level-2 heading when asked", async () => {
    await hydrate(<ProductGrid title="Best sellers" headingLevel={2} currency="USD" products={[card(1), card(2)]} />);
    expect(container.querySelector("form")).toBeNull();
    expect(container.querySelector("nav")).toBeNull();
    expect(container.querySelector("h2")!.textContent).toBe("Best sellers");
    expect(container.querySelector("article h3")!.textContent).toBe("Product 1");
  });

  it("speaks Traditional Chinese under zh-HK", async () => {
    await hydrate(<ProductGrid {...gridProps} />, "zh-HK", zhHK);
    expect(container.querySelector("label")!.textContent).toBe(zhHK["catalog.sort.label"]);
    expect(container.querySelector("nav")!.getAttribute("aria-label")).toBe(zhHK["catalog.paging.label"]);
  });
});

describe("discountPercent", () => {
  it("rounds down and ignores missing or lower line prices", () => {
    expect(discountPercent(79.99, 99)).toBe(19);
    expect(discountPercent(10, undefined)).toBe(0);
    expect(discountPercent(10, 10)).toBe(0);
    expect(discountPercent(10, 0)).toBe(0);
  });
});

const slides: SlidesProps = {
  heading: "Demo Store",
  slides: [1, 2, 3].map((i) => ({
    title: `Slide ${i}`,
    text: `Text ${i}`,
    image: `/media/s${i}.svg`,
    href: `/collection/c${i}`,
    ctaLabel: "Shop now",
  })),
};

describe("Slides", () => {
  it("accepts its schema's props and requires a link on each slide", () => {
    expect(validateSlides(structuredClone(slides))).toBe(true);
    expect(validateSlides({ slides: [{ title: "x", image: "/x.svg" }] })).toBe(false);
  });

  it("renders the buttons on the server as they are once hydrated, so a first press before hydration steps", () => {
    container.innerHTML = renderToString(withIntl(<Slides {...slides} />));
    const buttons = [...container.querySelectorAll("button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["‹ Previous slide", "Next slide ›"]);
    // Previous has nowhere to go from the first slide; Next takes the press (held until the slides hydrate).
    expect(buttons.map((b) => b.disabled)).toEqual([true, false]);
  });

  it("names the region by the page heading and each slide by its position; only the first image loads at once", async () => {
    await hydrate(<Slides {...slides} />);
    const region = container.querySelector("section")!;
    expect(container.querySelector(`#${CSS.escape(region.getAttribute("aria-labelledby")!)}`)!.textContent).toBe("Demo Store");
    expect(container.querySelector("h1")!.textContent).toBe("Demo Store");
    const groups = [...container.querySelectorAll("[role=group]")];
    expect(groups.map((g) => g.getAttribute("aria-label"))).toEqual(["1 of 3", "2 of 3", "3 of 3"]);
    expect([...container.querySelectorAll("img")].map((i) => i.getAttribute("loading"))).toEqual(["eager", "lazy", "lazy"]);
  });

  it("steps with previous and next after hydration, announcing the position and stopping at the ends", async () => {
    await hydrate(<Slides {...slides} />);
    const [prev, next] = [...container.querySelectorAll("button")] as HTMLButtonElement[];
    const status = container.querySelector("[aria-live=polite]")!;
    expect(prev!.disabled).toBe(true);
    expect(next!.disabled).toBe(false);
    await act(async () => next!.click());
    expect(status.textContent).toBe("2 of 3");
    expect(prev!.disabled).toBe(false);
    await act(async () => next!.click());
    expect(status.textContent).toBe("3 of 3");
    expect(next!.disabled).toBe(true);
    await act(async () => prev!.click());
    expect(status.textContent).toBe("2 of 3");
  });

  it("has no buttons for a single slide, and a generic region name without a heading", async () => {
    await hydrate(<Slides slides={slides.slides.slice(0, 1)} />);
    expect(container.querySelector("button")).toBeNull();
    expect(container.querySelector("section")!.getAttribute("aria-label")).toBe("Featured");
  });
});
