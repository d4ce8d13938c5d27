import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from "vitest";
import { createRenderer } from "../../../src/renderer/islands";
import { island, makeRegistry, started, unmounted } from "./fixtures";

let region: HTMLElement;
let logger: { warn: Mock<(message: string) => void> };

beforeEach(() => {
  document.body.innerHTML = `<main id="page-body"></main>`;
  region = document.getElementById("page-body")!;
  logger = { warn: vi.fn<(message: string) => void>() };
  started.mockClear();
  unmounted.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const stateOf = (selector: string) => region.querySelector(selector)!.getAttribute("data-island");
const settle = (selector: string, state: string) => vi.waitFor(() => expect(stateOf(selector)).toBe(state));

describe("island renderer", () => {
  it("renders a client island with createRoot and marks it pending then mounted", async () => {
    region.innerHTML = island("Counter", { start: 2 }, { id: "a" });
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    const started = renderer.mountRegion(region);
    expect(stateOf("#a")).toBe("pending");
    await started;
    await settle("#a", "mounted");
    expect(region.querySelector("#a")!.textContent).toBe("count 2");
  });

  // Back from a snapshot draws islands the renderer has already checked: nothing to wait for.
  it("loads a component's validator once and checks the same props text once", async () => {
    const registry = makeRegistry();
    const checked: unknown[] = [];
    const validate = Object.assign((data: unknown): data is unknown => checked.push(data) > 0, { errors: null });
    registry.Counter!.validator = vi.fn(async () => ({ default: validate }));
    const renderer = createRenderer({ registry, logger });
    region.innerHTML = island("Counter", { start: 1 }, { id: "a" }) + island("Counter", { start: 2 }, { id: "b" });
    await renderer.mountRegion(region);
    await renderer.replaceRegion(region, island("Counter", { start: 1 }, { id: "a" }));
    await settle("#a", "mounted");
    expect(region.querySelector("#a")!.textContent).toBe("count 1");
    expect(registry.Counter!.validator).toHaveBeenCalledTimes(1);
    expect(checked).toEqual([{ start: 1 }, { start: 2 }]);
  });

  // The server checked a data-ssr island's props and filled their defaults before rendering it
  // (src/server/ssr.tsx); an island it did not render is still checked.
  it("in a production build trusts the props of server-rendered islands and checks the others", async () => {
    vi.stubGlobal("__DEV__", false);
    const registry = makeRegistry();
    const validate = Object.assign((data: unknown): data is unknown => (data as { start?: unknown }).start !== "x", {
      errors: [{ instancePath: "/start", schemaPath: "#/type", keyword: "type", params: {}, message: "must be number" }],
    });
    registry.Counter!.validator = vi.fn(async () => ({ default: validate }));
    const { default: Counter } = await registry.Counter!.load();
    const renderer = createRenderer({ registry, logger });
    region.innerHTML = [
      island("Counter", { start: 3 }, { id: "a", "data-ssr": "" }, renderToString(<Counter start={3} />)),
      island("Counter", { start: 4 }, { id: "b", "data-ssr": "" }, renderToString(<Counter start={4} />)),
      island("Counter", { start: "x" }, { id: "c" }),
      `<div id="d" data-component="Counter" data-props="{" data-ssr><button>count 0</button></div>`,
    ].join("");
    await renderer.mountRegion(region);
    await settle("#a", "mounted");
    expect(region.querySelector("#b")!.textContent).toBe("count 4");
    expect(stateOf("#c")).toBe("failed");
    // Parsing still guards the page: bad JSON fails the island with a message.
    expect(stateOf("#d")).toBe("failed");
    // Only the client-rendered island needed the validator.
    expect(registry.Counter!.validator).toHaveBeenCalledTimes(1);
  });

  // Like Turbo's data-turbo-permanent: a kept island's state survives the new page.
  it("carries a mounted data-persist island over to a new HTML that names it again, updating its props", async () => {
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    region.innerHTML = island("Counter", { label: "old" }, { "data-persist": "c" }) + island("Counter", {}, { id: "other" });
    await renderer.mountRegion(region);
    const kept = region.querySelector<HTMLElement>('[data-persist="c"]')!;
    await vi.waitFor(() => expect(kept.getAttribute("data-island")).toBe("mounted"));
    kept.querySelector("button")!.click();
    await vi.waitFor(() => expect(kept.textContent).toBe("old 1"));
    kept.querySelector("button")!.focus();
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
    renderer.unmountRegion(region, { keepPersistent: true });
    await renderer.replaceRegion(
      region,
      `<h1>Next</h1>${island("Counter", { label: "new" }, { "data-persist": "c", id: "placeholder" })}`,
    );
    expect(region.querySelector('[data-persist="c"]')).toBe(kept);
    expect(region.querySelector("#placeholder")).toBeNull();
    // What had the focus inside it still has it (moving an element blurs it).
    expect(document.activeElement).toBe(kept.querySelector("button"));
    await vi.waitFor(() => expect(kept.textContent).toBe("new 1"));
    expect(kept.getAttribute("data-props")).toBe('{"label":"new"}');
    // Only the island that was not kept went (passive effects' cleanups may run after paint).
    await vi.waitFor(() => expect(unmounted).toHaveBeenCalledTimes(1));
  });

  it("unmounts a data-persist island that the new HTML does not name", async () => {
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    region.innerHTML = island("Counter", {}, { "data-persist": "c" });
    await renderer.mountRegion(region);
    await settle('[data-persist="c"]', "mounted");
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    await renderer.replaceRegion(region, island("Counter", {}, { "data-persist": "d", id: "d" }));
    await settle("#d", "mounted");
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
    expect(unmounted).toHaveBeenCalledTimes(1);
  });

  it("hydrates a data-ssr island: keeps the server's DOM and attaches handlers", async () => {
    const { default: Counter } = await makeRegistry().Counter!.load();
    const html = renderToString(<Counter start={5} />);
    region.innerHTML = island("Counter", { start: 5 }, { id: "a", "data-ssr": "" }, html);
    const button = region.querySelector("button")!;
    const recoverable = vi.fn();
    const renderer = createRenderer({ registry: makeRegistry(), logger: { warn: recoverable } });
    await renderer.mountRegion(region);
    await settle("#a", "mounted");
    expect(region.querySelector("button")).toBe(button);
    button.click();
    await vi.waitFor(() => expect(button.textContent).toBe("count 6"));
    expect(recoverable).not.toHaveBeenCalled();
  });

  it("an island unmounted before its hydration committed reports nothing", async () => {
    // React reports error 424 ("This root received an early update, before anything was able
    // to hydrate") when a root still hydrating is unmounted, as happens when the shopper leaves
    // the page first; the island is gone, so there is nothing to warn about.
    region.innerHTML = island("Counter", {}, { id: "a", "data-ssr": "" }, "<button>count 0</button>");
    const loadMount = async () => ({
      mountIsland: (_el: HTMLElement, _Island: unknown, _props: unknown, options: { onRecoverableError(e: unknown): void }) => ({
        unmount: () => options.onRecoverableError(new Error("Minified React error #424")),
      }),
    });
    const renderer = createRenderer({ registry: makeRegistry(), logger, loadMount: loadMount as never });
    await renderer.mountRegion(region);
    await renderer.replaceRegion(region, "<p>next page</p>");
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it("fetches a load island's code while its props are being checked", async () => {
    const registry = makeRegistry();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const validator = registry.Counter!.validator;
    registry.Counter!.validator = () => gate.then(validator);
    region.innerHTML = island("Counter", {}, { id: "a" }) + island("Counter", {}, { id: "b", "data-hydrate": "interaction" });
    const started = createRenderer({ registry, logger }).mountRegion(region);
    expect(registry.Counter!.load).toHaveBeenCalledTimes(1);
    release();
    await started;
    await settle("#a", "mounted");
  });

  it.each(["pointerdown", "touchstart", "keydown"])(
    "idle waits for the page to be in use (a first %s anywhere), then for requestIdleCallback",
    async (type) => {
      let idle: (() => void) | undefined;
      vi.stubGlobal("requestIdleCallback", (cb: () => void) => {
        idle = cb;
        return 1;
      });
      region.innerHTML = island("IdleCounter", {}, { id: "a" });
      const registry = makeRegistry();
      await createRenderer({ registry, logger }).mountRegion(region);
      expect(idle).toBeUndefined();
      document.body.dispatchEvent(new Event(type, { bubbles: true }));
      expect(stateOf("#a")).toBe("pending");
      expect(registry.IdleCounter!.load).not.toHaveBeenCalled();
      idle!();
      await settle("#a", "mounted");
    },
  );

  it("idle islands follow another island that mounted, React being there then", async () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal("requestIdleCallback", (cb: () => void) => {
      idle = cb;
      return 1;
    });
    region.innerHTML = island("IdleCounter", {}, { id: "a" }) + island("Counter", {}, { id: "b", "data-hydrate": "interaction" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    // Nothing mounted and nobody used the page: the idle island does not ask for idle time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBeUndefined();
    region.querySelector("#b")!.dispatchEvent(new Event("focusin", { bubbles: true }));
    await settle("#b", "mounted");
    expect(idle).toBeDefined();
    idle!();
    await settle("#a", "mounted");
  });

  it("visible waits for the IntersectionObserver and shares one observer", async () => {
    const observers: { cb: IntersectionObserverCallback; observed: Element[] }[] = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        observed: Element[] = [];
        constructor(readonly cb: IntersectionObserverCallback) {
          observers.push(this);
        }
        observe(el: Element) {
          this.observed.push(el);
        }
        unobserve() {}
        disconnect() {}
      },
    );
    region.innerHTML =
      island("Counter", {}, { id: "a", "data-hydrate": "visible" }) +
      island("Counter", {}, { id: "b", "data-hydrate": "visible" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.observed.map((el) => el.id)).toEqual(["a", "b"]);
    observers[0]!.cb(
      [{ isIntersecting: true, target: region.querySelector("#b")! } as unknown as IntersectionObserverEntry],
      {} as IntersectionObserver,
    );
    await settle("#b", "mounted");
    expect(stateOf("#a")).toBe("pending");
  });

  it.each(["focusin", "pointerdown", "keydown"])("interaction waits for the first %s", async (type) => {
    const registry = makeRegistry();
    region.innerHTML = island("Counter", {}, { id: "a", "data-hydrate": "interaction" });
    await createRenderer({ registry, logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("pending");
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    region.querySelector("#a")!.dispatchEvent(new Event(type, { bubbles: true }));
    await settle("#a", "mounted");
    expect(registry.Counter!.load).toHaveBeenCalledTimes(1);
  });

  it("uses a component's strategy for signed-in shoppers when one is signed in, and data-hydrate over both", async () => {
    let signedIn = false;
    const registry = makeRegistry();
    registry.Counter!.hydrate = "interaction";
    registry.Counter!.hydrateSignedIn = "load";
    const renderer = createRenderer({ registry, logger, signedIn: () => signedIn });
    region.innerHTML = island("Counter", {}, { id: "a" });
    await renderer.mountRegion(region);
    expect(stateOf("#a")).toBe("pending");
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    signedIn = true;
    await renderer.replaceRegion(
      region,
      island("Counter", {}, { id: "b" }) + island("Counter", {}, { id: "c", "data-hydrate": "interaction" }),
    );
    await settle("#b", "mounted");
    expect(stateOf("#c")).toBe("pending");
  });

  it("none keeps the server HTML, validates, and never loads the component", async () => {
    const registry = makeRegistry();
    region.innerHTML = island("Counter", {}, { id: "a", "data-hydrate": "none", "data-ssr": "" }, "<b>static</b>");
    await createRenderer({ registry, logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("mounted");
    expect(registry.Counter!.validator).toHaveBeenCalled();
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    expect(region.querySelector("#a")!.innerHTML).toBe("<b>static</b>");
  });

  it("none without server HTML fails with a message, since nothing would ever show", async () => {
    region.innerHTML = island("Counter", {}, { id: "a", "data-hydrate": "none" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(logger.warn.mock.calls[0]![0]).toMatch(/Counter failed: data-hydrate "none" needs server HTML/);
  });

  it("an unknown data-hydrate value fails and names the allowed ones", async () => {
    region.innerHTML = island("Counter", {}, { id: "a", "data-hydrate": "later" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(logger.warn.mock.calls[0]![0]).toContain(
      'data-hydrate "later" is not one of load, idle, visible, interaction, media, none',
    );
  });

  it("bad JSON keeps the server HTML, marks the island failed and names the component", async () => {
    region.innerHTML = island("Counter", "{oops", { id: "a", "data-ssr": "" }, "<i>server</i>");
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(region.querySelector("#a")!.innerHTML).toBe("<i>server</i>");
    expect(logger.warn.mock.calls[0]![0]).toMatch(/^\[islands\] Counter failed: \/ data-props is not valid JSON/);
  });

  it("props nested too deep fail with a warning instead of overflowing the stack (issue #19)", async () => {
    region.innerHTML = island(
      "Counter",
      `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
      { id: "a", "data-ssr": "" },
      "<i>server</i>",
    );
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(logger.warn.mock.calls[0]![0]).toMatch(/^\[islands\] Counter failed: \/ data-props are nested deeper than/);
  });

  it("props that fail the schema name the JSON pointer and the rule", async () => {
    region.innerHTML =
      island("Price", { price: "cheap", currency: "USD" }, { id: "a" }) +
      island("Price", { price: 1, currency: "USD", colour: "red" }, { id: "b" }) +
      island("Price", { price: 1 }, { id: "c" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect([stateOf("#a"), stateOf("#b"), stateOf("#c")]).toEqual(["failed", "failed", "failed"]);
    const messages = logger.warn.mock.calls.map((c) => c[0]);
    expect(messages).toContain("[islands] Price failed: props /price must be number (rule type at #/properties/price/type)");
    expect(messages).toContain(
      "[islands] Price failed: props /colour is not a known property (rule additionalProperties at #/additionalProperties)",
    );
    expect(messages).toContain("[islands] Price failed: props /currency is required (rule required at #/required)");
  });

  it("refuses prototype keys without polluting Object.prototype", async () => {
    region.innerHTML = island("Counter", '{"__proto__":{"isAdmin":true}}', { id: "a" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect(stateOf("#a")).toBe("failed");
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(logger.warn.mock.calls[0]![0]).toContain('/__proto__ data-props may not contain the key "__proto__"');
  });

  it("an unknown component is marked missing, warned about once, and the rest still mounts", async () => {
    region.innerHTML =
      island("Nope", {}, { id: "a" }) +
      island("Nope", {}, { id: "b" }) +
      island("Counter", {}, { id: "c" }) +
      island("toString", {}, { id: "d" });
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    expect([stateOf("#a"), stateOf("#b"), stateOf("#d")]).toEqual(["missing", "missing", "missing"]);
    await settle("#c", "mounted");
    expect(logger.warn.mock.calls.filter((c) => String(c[0]).includes('"Nope"'))).toHaveLength(1);
  });

  it("one component that throws fails alone, gets its server HTML back, and its neighbours mount", async () => {
    region.innerHTML =
      island("Counter", {}, { id: "a" }) +
      island("Thrower", {}, { id: "b", "data-ssr": "" }, "<p>server fallback</p>") +
      island("Counter", {}, { id: "c" });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await createRenderer({ registry: makeRegistry(), logger }).mountRegion(region);
    await settle("#b", "failed");
    await settle("#a", "mounted");
    await settle("#c", "mounted");
    await vi.waitFor(() => expect(region.querySelector("#b")!.innerHTML).toBe("<p>server fallback</p>"));
    expect(logger.warn.mock.calls.some((c) => String(c[0]).includes("Thrower failed: threw while rendering: Error: boom"))).toBe(
      true,
    );
  });

  it("a component whose code fails to load is marked failed", async () => {
    const registry = makeRegistry();
    registry.Counter!.load = () => Promise.reject(new Error("network down"));
    region.innerHTML = island("Counter", {}, { id: "a" });
    await createRenderer({ registry, logger }).mountRegion(region);
    await settle("#a", "failed");
    expect(logger.warn.mock.calls[0]![0]).toContain("could not load its code (Error: network down)");
  });

  it("replacing a region unmounts every island in it first, then mounts the new ones", async () => {
    region.innerHTML = island("Counter", {}, { id: "a" }) + island("Counter", {}, { id: "b" });
    const renderer = createRenderer({ registry: makeRegistry(), logger });
    await renderer.mountRegion(region);
    await settle("#a", "mounted");
    await settle("#b", "mounted");
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
    await renderer.replaceRegion(region, island("Counter", { start: 9 }, { id: "c" }));
    await settle("#c", "mounted");
    expect(region.textContent).toBe("count 9");
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(3));
    expect(unmounted).toHaveBeenCalledTimes(2);
    expect(Math.max(...unmounted.mock.invocationCallOrder)).toBeLessThan(started.mock.invocationCallOrder[2]!);
  });

  it("an island removed before its strategy fires never mounts", async () => {
    const registry = makeRegistry();
    region.innerHTML = island("Counter", {}, { id: "a", "data-hydrate": "interaction" });
    const renderer = createRenderer({ registry, logger });
    await renderer.mountRegion(region);
    const el = region.querySelector("#a")!;
    renderer.unmountRegion(region);
    el.dispatchEvent(new Event("focusin"));
    await new Promise((r) => setTimeout(r, 10));
    expect(registry.Counter!.load).not.toHaveBeenCalled();
    expect(renderer.stateOf(el)).toBeUndefined();
  });

  it("mounting a region twice does not mount its islands twice", async () => {
    const registry = makeRegistry();
    region.innerHTML = island("Counter", {}, { id: "a" });
    const renderer = createRenderer({ registry, logger });
    await renderer.mountRegion(region);
    await renderer.mountRegion(region);
    await settle("#a", "mounted");
    expect(registry.Counter!.validator).toHaveBeenCalledTimes(1);
  });

  it("leaves an island nested in another island to its parent's React tree", async () => {
    const registry = makeRegistry();
    region.innerHTML = `<div data-component="Counter" id="outer" data-props="{}" data-hydrate="interaction">${island("Counter", {}, { id: "inner" })}</div>`;
    await createRenderer({ registry, logger }).mountRegion(region);
    expect(stateOf("#outer")).toBe("pending");
    expect(region.querySelector("#inner")!.hasAttribute("data-island")).toBe(false);
  });
});
