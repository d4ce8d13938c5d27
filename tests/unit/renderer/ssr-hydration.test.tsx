import { describe, expect, it, vi } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import { registry } from "../../../src/registry/index";
import { createRenderer } from "../../../src/renderer/islands";
import type { ProvidedServices } from "../../../src/runtime/hooks/services-context";
import { createProvidersLoader } from "../../../src/runtime/island-providers";
import { renderDocument } from "../../../src/server/document";
import { jsonForScript } from "../../../src/server/html";
import { IslandPropsError, renderIsland } from "../../../src/server/ssr";

const context = { locale: "en", messages: en };

describe("renderIsland", () => {
  it("renders the component inside an island element with its checked props and defaults", async () => {
    const html = await renderIsland(
      registry,
      "ProductPrice",
      { price: 12.5, linePrice: 20, currency: "USD" },
      { context, uid: "s1-" },
    );
    expect(html).toMatch(/^<div data-component="ProductPrice" data-props="[^"]*" data-ssr data-uid="s1-">/);
    expect(html).toContain("&quot;size&quot;:&quot;md&quot;");
    expect(html).toContain("$12.50");
    expect(html).toContain('<s class="sf-price__line">$20.00</s>');
  });

  it("formats with the page's locale and messages", async () => {
    const html = await renderIsland(
      registry,
      "ProductScore",
      { score: 4, count: 3 },
      { context: { locale: "zh-CN", messages: zh }, uid: "s1-" },
    );
    expect(html).toContain("3 条评价");
  });

  it("escapes props so that no value can close the attribute or open a tag", async () => {
    const html = await renderIsland(
      registry,
      "HeaderNotice",
      { id: "x", message: `"'><script>alert(1)</script>` },
      { context, uid: "s1-" },
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&#39;&gt;&lt;script&gt;");
  });

  it("refuses props that fail the schema, naming the component and the pointer", async () => {
    const error = await renderIsland(registry, "ProductPrice", { price: -1, currency: "USD" }, { context, uid: "s1-" }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(IslandPropsError);
    expect(error.message).toBe("ProductPrice: props /price must be >= 0 (rule minimum at #/properties/price/minimum)");
  });

  it("refuses an unknown component, including Object.prototype names", async () => {
    await expect(renderIsland(registry, "toString", {}, { context, uid: "s1-" })).rejects.toThrow('unknown component "toString"');
  });

  it("leaves out React's preload link for an eager image: the image that follows it is in the same markup", async () => {
    const slide = (i: number) => ({ title: `Slide ${i}`, image: `/media/s${i}.svg`, href: "/category/shirts", ctaLabel: "Shop" });
    const html = await renderIsland(registry, "Slides", { slides: [slide(1), slide(2)] }, { context, uid: "s1-" });
    expect(html).toContain('src="/media/s1.svg"');
    expect(html).toContain('loading="eager"');
    expect(html).not.toContain("<link");
  });

  it("renders only the placeholder for client-only islands", async () => {
    expect(
      await renderIsland(registry, "ProductScore", { score: 1 }, { context, uid: "s1-", clientOnly: true, hydrate: "idle" }),
    ).toBe(`<div data-component="ProductScore" data-props="{&quot;score&quot;:1}" data-hydrate="idle"></div>`);
  });

  it("hydrates in the browser without a mismatch", async () => {
    const html = await renderIsland(
      registry,
      "HeaderNotice",
      { id: "n1", message: "Sale", link: { href: "/promotion", label: "See" } },
      { context, uid: "s1-", hydrate: "load" },
    );
    document.documentElement.lang = "en";
    document.body.innerHTML = `<div id="r">${html}</div>`;
    const warn = vi.fn();
    const error = vi.spyOn(console, "error");
    const renderer = createRenderer({ registry, logger: { warn }, loadProviders: createProvidersLoader(document) });
    await renderer.mountRegion(document.getElementById("r")!);
    await vi.waitFor(() => expect(document.querySelector("[data-island]")!.getAttribute("data-island")).toBe("mounted"));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("hands the running services to the islands: the server's signed-out header hydrates, then shows them", async () => {
    const props = { storeName: "Demo", homeHref: "/", links: [], cartHref: "/cart", accountHref: "/user/center" };
    const html = await renderIsland(registry, "SiteHeader", props, {
      context: { ...context, path: "/" },
      uid: "s2-",
      hydrate: "load",
    });
    document.documentElement.lang = "en";
    document.body.innerHTML = `<div id="r">${html}</div>`;
    // The server draws the signed-out header: an empty count.
    expect(document.querySelector('.sf-header__badge[aria-hidden="true"]')!.textContent).toBe("");
    const store = <T,>(value: T) => ({ getSnapshot: () => value, subscribe: () => () => {} });
    const services = {
      cart: store(3),
      session: store({ signedIn: true, user: { id: "7", email: "mei@example.com", nickname: "mei" } }),
    } as unknown as ProvidedServices;
    const warn = vi.fn();
    const error = vi.spyOn(console, "error");
    const renderer = createRenderer({
      registry,
      logger: { warn },
      loadProviders: createProvidersLoader(document, () => services),
    });
    await renderer.mountRegion(document.getElementById("r")!);
    await vi.waitFor(() => expect(document.querySelector(".sf-header__badge")!.textContent).toBe("3"));
    expect(document.querySelector(".sf-header__account")!.textContent).toBe("My account");
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});

describe("document", () => {
  it("escapes the initial data so that it cannot leave its script element", () => {
    const json = jsonForScript({ a: "</script><script>alert(1)</script>", b: "<!--", c: "\u2028\u2029", d: "&" });
    expect(json).not.toMatch(/<|>|\u2028|\u2029|&/);
    expect(JSON.parse(json)).toEqual({ a: "</script><script>alert(1)</script>", b: "<!--", c: "\u2028\u2029", d: "&" });
  });

  it("draws the regions, meta and scripts of the wire contract", () => {
    const html = renderDocument({
      lang: "zh-HK",
      initialData: {
        meta: { title: "T & C", description: "d", canonical: "/x", robots: "noindex" },
        config: { router: {} },
        theme: { config: {} },
      },
      pageHead: "<header>h</header>",
      pageBody: "<p>b</p>",
      pageFoot: "<footer>f</footer>",
      assets: { boot: "/assets/boot-1.js", styles: ["/assets/app-1.css"], preload: ["/assets/chunks/c-1.js"] },
    });
    expect(html).toContain('<html lang="zh-HK">');
    expect(html).toContain("<title>T &amp; C</title>");
    expect(html).toContain('<link rel="canonical" href="/x">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    // No nonce: a cached body serves every visitor (docs/operators.md, "Caching").
    expect(html).toContain('<script type="module" src="/assets/boot-1.js"></script>');
    expect(html).toContain(
      '<div id="page-head"><header>h</header></div>\n<main id="page-body"><p>b</p></main>\n<div id="page-foot"><footer>f</footer></div>',
    );
    expect(html).toMatch(/<script id="__INITIAL_DATA__" type="application\/json">\{"meta":/);
  });
});
