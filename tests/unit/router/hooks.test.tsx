// Islands read the route through wouter: on the server from the path the server passes,
// in the browser from the router service's location store.
import { act, Suspense, use, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, useRoute } from "wouter";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { useNavigate, useRouteInfo } from "../../../src/runtime/router/hooks";
import { locationStore } from "../../../src/runtime/router/location-store";
import { createRouteTable } from "../../../src/shared/routes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Probe() {
  const info = useRouteInfo();
  const [isCart] = useRoute("/cart");
  const text = [info.name, JSON.stringify(info.params), info.prefix ?? "-", info.language.locale, info.path, info.search, isCart];
  return <p>{text.join("|")}</p>;
}

const context = { locale: "en", messages: {} };

describe("route hooks on the server", () => {
  it("read the path the server passes, under its language prefix", () => {
    const html = renderToString(
      <IslandProviders context={{ ...context, path: "/zh-HK/product/linen/LS-1?color=red" }}>
        <Probe />
      </IslandProviders>,
    );
    expect(html).toContain(
      `product-sku|{&quot;slug&quot;:&quot;linen&quot;,&quot;sku&quot;:&quot;LS-1&quot;}|zh-HK|zh-HK|/product/linen/LS-1|color=red|false`,
    );
  });

  it("use the store's router config when the server passes it", () => {
    const html = renderToString(
      <IslandProviders context={{ ...context, path: "/account/order/7", router: { userPath: "account" } }}>
        <Probe />
      </IslandProviders>,
    );
    expect(html).toContain("user-order-detail|{&quot;slug&quot;:&quot;7&quot;}|-|en|/account/order/7||false");
  });

  it("write links under the page's prefix", () => {
    const html = renderToString(
      <IslandProviders context={{ ...context, path: "/de/cart" }}>
        <Link href="/tag">Tags</Link>
      </IslandProviders>,
    );
    expect(html).toContain(`href="/de/tag"`);
  });
});

describe("route hooks in the browser", () => {
  let root: ReturnType<typeof createRoot> | null = null;
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    locationStore.setNavigator(null);
  });

  function mount(node: React.ReactNode) {
    const el = document.createElement("div");
    document.body.append(el);
    root = createRoot(el);
    act(() => root!.render(<IslandProviders context={context}>{node}</IslandProviders>));
    return el;
  }

  it("follow the router's store as pages are swapped in", () => {
    act(() => locationStore.set({ pathname: "/de/cart", search: "" }));
    const el = mount(<Probe />);
    expect(el.textContent).toBe("cart|{}|de|de|/cart||true");
    act(() => locationStore.set({ pathname: "/brand/acme", search: "?page=2" }));
    // No route of the default table answers it yet.
    expect(el.textContent).toBe("|{}|-|en|/brand/acme|page=2|false");
    act(() => locationStore.setRoutes(createRouteTable({ categories: [{ path: "/brand/:slug", types: ["brand"] }] })));
    expect(el.textContent).toBe(`brand-detail|{"slug":"acme"}|-|en|/brand/acme|page=2|false`);
  });

  it("follow a swap in a transition: an island that suspends on the new address keeps showing the old one", async () => {
    act(() => locationStore.set({ pathname: "/cart", search: "" }));
    const never = new Promise<never>(() => {});
    function Slow() {
      const info = useRouteInfo();
      if (info.path === "/slow") use(never);
      return <p>{info.path}</p>;
    }
    const el = mount(
      <Suspense fallback={<p>loading</p>}>
        <Slow />
      </Suspense>,
    );
    expect(el.textContent).toBe("/cart");
    // An urgent update would put the fallback in place of what the shopper sees.
    await act(async () => locationStore.set({ pathname: "/slow", search: "" }));
    expect(el.textContent).toBe("/cart");
    await act(async () => locationStore.set({ pathname: "/tag", search: "" }));
    expect(el.textContent).toBe("/tag");
  });

  it("navigate through the router service, under the page's prefix", () => {
    const navigate = vi.fn();
    locationStore.setNavigator(navigate);
    act(() => locationStore.set({ pathname: "/ja/cart", search: "" }));
    let go: ReturnType<typeof useNavigate> | null = null;
    function Nav() {
      const n = useNavigate();
      useEffect(() => {
        go = n;
      }, [n]);
      return null;
    }
    mount(<Nav />);
    act(() => go!("/tag"));
    expect(navigate).toHaveBeenCalledWith("/ja/tag", undefined);
  });
});
