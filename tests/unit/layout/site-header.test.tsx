import { act } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SiteHeaderProps } from "../../../generated/types";
import validate from "../../../generated/validators/components/SiteHeader.js";
import SiteHeader from "../../../src/components/layout/SiteHeader";
import type { Api } from "../../../src/runtime/api/client";
import type { Cart } from "../../../src/runtime/cart";
import { IslandProviders } from "../../../src/runtime/i18n/IslandProviders";
import { locationStore } from "../../../src/runtime/router/location-store";
import { click, fakeSession, type Harness, renderIsland, USER } from "../auth/support";
import { LOCALES } from "../runtime/fakes";

const PROPS: SiteHeaderProps = {
  storeName: "Demo Store",
  homeHref: "/",
  links: [
    { label: "Shirts", href: "/category/shirts" },
    { label: "Shoes", href: "/category/shoes" },
  ],
  searchHref: "/search",
  cartHref: "/cart",
  accountHref: "/user/center",
};

function fakeCart(initial: number): Cart & { change(count: number): void } {
  let count = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => count,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    change(next: number) {
      count = next;
      for (const listener of listeners) listener();
    },
  } as unknown as Cart & { change(count: number): void };
}

let harness: Harness | undefined;

afterEach(async () => {
  await harness?.unmount();
  harness = undefined;
  vi.restoreAllMocks();
});

const cartLink = (root: ParentNode) => root.querySelector<HTMLAnchorElement>(".sf-header__actions a[href='/cart']")!;
const menuButton = (root: ParentNode) => root.querySelector<HTMLButtonElement>(".sf-header__menu")!;
const dialog = (root: ParentNode) => root.querySelector<HTMLElement>("[role=dialog]")!;

async function open(options: { url?: string; count?: number; signedIn?: boolean } = {}) {
  const cart = fakeCart(options.count ?? 0);
  const session = fakeSession(options.signedIn ? { signedIn: true, user: USER } : { signedIn: false, user: null });
  harness = await renderIsland(<SiteHeader {...PROPS} />, { url: options.url ?? "/", session, services: { cart } });
  return { ...harness, cart };
}

async function key(target: Element, init: KeyboardEventInit) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
  });
}

describe("SiteHeader", () => {
  it("has valid example props", () => {
    expect(validate(PROPS)).toBe(true);
  });

  it("renders no count on the server, and hydrates to the count without a mismatch", async () => {
    history.replaceState(null, "", "/zh-HK/category/shirts");
    locationStore.set(new URL(location.href));
    const context = { locale: "zh-HK", messages: LOCALES["zh-HK"], path: "/zh-HK/category/shirts" };
    const html = renderToString(<IslandProviders context={context}>{<SiteHeader {...PROPS} />}</IslandProviders>, {
      identifierPrefix: "h-",
    });
    document.body.innerHTML = `<div id="island">${html}</div>`;
    const container = document.getElementById("island")!;
    expect(cartLink(container).hasAttribute("aria-label")).toBe(false);
    expect(container.querySelector(".sf-header__badge")!.textContent).toBe("");
    expect(container.querySelector(".sf-header__account")!.getAttribute("href")).toBe(
      "/zh-HK/auth/signin?redirect=%2Fzh-HK%2Fcategory%2Fshirts",
    );

    const services = { cart: fakeCart(3), session: fakeSession({ signedIn: true, user: USER }), api: {} as Api };
    const errors = vi.spyOn(console, "error");
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <IslandProviders context={{ locale: "zh-HK", messages: LOCALES["zh-HK"] }} services={services}>
          {<SiteHeader {...PROPS} />}
        </IslandProviders>,
        {
          identifierPrefix: "h-",
          onRecoverableError: (error) => console.error(error),
        },
      );
    });
    expect(errors).not.toHaveBeenCalled();
    expect(cartLink(container).getAttribute("aria-label")).toBe("購物車 3 件貨品");
    expect(container.querySelector(".sf-header__badge")!.textContent).toBe("3");
    expect(container.querySelector(".sf-header__account")!.textContent).toBe("我的帳戶");
    await act(async () => root!.unmount());
  });

  it("renders the Menu as a disclosure and the server's session before script, the drawer once hydrated", async () => {
    history.replaceState(null, "", "/zh/category/shirts");
    locationStore.set(new URL(location.href));
    const context = { locale: "zh", messages: LOCALES.zh, path: "/zh/category/shirts" };
    const props = { ...PROPS, signedIn: true };
    const html = renderToString(<IslandProviders context={context}>{<SiteHeader {...props} />}</IslandProviders>, {
      identifierPrefix: "h-",
    });
    document.body.innerHTML = `<div id="island">${html}</div>`;
    const container = document.getElementById("island")!;
    const details = container.querySelector<HTMLDetailsElement>("details.sf-navmenu")!;
    expect(details.querySelector("summary")!.textContent).toBe("菜单");
    const links = Array.from(details.querySelectorAll(".sf-navmenu__panel .sf-sidemenu__nav a")).map((a) =>
      a.getAttribute("href"),
    );
    expect(links).toEqual(["/", "/category/shirts", "/category/shoes"]);
    // Signed in by the page's cookie: the account link and a sign-out form that comes back here.
    expect(container.querySelector(".sf-header__account")!.textContent).toBe("我的账户");
    const signOut = container.querySelector<HTMLFormElement>(".sf-header__wide form")!;
    expect([signOut.getAttribute("action"), signOut.querySelector<HTMLInputElement>("[name=back]")!.value]).toEqual([
      "/zh/form/signout",
      "/zh/category/shirts",
    ]);
    // A shopper who opened it before the script ran finds it open as the drawer.
    details.open = true;

    const services = { cart: fakeCart(0), session: fakeSession({ signedIn: true, user: USER }), api: {} as Api };
    const errors = vi.spyOn(console, "error");
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <IslandProviders context={{ locale: "zh", messages: LOCALES.zh }} services={services}>
          {<SiteHeader {...props} />}
        </IslandProviders>,
        { identifierPrefix: "h-", onRecoverableError: (error) => console.error(error) },
      );
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.querySelector("details.sf-navmenu")).toBeNull();
    expect(menuButton(container).getAttribute("aria-expanded")).toBe("true");
    expect(dialog(container).closest(".sf-sidemenu")!.hasAttribute("hidden")).toBe(false);
    await act(async () => root!.unmount());
  });

  it("names the cart link with the count and follows changes", async () => {
    const { container, cart } = await open({ count: 1 });
    expect(cartLink(container).getAttribute("aria-label")).toBe("Cart 1 item");
    await act(async () => cart.change(120));
    expect(cartLink(container).getAttribute("aria-label")).toBe("Cart 120 items");
    expect(container.querySelector(".sf-header__badge")!.textContent).toBe("99+");
    await act(async () => cart.change(0));
    expect(cartLink(container).getAttribute("aria-label")).toBe("Cart 0 items");
    expect(container.querySelector(".sf-header__badge")!.textContent).toBe("");
  });

  it("links to sign-in with the current address while signed out, to the account once signed in", async () => {
    const { container, session } = await open({ url: "/product/linen-shirt?sku=LS-M" });
    const account = () => container.querySelector<HTMLAnchorElement>(".sf-header__account")!;
    expect([account().textContent, account().getAttribute("href")]).toEqual([
      "Sign in",
      "/auth/signin?redirect=%2Fproduct%2Flinen-shirt%3Fsku%3DLS-M",
    ]);
    await act(async () => session.set({ signedIn: true, user: USER }));
    expect([account().textContent, account().getAttribute("href")]).toEqual(["My account", "/user/center"]);
  });

  it("does not send the sign-in page back to itself", async () => {
    const { container } = await open({ url: "/auth/signin?redirect=%2Fcart" });
    expect(container.querySelector(".sf-header__account")!.getAttribute("href")).toBe("/auth/signin");
  });

  it("signs out through the api and the session, even when the call fails", async () => {
    const { container, post, session } = await open({ signedIn: true });
    post.mockRejectedValue(new TypeError("offline"));
    const form = container.querySelector<HTMLFormElement>(".sf-header__wide form")!;
    // Without script it is a plain form post to the sign-out handler, coming back here.
    expect([form.method, form.getAttribute("action"), form.querySelector<HTMLInputElement>("[name=back]")!.value]).toEqual([
      "post",
      "/form/signout",
      "/",
    ]);
    await click(form.querySelector<HTMLButtonElement>(".sf-header__signout")!);
    expect(post).toHaveBeenCalledWith("auth/signout", {}, { toast: false });
    await vi.waitFor(() => expect(session.logout).toHaveBeenCalledTimes(1));
  });

  it("searches with a labelled GET form to the search page", async () => {
    const { container } = await open({ url: "/search?q=linen" });
    const form = container.querySelector<HTMLFormElement>("form[role=search]")!;
    const input = form.querySelector("input")!;
    expect([form.getAttribute("method"), form.getAttribute("action"), input.name, input.value]).toEqual([
      "get",
      "/search",
      "q",
      "linen",
    ]);
    expect(container.querySelector(`label[for="${input.id}"]`)!.textContent).toBe("Search products");
  });
});

describe("side menu", () => {
  it("opens as a modal dialog from a Menu button that controls it", async () => {
    const { container } = await open();
    const button = menuButton(container);
    expect(button.textContent).toBe("Menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.getAttribute("aria-controls")).toBe(dialog(container).id);
    expect(dialog(container).closest("[hidden]")).not.toBeNull();

    await act(async () => button.focus());
    await click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(dialog(container).closest("[hidden]")).toBeNull();
    expect(dialog(container).getAttribute("aria-modal")).toBe("true");
    expect(dialog(container).getAttribute("aria-label")).toBe("Menu");
    expect(document.activeElement?.textContent).toBe("Home page");
    expect(document.body.style.overflow).toBe("hidden");
    const links = Array.from(dialog(container).querySelectorAll("a")).map((a) => a.textContent);
    expect(links).toEqual(["Home page", "Shirts", "Shoes", "Sign in", "Cart 0 items", "English", "简体中文", "繁體中文（香港）"]);
  });

  it("keeps Tab inside, and closes on Escape with focus back on the Menu button", async () => {
    const { container } = await open();
    const button = menuButton(container);
    await act(async () => button.focus());
    await click(button);
    const focusable = Array.from(dialog(container).querySelectorAll<HTMLElement>("a, button"));
    const [first, last] = [focusable[0]!, focusable[focusable.length - 1]!];
    await act(async () => last.focus());
    await key(last, { key: "Tab" });
    expect(document.activeElement).toBe(first);
    await key(first, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);

    await key(last, { key: "Escape" });
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(dialog(container).closest("[hidden]")).not.toBeNull();
    expect(document.activeElement).toBe(button);
    expect(document.body.style.overflow).toBe("");
  });

  it("closes with its close button, the backdrop, or a followed link", async () => {
    const { container } = await open();
    const button = menuButton(container);
    const isOpen = () => button.getAttribute("aria-expanded") === "true";
    await click(button);
    await click(dialog(container).querySelector<HTMLButtonElement>("button[aria-label='Close menu']")!);
    expect(isOpen()).toBe(false);
    await click(button);
    await click(container.querySelector<HTMLElement>(".sf-sidemenu__backdrop")!);
    expect(isOpen()).toBe(false);
    await click(button);
    const link = dialog(container).querySelector<HTMLAnchorElement>("a[href='/category/shoes']")!;
    link.addEventListener("click", (event) => event.preventDefault());
    await click(link);
    expect(isOpen()).toBe(false);
  });
});
