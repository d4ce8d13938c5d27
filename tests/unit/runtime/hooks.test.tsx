import { act, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import validate from "../../../generated/validators/components/Toaster.js";
import Toaster from "../../../src/components/common/Toaster";
import type { Api } from "../../../src/runtime/api/client";
import type { LiveFrame } from "../../../src/runtime/bus";
import { createCart } from "../../../src/runtime/cart";
import { createFavorites } from "../../../src/runtime/favorites";
import { type ProvidedServices, ServicesProvider } from "../../../src/runtime/hooks/services-context";
import { useApi, useApiPost } from "../../../src/runtime/hooks/useApi";
import { useBusEvent } from "../../../src/runtime/hooks/useBusEvent";
import { useCart, useCartCount } from "../../../src/runtime/hooks/useCartCount";
import { useFavorites } from "../../../src/runtime/hooks/useFavorites";
import { useHydrated } from "../../../src/runtime/hooks/useHydrated";
import { useSession } from "../../../src/runtime/hooks/useSession";
import { useToast } from "../../../src/runtime/hooks/useToast";
import type { Session, SessionState } from "../../../src/runtime/session";
import { createToasts } from "../../../src/runtime/toast";
import { LOCALES, memoryStore, recordBus, testClock } from "./fakes";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root | undefined;
/** What the next render() provides; each test sets the services it needs. */
let services: ProvidedServices = {};

async function render(node: ReactNode, lang: keyof typeof LOCALES = "en") {
  root = createRoot(container);
  await act(async () =>
    root!.render(
      <ServicesProvider services={services}>
        <IntlProvider locale={lang} messages={LOCALES[lang]} defaultLocale="en">
          {node}
        </IntlProvider>
      </ServicesProvider>,
    ),
  );
}

beforeEach(() => {
  document.body.innerHTML = `<div id="island"></div>`;
  container = document.getElementById("island")!;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  services = {};
  vi.useRealTimers();
});

function fakeSession(initial: SessionState): Session & { set(s: SessionState): void } {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    start() {},
    stop() {},
    getSnapshot: () => state,
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    signIn: vi.fn(async () => null),
    refresh: vi.fn(async () => null),
    logout: vi.fn(),
    set(next) {
      state = next;
      for (const l of listeners) l();
    },
  };
}

function Account() {
  const session = useSession();
  return (
    <p>
      {session.signedIn ? `hello ${session.user?.nickname ?? "?"}` : "signed out"}
      <button type="button" onClick={session.logout}>
        out
      </button>
    </p>
  );
}

describe("hooks", () => {
  it("useSession follows the session and reaches its actions", async () => {
    const session = fakeSession({ signedIn: false, user: null });
    services = { session };
    await render(<Account />);
    expect(container.textContent).toContain("signed out");
    await act(async () => session.set({ signedIn: true, user: { id: "1", email: "", nickname: "mei" } }));
    expect(container.textContent).toContain("hello mei");
    container.querySelector("button")!.click();
    expect(session.logout).toHaveBeenCalled();
  });

  it("with no services (server, or a test that gives none) hooks show the signed-out, empty state", async () => {
    function All() {
      const { signedIn } = useSession();
      const count = useCartCount();
      const { lists } = useFavorites();
      return <p>{`${signedIn} ${count} ${lists.product.length}`}</p>;
    }
    expect(renderToString(<All />)).toBe("<p>false 0 0</p>");
    await render(<All />);
    expect(container.textContent).toBe("false 0 0");
  });

  it("an action whose service is not running throws, naming it", async () => {
    let session: ReturnType<typeof useSession> | undefined;
    function Grab() {
      session = useSession();
      return null;
    }
    await render(<Grab />);
    expect(() => session!.logout()).toThrow(/session is not running/);
  });

  it("the services come from the nearest provider, so each island reads its own", async () => {
    const outer = fakeSession({ signedIn: false, user: null });
    const inner = fakeSession({ signedIn: true, user: { id: "1", email: "", nickname: "mei" } });
    services = { session: outer };
    await render(
      <>
        <Account />
        <ServicesProvider services={{ session: inner }}>
          <Account />
        </ServicesProvider>
      </>,
    );
    expect(Array.from(container.querySelectorAll("p"), (p) => p.firstChild!.textContent)).toEqual(["signed out", "hello mei"]);
  });

  it("useCartCount re-renders when the count changes", async () => {
    const rec = recordBus();
    const cart = createCart({ bus: rec.bus, store: memoryStore().store, api: { post: vi.fn() }, events: new EventTarget() });
    services = { cart };
    function Badge() {
      return <span>{useCartCount()}</span>;
    }
    await render(<Badge />);
    expect(container.textContent).toBe("0");
    await act(async () => cart.add(3));
    expect(container.textContent).toBe("3");
  });

  it("useCart changes the count through the service", async () => {
    const rec = recordBus();
    const cart = createCart({ bus: rec.bus, store: memoryStore().store, api: { post: vi.fn() }, events: new EventTarget() });
    services = { cart };
    function Add() {
      const { count, add } = useCart();
      return (
        <button type="button" onClick={() => add(2)}>
          {count}
        </button>
      );
    }
    await render(<Add />);
    await act(async () => container.querySelector("button")!.click());
    expect(container.textContent).toBe("2");
    expect(cart.getSnapshot()).toBe(2);
  });

  it("useFavorites shows the lists and adds through the service", async () => {
    const rec = recordBus();
    const { store } = memoryStore({ "sf.token": "t", "sf.noWishList": "1" });
    const api = { post: vi.fn(async () => ({ type: "product", id: "17", title: "Shirt" })) } as unknown as Api;
    const favorites = createFavorites({ bus: rec.bus, api, store });
    favorites.start();
    services = { favorites };
    function Heart() {
      const fav = useFavorites();
      const saved = fav.has("product", "17");
      return (
        <button type="button" aria-pressed={saved} onClick={() => void fav.add("product", "17")}>
          save
        </button>
      );
    }
    await render(<Heart />);
    const button = container.querySelector("button")!;
    expect(button.getAttribute("aria-pressed")).toBe("false");
    await act(async () => button.click());
    expect(button.getAttribute("aria-pressed")).toBe("true");
  });

  it("useApi gives components the running api client", async () => {
    const api = { post: vi.fn(async () => null) } as unknown as Api;
    services = { api };
    let seen: Api | undefined;
    function Caller() {
      seen = useApi();
      return null;
    }
    await render(<Caller />);
    expect(seen).toBe(api);
  });

  it("useApiPost renders without services (the server) and posts through the client when called", async () => {
    let post: ReturnType<typeof useApiPost> | undefined;
    function Form() {
      post = useApiPost();
      return <form />;
    }
    expect(renderToString(<Form />)).toBe("<form></form>");
    const api = { post: vi.fn(async () => ({ ok: true })) } as unknown as Api;
    services = { api };
    await render(<Form />);
    await expect(post!("newsletter/subscribe", { email: "mei@example.com" })).resolves.toEqual({ ok: true });
    expect(api.post).toHaveBeenCalledWith("newsletter/subscribe", { email: "mei@example.com" }, undefined);
  });

  it("useBusEvent hears events of its type until unmounted", async () => {
    const rec = recordBus();
    services = { bus: rec.bus };
    const heard: LiveFrame[] = [];
    function Listener() {
      useBusEvent("message:order", (frame) => heard.push(frame));
      return null;
    }
    await render(<Listener />);
    const frame = { code: 0, msg: "", type: "order", data: 1 };
    rec.bus.emit("message:order", frame);
    rec.bus.emit("message:other", { ...frame, type: "other" });
    await act(async () => root!.unmount());
    root = undefined;
    rec.bus.emit("message:order", frame);
    expect(heard).toEqual([frame]);
  });
});

describe("useHydrated", () => {
  function Seen({ log }: { log: boolean[] }) {
    const hydrated = useHydrated();
    log.push(hydrated);
    return <p>{String(hydrated)}</p>;
  }

  it("is false on the server, false while hydrating the server's HTML, then true", async () => {
    const log: boolean[] = [];
    const html = renderToString(<Seen log={log} />);
    expect(html).toBe("<p>false</p>");
    container.innerHTML = html;
    log.length = 0;
    const errors = vi.spyOn(console, "error");
    await act(async () => {
      root = hydrateRoot(container, <Seen log={log} />, { onRecoverableError: (error) => console.error(error) });
    });
    // False for the render that hydrates, true for every render after it.
    expect(log[0]).toBe(false);
    expect(log.length).toBeGreaterThan(1);
    expect(log.slice(1).every(Boolean)).toBe(true);
    expect(container.textContent).toBe("true");
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("is true from the first render of an island rendered into without server HTML", async () => {
    const log: boolean[] = [];
    await render(<Seen log={log} />);
    expect(log).toEqual([true]);
  });
});

describe("Toaster", () => {
  function setupToasts() {
    vi.useFakeTimers();
    const rec = recordBus();
    const toasts = createToasts({ bus: rec.bus, clock: testClock() });
    toasts.start();
    services = { toasts };
    return { toasts, bus: rec.bus };
  }

  it("accepts empty props and fills in the placement", () => {
    const props = {};
    expect(validate(props)).toBe(true);
    expect(props).toEqual({ placement: "top" });
    expect(validate({ placement: "left" })).toBe(false);
  });

  it("shows errors as alerts and the rest as status messages, translated, and closes after 1 s", async () => {
    const { bus } = setupToasts();
    await render(<Toaster />, "zh-HK");
    const region = container.querySelector("section")!;
    expect(region.getAttribute("aria-label")).toBe(LOCALES["zh-HK"]["toast.region"]);
    await act(async () => {
      bus.emit("toast:show", { kind: "error", message: { id: "api.unknown" } });
      bus.emit("toast:show", { kind: "success", message: { text: "已加入購物車" } });
    });
    const items = Array.from(container.querySelectorAll(".sf-toast"));
    expect(items.map((el) => el.getAttribute("role"))).toEqual(["alert", "status"]);
    expect(items[0]!.textContent).toContain("發生未知錯誤。");
    expect(items[1]!.textContent).toContain("已加入購物車");
    expect(items[0]!.querySelector("button")!.getAttribute("aria-label")).toBe(LOCALES["zh-HK"]["toast.close"]);
    await act(async () => vi.advanceTimersByTime(1000));
    expect(container.querySelectorAll(".sf-toast")).toHaveLength(0);
  });

  it("passes axe's WCAG 2.1 A/AA rules with toasts of every kind on screen", async () => {
    const { toasts } = setupToasts();
    await render(<Toaster />);
    await act(async () => {
      for (const kind of ["info", "success", "warning", "error"] as const)
        toasts.show({ kind, message: { text: kind }, duration: 0 });
    });
    vi.useRealTimers();
    const axe = (await import("axe-core")).default;
    const result = await axe.run(container, {
      runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"],
      rules: { "color-contrast": { enabled: false } },
    });
    expect(result.violations.map((v) => v.id)).toEqual([]);
    expect(result.passes.map((p) => p.id)).toEqual(expect.arrayContaining(["button-name", "aria-allowed-attr"]));
  });

  it("closes a toast with its button and holds it open while hovered", async () => {
    const { toasts } = setupToasts();
    await render(<Toaster placement="bottom" />);
    expect(container.querySelector(".sf-toaster--bottom")).not.toBeNull();
    await act(async () => {
      toasts.show({ message: { text: "one" } });
      toasts.show({ message: { text: "two" } });
    });
    const [first, second] = Array.from(container.querySelectorAll<HTMLElement>(".sf-toast"));
    await act(async () => first!.querySelector("button")!.click());
    expect(container.querySelectorAll(".sf-toast")).toHaveLength(1);
    // What a browser sends as the pointer comes onto the toast, and leaves it.
    await act(async () => {
      second!.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      second!.dispatchEvent(new MouseEvent("mouseenter"));
    });
    await act(async () => vi.advanceTimersByTime(5000));
    expect(container.textContent).toContain("two");
    await act(async () => {
      second!.dispatchEvent(new MouseEvent("mouseout", { bubbles: true }));
      second!.dispatchEvent(new MouseEvent("mouseleave"));
    });
    await act(async () => vi.advanceTimersByTime(1000));
    expect(container.querySelectorAll(".sf-toast")).toHaveLength(0);
  });

  it("useToast shows a toast from a component", async () => {
    const { toasts } = setupToasts();
    function Save() {
      const toast = useToast();
      return (
        <button type="button" onClick={() => toast.show({ kind: "success", message: { text: "Saved" } })}>
          save
        </button>
      );
    }
    await render(<Save />);
    await act(async () => container.querySelector("button")!.click());
    expect(toasts.getSnapshot().map((t) => t.kind)).toEqual(["success"]);
  });
});
