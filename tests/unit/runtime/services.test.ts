import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBus } from "../../../src/runtime/bus";
import { type RunningServices, startServices } from "../../../src/runtime/services";
import { envelope, FakeSocket, testClock } from "./fakes";

let running: RunningServices | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let beacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
  localStorage.clear();
  localStorage.setItem("sf.visitorId", "v_1");
  document.body.innerHTML = "";
  fetchMock = vi.fn<typeof fetch>(async () => envelope({ code: 0, msg: "", data: null }));
  beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("WebSocket", FakeSocket);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
});

afterEach(() => {
  running?.stop();
  running = undefined;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function start() {
  const mountRegion = vi.fn(async () => {});
  running = startServices({ win: window, bus: createBus(), renderer: { mountRegion }, clock: testClock() });
  return { services: running, mountRegion };
}

describe("startServices", () => {
  it("starts every service, linked by one bus, and returns them for the island providers", async () => {
    const { services } = start();
    for (const name of ["bus", "api", "session", "cart", "favorites", "toasts", "store"] as const)
      expect(services[name]).toBeDefined();
    const counts: number[] = [];
    services.bus.on("cart:changed", (count) => counts.push(count));
    services.cart.add(2);
    expect(counts).toEqual([2]);
    await services.background;
    const calls = fetchMock.mock.calls.map((c) => c[0]);
    expect(calls).toContain("/api/web/visitor/track");
    expect(FakeSocket.last.url).toMatch(/\/ws\/message\?visitorId=v_1$/);
    await vi.advanceTimersByTimeAsync(10_000);
    // As JSON, the only body the server takes (a text/plain one is what another site could send).
    const [url, data] = beacon.mock.calls[0]!;
    expect(url).toBe("/api/web/stat/duration");
    expect(data.type).toBe("application/json");
    expect(await data.text()).toBe(JSON.stringify({ duration: 10 }));
  });

  it("puts the Toaster island on the page with the first toast, once", () => {
    const { services, mountRegion } = start();
    expect(document.querySelector('[data-component="Toaster"]')).toBeNull();
    services.bus.emit("toast:show", { message: { text: "hi" } });
    services.bus.emit("toast:show", { message: { text: "again" } });
    const islands = document.querySelectorAll('.sf-toaster-host > [data-component="Toaster"]');
    expect(islands).toHaveLength(1);
    expect(mountRegion).toHaveBeenCalledTimes(1);
    expect(mountRegion).toHaveBeenCalledWith(islands[0]!.parentElement);
  });

  it("uses a Toaster the theme placed instead of adding a second one", () => {
    document.body.innerHTML = `<div data-component="Toaster" data-props='{"placement":"bottom"}'></div>`;
    const { services, mountRegion } = start();
    services.bus.emit("toast:show", { message: { text: "hi" } });
    expect(document.querySelectorAll('[data-component="Toaster"]')).toHaveLength(1);
    expect(mountRegion).not.toHaveBeenCalled();
  });

  // Issue #19: offline, the Toaster's code failed to load once and every later toast was silent.
  it("shows toasts in a plain live region while the Toaster's code cannot load, and retries it", async () => {
    const { services, mountRegion } = start();
    const markEach = (state: string) =>
      mountRegion.mockImplementationOnce(async (...args: unknown[]) => {
        (args[0] as Element).querySelector("[data-component]")!.setAttribute("data-island", state);
      });
    markEach("failed");
    markEach("failed");
    markEach("mounted");
    services.bus.emit("toast:show", { kind: "error", message: { text: "Only 0 left" } });
    await vi.advanceTimersByTimeAsync(0);
    const plain = () => document.querySelector(".sf-toaster--plain");
    expect(plain()?.querySelector('[role="alert"]')?.textContent).toBe("Only 0 left");
    services.bus.emit("toast:show", { kind: "error", message: { text: "Still 0 left" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(mountRegion).toHaveBeenCalledTimes(2);
    expect(plain()?.textContent).toContain("Still 0 left");
    // Online again: the next toast loads the Toaster, which takes over from the plain region.
    services.bus.emit("toast:show", { message: { text: "Back" } });
    await vi.advanceTimersByTimeAsync(0);
    expect(mountRegion).toHaveBeenCalledTimes(3);
    expect(plain()).toBeNull();
    expect(document.querySelectorAll('[data-component="Toaster"]')).toHaveLength(1);
  });

  it("a failing request shows its toast through the same bus", async () => {
    const { services } = start();
    fetchMock.mockResolvedValueOnce(envelope({ code: 41, msg: "Sold out" }));
    await services.api.post("favorite/count", {}).catch(() => {});
    expect(services.toasts.getSnapshot().map((t) => t.message)).toEqual([{ text: "Sold out" }]);
  });

  it("adding to the cart goes through the api and announces the server's cart on the same bus", async () => {
    const { services } = start();
    const cart = { items: [], count: 3, total: 75, currency: "USD" };
    fetchMock.mockImplementation(async (url) => envelope({ code: 0, msg: "", data: url === "/api/web/cart/add" ? cart : null }));
    const added: unknown[] = [];
    services.bus.on("cart:added", (event) => added.push(event));
    await services.cart.addItem("TEE-BLU-M", 3);
    const body = fetchMock.mock.calls.find((c) => c[0] === "/api/web/cart/add")![1]!.body;
    expect(JSON.parse(String(body))).toEqual({ sku: "TEE-BLU-M", quantity: 3 });
    expect(services.cart.getSnapshot()).toBe(3);
    expect(added).toEqual([{ sku: "TEE-BLU-M", quantity: 3, cart }]);
  });

  it("stop() stops everything, including the background services not yet loaded", async () => {
    const { services } = start();
    services.stop();
    running = undefined;
    await services.background;
    expect(FakeSocket.instances).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(beacon).not.toHaveBeenCalled();
  });

  it("runs with a localStorage that throws", async () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("denied", "SecurityError");
    });
    const { services } = start();
    expect(services.session.getSnapshot()).toEqual({ signedIn: false, user: null });
    services.cart.add(1);
    expect(services.cart.getSnapshot()).toBe(1);
    vi.restoreAllMocks();
  });
});
