import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Booted, boot as bootPage } from "../../../src/runtime/boot";
import { signInUrl } from "../../../src/runtime/session";
import { island, makeRegistry } from "./fixtures";

const goodData = { meta: { status: 200, title: "Home" }, config: { router: {} }, theme: { config: {} } };

function page(data: unknown, body = island("Counter", {}, { id: "b" })) {
  const json = typeof data === "string" ? data : JSON.stringify(data);
  document.body.innerHTML = `
    <div id="page-head">${island("Counter", {}, { id: "h" })}</div>
    <main id="page-body">${body}</main>
    <div id="page-foot">${island("Counter", {}, { id: "f" })}</div>
    <script id="__INITIAL_DATA__" type="application/json">${json}</script>`;
}

// Every booted page's islands are unmounted after its test: React work left scheduled would
// otherwise run once the test environment (and its window) is gone.
const bootedPages: Booted[] = [];
async function boot(env: Parameters<typeof bootPage>[0]): Promise<Booted | null> {
  const started = await bootPage(env);
  if (started) bootedPages.push(started);
  return started;
}

afterEach(() => {
  for (const page of bootedPages.splice(0)) page.renderer.unmountRegion(document.body);
});

describe("boot", () => {
  let logger: { warn: (m: string) => void; error: ReturnType<typeof vi.fn<(m: string) => void>> };
  beforeEach(() => {
    logger = { warn: vi.fn(), error: vi.fn<(m: string) => void>() };
  });

  it("validates the initial data, filling theme defaults, and mounts head, body and foot", async () => {
    page(goodData);
    const booted = await boot({ win: window, registry: makeRegistry(), logger, services: false });
    expect(booted?.data?.theme.config.primaryColor).toBe("#4a00ff");
    expect(booted?.data?.config.router.productRule).toBe("/product/:slug");
    for (const id of ["h", "b", "f"]) {
      await vi.waitFor(() => expect(document.getElementById(id)!.getAttribute("data-island")).toBe("mounted"));
    }
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("starts the islands a theme's script inserts after boot through storefront.mount, once each", async () => {
    page(goodData);
    const booted = await boot({ win: window, registry: makeRegistry(), logger, services: false });
    await vi.waitFor(() => expect(document.getElementById("b")!.getAttribute("data-island")).toBe("mounted"));
    const storefront = (window as unknown as { storefront: import("../../../src/runtime/boot").StorefrontApi }).storefront;
    const body = document.getElementById("page-body")!;
    body.insertAdjacentHTML("beforeend", `<aside id="theme">${island("Counter", { start: 5 }, { id: "t" })}</aside>`);
    body.insertAdjacentHTML("beforeend", island("Counter", { start: 7 }, { id: "alone" }));
    expect(document.getElementById("t")!.hasAttribute("data-island")).toBe(false);
    await storefront.mount(document.getElementById("theme")!);
    await storefront.mount(document.getElementById("alone")!);
    await vi.waitFor(() => expect(document.getElementById("t")!.getAttribute("data-island")).toBe("mounted"));
    await vi.waitFor(() => expect(document.getElementById("alone")!.getAttribute("data-island")).toBe("mounted"));
    expect(document.getElementById("t")!.textContent).toContain("5");
    // Again: nothing mounts twice, and the page's own islands stay as they were.
    await storefront.mount(body);
    expect(body.querySelectorAll("[data-island=mounted]")).toHaveLength(3);
    expect(booted?.renderer.stateOf(document.getElementById("b")!)).toBe("mounted");
  });

  it("sends a 401 page to sign-in with the current address, mounting nothing", async () => {
    page({ ...goodData, meta: { status: 401, title: "Sign in" } });
    const replace = vi.fn();
    const win = Object.create(window, {
      location: { value: { pathname: "/user/order", search: "?page=2", hash: "#top", replace } },
    });
    expect(await boot({ win, registry: makeRegistry(), logger, services: false })).toBeNull();
    expect(replace).toHaveBeenCalledWith("/auth/signin?redirect=%2Fuser%2Forder%3Fpage%3D2%23top");
    expect(document.getElementById("b")!.hasAttribute("data-island")).toBe(false);
  });

  it("has the server set the auth cookie when a token is stored but was not sent, loads the page once more, then sends a real 401 to sign-in", async () => {
    page({ ...goodData, meta: { status: 401, title: "Sign in" } });
    localStorage.setItem("sf.token", "t".repeat(43));
    const written = vi.spyOn(document, "cookie", "set");
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json({ code: 0, msg: "", data: { id: "1" } }));
    const reload = vi.fn();
    const replace = vi.fn();
    const win = Object.create(window, {
      fetch: { value: fetch },
      location: { value: { pathname: "/user/center", search: "", hash: "", replace, reload } },
    });
    try {
      expect(await boot({ win, registry: makeRegistry(), logger, services: false })).toBeNull();
      // The cookie is HttpOnly: the server sets it in its answer to a call carrying the token.
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(fetch.mock.calls[0]![0]).toBe("/api/web/user/info");
      expect(fetch.mock.calls[0]![1].headers).toMatchObject({ "x-auth": "t".repeat(43) });
      expect(written).not.toHaveBeenCalled();
      expect(reload).toHaveBeenCalledTimes(1);
      expect(replace).not.toHaveBeenCalled();
      // Sent and still refused: to sign-in, without asking again.
      await boot({ win, registry: makeRegistry(), logger, services: false });
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(reload).toHaveBeenCalledTimes(1);
      expect(replace).toHaveBeenCalledWith("/auth/signin?redirect=%2Fuser%2Fcenter");
    } finally {
      localStorage.removeItem("sf.token");
      sessionStorage.clear();
    }
  });

  it("sends a 401 page to sign-in when the stored token is void", async () => {
    page({ ...goodData, meta: { status: 401, title: "Sign in" } });
    localStorage.setItem("sf.token", "t".repeat(43));
    const fetch = vi.fn(async () => Response.json({ code: 50, msg: "login error", data: null }));
    const reload = vi.fn();
    const replace = vi.fn();
    const win = Object.create(window, {
      fetch: { value: fetch },
      location: { value: { pathname: "/user/center", search: "", hash: "", replace, reload } },
    });
    try {
      await boot({ win, registry: makeRegistry(), logger, services: false });
      expect(reload).not.toHaveBeenCalled();
      expect(replace).toHaveBeenCalledWith("/auth/signin?redirect=%2Fuser%2Fcenter");
    } finally {
      localStorage.removeItem("sf.token");
    }
  });

  it("keeps the page working when the initial data is broken, and says what is wrong", async () => {
    page({ ...goodData, theme: { config: { primaryColor: "blue;}" } } });
    const booted = await boot({ win: window, registry: makeRegistry(), logger, services: false });
    expect(booted?.data).toBeNull();
    expect(logger.error.mock.calls[0]![0]).toMatch(/#__INITIAL_DATA__ \/theme\/config\/primaryColor must match pattern/);
    await vi.waitFor(() => expect(document.getElementById("b")!.getAttribute("data-island")).toBe("mounted"));
  });

  it("reports initial data that is not JSON", async () => {
    page("{not json");
    await boot({ win: window, registry: makeRegistry(), logger, services: false });
    expect(logger.error.mock.calls[0]![0]).toMatch(/#__INITIAL_DATA__ is not valid JSON/);
  });

  it("builds the sign-in address from path, query and hash, keeping the language prefix", () => {
    expect(signInUrl({ pathname: "/zh/cart", search: "", hash: "" })).toBe("/zh/auth/signin?redirect=%2Fzh%2Fcart");
  });
});
