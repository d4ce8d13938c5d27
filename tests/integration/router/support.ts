// Shared set-up of the router integration tests: the recorded page-route answers of the demo
// store (fixtures/recorded/, `npm run record`), a fetch that replays them, and a window whose
// navigation-away methods (assign, reload) are spies, since happy-dom would otherwise try to load them.
import { vi } from "vitest";
import type { PageRouteResponse, RouterConfig } from "../../../generated/types";
import { createBus, type Events } from "../../../src/runtime/bus";
import { createLocationStore } from "../../../src/runtime/router/location-store";
import { ROUTE_MARKERS } from "../../../src/runtime/router/page-fetch";
import { createRouter, type RouterEnv, type RouterWindow } from "../../../src/runtime/router/router";
import { DEMO_RECORDING, loadRecording, RECORDED_DIR } from "../../replay/recording";

/** The demo store recorded with its router config changed (fixtures/recorded/demo-rules.txt lists the addresses). */
export const RULES_RECORDING = `${RECORDED_DIR}/demo-rules`;

/** The router config the demo-rules recording was made with (the demo store's config.json `router`, changed). */
export const OVERRIDE_CONFIG: RouterConfig = {
  isCustom: true,
  productRule: "/p/:slug",
  articleRule: "/blog/:slug",
  categories: [{ path: "/brand/:slug", types: ["brand"] }],
  userPath: "account",
};

/** vi.waitFor's limit for a swap: recorded pages are real pages, and parsing them takes a moment on a busy machine. */
export const SLOW = { timeout: 5000 };

export interface Fixture {
  /** `{name}.json`: the recorded route's file (`cart.json`, `zh--home.json`). */
  file: string;
  /** The address recorded, with its query. */
  path: string;
  /** The HTTP status it answered with. */
  status: number;
  body: PageRouteResponse;
}

/** The recorded answers of a recording (the demo store's by default) that are pages (code 0). */
export function loadFixtures(dir = DEMO_RECORDING): Fixture[] {
  const recording = loadRecording(dir);
  return recording.routes
    .filter((r) => r.route !== null)
    .map((r) => ({ file: `${r.name}.json`, path: r.path, status: r.status, body: recording.answerOf(r) }));
}

/** The recorded page named `name` (`cart`, `zh-HK--product-detail`). */
export function fixtureNamed(fixtures: Fixture[], name: string): Fixture {
  const found = fixtures.find((f) => f.file === `${name}.json`);
  if (!found) throw new Error(`no recorded page ${name}; record the demo store again (docs/developing.md, "Recording a store")`);
  return found;
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

/** Answers for the recorded pages, signed-in recordings of an address winning over refusals. */
export function answersOf(fixtures: Fixture[]): Map<string, Answer> {
  const sorted = [...fixtures].sort((a, b) => Number(a.status === 200) - Number(b.status === 200));
  return new Map(sorted.map((f) => [f.path, { status: f.status, body: f.body }]));
}

export function pageDocument(path: string) {
  history.replaceState(null, "", path);
  document.documentElement.lang = "en";
  document.title = "Start";
  document.head.innerHTML = `<meta name="description" content="start page"><link rel="canonical" href="/start">`;
  document.body.innerHTML = `
    <div id="page-head"><a id="to-cart" href="/cart">Cart</a> <a id="to-journal" href="/article">Journal</a></div>
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

/**
 * A renderer that swaps the HTML and records which regions it replaced. With `keepsBodies` it
 * keeps a body left for Back as the real one does (its nodes, out of the document); without,
 * every body is a page that cannot be kept so, drawn again from its answer.
 */
export function recordingRenderer({ keepsBodies = false } = {}) {
  const replaced: string[] = [];
  const attached: string[] = [];
  return {
    replaced,
    attached,
    unmountRegion: vi.fn((_region: ParentNode) => {}),
    replaceRegion: vi.fn(async (region: Element, html: string) => {
      replaced.push(region.id);
      region.innerHTML = html;
    }),
    detachRegion: vi.fn((region: Element) => {
      if (!keepsBodies) return null;
      const content = region.ownerDocument.createDocumentFragment();
      content.append(...Array.from(region.childNodes));
      return content;
    }),
    attachRegion: vi.fn((region: Element, content: DocumentFragment) => {
      attached.push(region.id);
      region.replaceChildren(content);
    }),
    disposeDetached: vi.fn((_content: DocumentFragment) => {}),
    takesServerHTML: vi.fn((_el: Element) => true),
    setServerHTML: vi.fn((el: Element, html: string) => {
      el.innerHTML = html;
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
