import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Cart as CartData, FavoriteType } from "../../../generated/types";
import drawerValidate from "../../../generated/validators/components/CartDrawer.js";
import CartDrawer from "../../../src/components/cart/CartDrawer";
import FavoriteButton from "../../../src/components/product/FavoriteButton";
import ProductDetail from "../../../src/components/product/ProductDetail";
import { type Api, ApiError } from "../../../src/runtime/api/client";
import { type Bus, createBus } from "../../../src/runtime/bus";
import { type Cart, createCart } from "../../../src/runtime/cart";
import type { Favorites, FavoritesState } from "../../../src/runtime/favorites";
import type { ProvidedServices } from "../../../src/runtime/hooks/services-context";
import { useCartCount } from "../../../src/runtime/hooks/useCartCount";
import { type MemoryStorage, memoryStore } from "../runtime/fakes";
import { cartWith, PRODUCT } from "./fixtures";
import { byText, click, goTo, key, renderIsland, unmountAll } from "./render";

let bus: Bus;
let cart: Cart;
let backing: MemoryStorage;
let post: ReturnType<typeof vi.fn>;
let services: ProvidedServices;

function CountBadge() {
  return <span id="count">{useCartCount()}</span>;
}

// A dialog on its way out (its 75 ms leave transition) is inert: closed for the shopper.
const dialog = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find((el) => !el.closest("[inert]")) ?? null;
const addButton = () => byText<HTMLButtonElement>(document, "button", "Add to cart")!;

beforeEach(() => {
  goTo("/product/tee/TEE-BLU-M");
  bus = createBus();
  const memory = memoryStore();
  backing = memory.backing;
  post = vi.fn(async (call: string, body: { quantity: number }): Promise<CartData> => {
    if (call !== "cart/add") throw new Error(`unexpected ${call}`);
    return cartWith(body.quantity);
  });
  const api = { post } as unknown as Api;
  cart = createCart({ bus, store: memory.store, api, events: new EventTarget() as unknown as Window });
  cart.start();
  services = { bus, cart, api };
});

afterEach(async () => {
  await unmountAll();
  cart.stop();
});

async function page() {
  await renderIsland(<CountBadge />, "en", services);
  await renderIsland(<ProductDetail {...PRODUCT} selectedSku="TEE-BLU-M" />, "en", services);
  await renderIsland(<CartDrawer />, "en", services);
}

describe("adding to the cart", () => {
  it("posts the variant and quantity, sets the stored count and opens the drawer with focus inside", async () => {
    await page();
    await click(document.querySelector<HTMLButtonElement>('.sf-quantity button[aria-label="Increase quantity"]')!);
    addButton().focus();
    await click(addButton());
    expect(post).toHaveBeenCalledWith("cart/add", { sku: "TEE-BLU-M", quantity: 2 });
    expect(document.getElementById("count")!.textContent).toBe("2");
    expect(backing.getItem("sf.cartCount")).toBe("2");
    const drawer = dialog()!;
    expect(drawer.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(drawer.getAttribute("aria-labelledby")!)!.textContent).toBe("Added to your cart");
    expect(document.activeElement?.textContent).toBe("Close");
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it("lists the cart's lines, the subtotal, and links to the cart and checkout", async () => {
    await page();
    await click(addButton());
    const line = dialog()!.querySelector(".sf-drawer-line")!;
    expect(line.querySelector("img")!.getAttribute("src")).toBe("/media/tee-blue.svg");
    expect(line.textContent).toContain("Tee");
    expect(line.textContent).toContain("Blue / M");
    expect(line.textContent).toContain("Quantity: 1");
    expect(line.textContent).toContain("$25.00");
    expect(dialog()!.querySelector(".sf-drawer__subtotal")!.textContent).toBe("Subtotal$25.00");
    expect(byText(dialog()!, "a", "Checkout")!.getAttribute("href")).toBe("/checkout/cart");
    expect(byText(dialog()!, "a", "View cart")!.getAttribute("href")).toBe("/cart");
  });

  it("a failed add changes nothing and leaves the button ready", async () => {
    post.mockRejectedValueOnce(
      new ApiError("cart/add", { kind: "envelope", code: 41, msg: "Only 1 left in stock." }, { text: "Only 1 left in stock." }),
    );
    await page();
    await click(addButton());
    expect(document.getElementById("count")!.textContent).toBe("0");
    expect(dialog()).toBeNull();
    expect(addButton().textContent).toBe("Add to cart");
    await click(addButton());
    expect(dialog()).not.toBeNull();
  });

  it("a sold-out variant's button posts nothing", async () => {
    await renderIsland(<ProductDetail {...PRODUCT} selectedSku="TEE-BLU-L" />, "en", services);
    await click(addButton());
    expect(post).not.toHaveBeenCalled();
  });
});

describe("CartDrawer", () => {
  it("accepts its schema's props and fills the defaults", () => {
    const props = {};
    expect(drawerValidate(props)).toBe(true);
    expect(props).toEqual({ cartPath: "/cart", checkoutPath: "/checkout/cart" });
  });

  it("renders nothing until something is added", async () => {
    const host = await renderIsland(<CartDrawer />, "en", services);
    expect(host.innerHTML).toBe("");
  });

  it("closes on Escape and gives the focus back", async () => {
    await page();
    addButton().focus();
    await click(addButton());
    expect(document.documentElement.classList.contains("sf-drawer-open")).toBe(true);
    await key(document.activeElement!, "Escape");
    expect(dialog()).toBeNull();
    expect(document.documentElement.classList.contains("sf-drawer-open")).toBe(false);
    expect(document.activeElement).toBe(addButton());
    await vi.waitFor(() => expect(document.querySelector(".sf-drawer")).toBeNull());
  });

  it("closes with the Close button and gives the focus back", async () => {
    await page();
    addButton().focus();
    await click(addButton());
    await click(byText(dialog()!, "button", "Close"));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(addButton());
  });

  it("keeps Tab inside the dialog", async () => {
    await page();
    await click(addButton());
    const focusable = Array.from(dialog()!.querySelectorAll<HTMLElement>("a[href], button"));
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    expect(first.textContent).toBe("Close");
    expect(last.textContent).toBe("View cart");
    last.focus();
    await key(last, "Tab");
    expect(document.activeElement).toBe(first);
    await key(first, "Tab", true);
    expect(document.activeElement).toBe(last);
  });

  it("links keep the page's language prefix", async () => {
    goTo("/zh-HK/product/tee/TEE-BLU-M");
    await renderIsland(<CartDrawer />, "zh-HK", services);
    await act(async () => bus.emit("cart:added", { sku: "TEE-BLU-M", quantity: 1, cart: cartWith(1) }));
    expect(byText(dialog()!, "a", "前往結帳")!.getAttribute("href")).toBe("/zh-HK/checkout/cart");
    expect(byText(dialog()!, "a", "查看購物車")!.getAttribute("href")).toBe("/zh-HK/cart");
  });
});

describe("FavoriteButton", () => {
  function fakeFavorites(): Favorites & { add: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> } {
    let state: FavoritesState = { lists: { article: [], product: [], page: [] }, ready: true };
    const listeners = new Set<() => void>();
    const set = (next: FavoritesState) => {
      state = next;
      for (const l of listeners) l();
    };
    return {
      start() {},
      stop() {},
      getSnapshot: () => state,
      subscribe(l: () => void) {
        listeners.add(l);
        return () => void listeners.delete(l);
      },
      has: (type: FavoriteType, id: string) => state.lists[type].some((i) => i.id === id),
      load: async () => {},
      add: vi.fn(async (type: FavoriteType, id: string) => {
        const item = { type, id, title: "Tee" };
        set({ ...state, lists: { ...state.lists, product: [item] } });
        return item;
      }),
      cancel: vi.fn(async () => set({ ...state, lists: { ...state.lists, product: [] } })),
      list: async () => ({ items: [], total: 0 }),
      count: async () => ({ article: 0, product: 0, page: 0 }),
    } as unknown as Favorites & { add: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> };
  }

  it("adds the product to the wish list and takes it off again", async () => {
    const favorites = fakeFavorites();
    const host = await renderIsland(<FavoriteButton productId={7} />, "en", { favorites });
    await click(byText(host, "button", "Add to favorites"));
    expect(favorites.add).toHaveBeenCalledWith("product", "7");
    await click(byText(host, "button", "Remove from favorites"));
    expect(favorites.cancel).toHaveBeenCalledWith("product", "7");
    expect(byText(host, "button", "Add to favorites")).toBeDefined();
  });
});
