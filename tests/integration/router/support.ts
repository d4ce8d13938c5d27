// Shared set-up of the router integration tests: the recorded page-route answers of
// fixtures/routes/, a fetch that replays them, and a window whose navigation-away
// methods (assign, reload) are spies, since happy-dom would otherwise try to load them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { vi } from "vitest";
import type { PageRouteResponse, RouterConfig } from "../../../generated/types";
import { createBus, type Events } from "../../../src/runtime/bus";
import { createLocationStore } from "../../../src/runtime/router/location-store";
import { ROUTE_MARKERS } from "../../../src/runtime/router/page-fetch";
import { createRouter, type RouterEnv, type RouterWindow } from "../../../src/runtime/router/router";

export const FIXTURES = join(import.meta.dirname, "../../../fixtures/routes");

/** The router config the fixtures under fixtures/routes/override/ were recorded with. */
export const OVERRIDE_CONFIG: RouterConfig = {
  isCustom: true,
  productRule: "/p/:slug",
  articleRule: "/blog/:slug",
  categories: [{ path: "/brand/:slug", types: ["brand"] }],
  userPath: "account",
};

export interface Fixture {
  file: string;
  /** The address it answers: meta.canonical, plus the query recorded in data.path. */
  path: string;
  body: PageRouteResponse;
}

export function loadFixtures(dir = ""): Fixture[] {
  const folder = join(FIXTURES, dir);
  return readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((file) => {
      const body = JSON.parse(readFileSync(join(folder, file), "utf8")) as PageRouteResponse;
      return { file, path: (body.data.data as { path: string }).path, body };
    });
}

export interface Recorded {
  href: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  priority: string | undefined;
}

/** A recorded answer, or a function answering the request (it sees the headers, as a server would). */
export type Answer = { status: number; body?: unknown } | ((init: RequestInit) => Promise<Response>);

/** A fetch answering from a table of addresses (without the router's markers). */
export function replayFetch(answers: Map<string, Answer>) {
  const requests: Recorded[] = [];
  const fetch = vi.fn(async (href: string, init: RequestInit) => {
    const url = new URL(href, location.origin);
    requests.push({
      href,
      headers: init.headers as Record<string, string>,
      signal: init.signal ?? undefined,
      priority: (init as { priority?: string }).priority,
    });
    for (const marker of ROUTE_MARKERS) url.searchParams.delete(marker);
    const answer = answers.get(url.pathname + url.search);
    if (!answer) return new Response("not recorded", { status: 599 });
    if (typeof answer === "function") return answer(init);
    return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  });
  return { fetch, requests };
}

export function answersOf(fixtures: Fixture[]): Map<string, Answer> {
  return new Map(fixtures.map((f) => [f.path, { status: 200, body: f.body }]));
}

export function pageDocument(path: string) {
  history.replaceState(null, "", path);
  document.documentElement.lang = "en";
  document.title = "Start";
  document.head.innerHTML = `<meta name="description" content="start page"><link rel="canonical" href="/start">`;
  document.body.innerHTML = `
    <div id="page-head"><a id="to-cart" href="/cart">Cart</a></div>
    <main id="page-body"><h1>Start</h1></main>
    <div id="page-foot"><p>foot</p></div>`;
}

/** A window whose location cannot leave the page; assign and reload are spies. */
export function testWindow() {
  const assign = vi.fn();
  const reload = vi.fn();
  const real = window.location;
  const fakeLocation = new Proxy(real, {
    get(target, key) {
      if (key === "assign") return assign;
      if (key === "reload") return reload;
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  const scroll = { x: 0, y: 0 };
  const win = {
    document,
    location: fakeLocation,
    history: window.history,
    navigator: window.navigator,
    get scrollX() {
      return scroll.x;
    },
    get scrollY() {
      return scroll.y;
    },
    scrollTo: vi.fn((x: number, y: number) => {
      scroll.x = x;
      scroll.y = y;
    }),
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  } as unknown as RouterWindow;
  return { win, assign, reload, scroll };
}

/** A renderer that swaps the HTML and records which regions it replaced. */
export function recordingRenderer() {
  const replaced: string[] = [];
  return {
    replaced,
    unmountRegion: vi.fn((_region: ParentNode) => {}),
    replaceRegion: vi.fn(async (region: Element, html: string) => {
      replaced.push(region.id);
      region.innerHTML = html;
    }),
  };
}

export function startRouter(options: Partial<RouterEnv> & { answers: Map<string, Answer> }) {
  const { answers, ...rest } = options;
  const bus = createBus();
  const events: { type: keyof Events; payload: unknown }[] = [];
  bus.on("*", (type, payload) => events.push({ type, payload }));
  const { fetch, requests } = replayFetch(answers);
  const { win, assign, reload, scroll } = testWindow();
  const renderer = recordingRenderer();
  const logger = { error: vi.fn() };
  const location = createLocationStore(() => window.location);
  const router = createRouter({
    win,
    renderer,
    bus,
    fetch,
    logger,
    location,
    clock: {
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    },
    loadValidator: () => import("../../../generated/validators/page/page-route.js"),
    ...rest,
  });
  router.start();
  return { router, bus, events, fetch, requests, win, assign, reload, scroll, renderer, logger, location };
}

export function markersOf(href: string): URLSearchParams {
  return new URL(href, location.origin).searchParams;
}
