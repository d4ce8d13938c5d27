// Replays a recording of `npm run record` (fixtures/recorded/{name}/) instead of a store
// server: page routes, documents, /api/web calls and the live socket, deterministic and
// offline. A request the recording does not hold fails with a message naming it and the
// recording, and is listed in `missing`, so a test can assert that nothing went unanswered.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PageRouteResponse, RouterConfig } from "../../generated/types";
import { AUTH_HEADER, ROUTE_MARKERS } from "../../src/shared/codes";

export const RECORDED_DIR = join(import.meta.dirname, "../../fixtures/recorded");
/** The demo store, recorded from the reference server. */
export const DEMO_RECORDING = join(RECORDED_DIR, "demo");

export interface RecordedRoute {
  /** File name without extension: the route name, with the prefix before it (`zh--home`). */
  name: string;
  /** The address recorded, with its query. */
  path: string;
  /** The route that answered (`meta.route`), or null when the answer was no page. */
  route: string | null;
  status: number;
  headers: Record<string, string>;
  documentStatus: number;
  documentHeaders: Record<string, string>;
  answer: string;
  document: string;
  /** Recorded signed in (the account area after a journey's sign-in). */
  signedIn?: boolean;
}

export interface RecordedExchange {
  call: string;
  status: number;
  request?: unknown;
  response?: { code: number; msg: string; data?: unknown };
}

export interface RecordedFrame {
  /** Which socket of the journey (each page load opens its own), from 0. */
  socket: number;
  from: "client" | "server";
  data: unknown;
}

export interface RecordedJourney {
  exchanges: RecordedExchange[];
  frames: RecordedFrame[];
}

export interface Recording {
  dir: string;
  base: string;
  routes: RecordedRoute[];
  journeys: string[];
  /** The page-route answer of a recorded route. */
  answerOf(route: RecordedRoute): PageRouteResponse;
  /** The first-load document of a recorded route. */
  documentOf(route: RecordedRoute): string;
  /** The recorded route named `name` (`product-detail`, `zh--home`); throws when there is none. */
  byName(name: string): RecordedRoute;
  journey(name: string): RecordedJourney;
  /** The router config the store sent with its first page (`__INITIAL_DATA__`'s `config.router`). */
  routerConfig(): RouterConfig;
}

export class NotRecordedError extends Error {
  constructor(dir: string, request: string) {
    super(`${request} is not in the recording ${dir}; record it again (npm run record) or answer it in the test`);
    this.name = "NotRecordedError";
  }
}

export function loadRecording(dir = DEMO_RECORDING): Recording {
  const index = JSON.parse(readFileSync(join(dir, "recording.json"), "utf8")) as {
    base: string;
    routes: RecordedRoute[];
    journeys?: string[];
  };
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  return {
    dir,
    base: index.base,
    routes: index.routes,
    journeys: index.journeys ?? [],
    answerOf: (route) => JSON.parse(read(route.answer)) as PageRouteResponse,
    documentOf: (route) => read(route.document),
    byName(name) {
      const found = index.routes.find((r) => r.name === name);
      if (!found)
        throw new Error(
          `the recording ${dir} has no route named "${name}" (it has ${index.routes.map((r) => r.name).join(", ")})`,
        );
      return found;
    },
    journey: (name) => JSON.parse(read(join("journeys", `${name}.json`))) as RecordedJourney,
    routerConfig() {
      const first = index.routes.find((r) => r.documentStatus === 200);
      const script = first
        ? /<script id="__INITIAL_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(read(first.document))
        : null;
      return ((script ? (JSON.parse(script[1]!) as { config?: { router?: RouterConfig } }) : {}).config?.router ??
        {}) as RouterConfig;
    },
  };
}

/** The address a request names, without the page-route markers: the key of a recorded route. */
export function recordedKey(href: string, origin = "http://recorded.test"): { key: string; isRoute: boolean } {
  const url = new URL(href, origin);
  const isRoute = url.searchParams.get("request") === "route";
  for (const marker of ROUTE_MARKERS) url.searchParams.delete(marker);
  return { key: url.pathname + url.search, isRoute };
}

/** Answers one request from the recording, or null when it holds none. */
export function answerFromRecording(
  recording: Recording,
  method: string,
  href: string,
  calls: Map<string, RecordedExchange[]>,
  signedIn = false,
): { status: number; contentType: string; body: string } | null {
  const { key, isRoute } = recordedKey(href);
  if (method === "POST" && key.startsWith("/api/web/")) {
    const exchange = calls.get(key.slice("/api/web/".length))?.shift();
    if (!exchange) return null;
    return { status: exchange.status, contentType: "application/json", body: JSON.stringify(exchange.response ?? {}) };
  }
  if (method !== "GET") return null;
  // A signed-in request gets the signed-in recording of the address when there is one, and the other way round.
  const candidates = recording.routes.filter((r) => r.path === key);
  const route = candidates.find((r) => Boolean(r.signedIn) === signedIn) ?? candidates[0];
  if (!route) return null;
  if (isRoute) {
    return {
      status: route.status,
      contentType: route.headers["content-type"] ?? "application/json",
      body: readFileSync(join(recording.dir, route.answer), "utf8"),
    };
  }
  return { status: route.documentStatus, contentType: "text/html; charset=utf-8", body: recording.documentOf(route) };
}

/** The journey's /api/web answers, by call, in the order they were recorded. */
export function callQueues(recording: Recording, journey?: string): Map<string, RecordedExchange[]> {
  const queues = new Map<string, RecordedExchange[]>();
  if (!journey) return queues;
  for (const exchange of recording.journey(journey).exchanges) {
    queues.set(exchange.call, [...(queues.get(exchange.call) ?? []), exchange]);
  }
  return queues;
}

/**
 * A `fetch` for Vitest that answers from the recording: page routes (with or without the
 * router's markers; signed-in recordings for requests with `x-auth`), documents and, with
 * `journey`, that journey's /api/web calls in order.
 * A request the recording does not hold rejects with NotRecordedError and is added to `missing`.
 */
export function replayFetch(recording: Recording, options: { journey?: string } = {}) {
  const missing: string[] = [];
  const calls = callQueues(recording, options.journey);
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    const answer = answerFromRecording(recording, method, href, calls, headers.has(AUTH_HEADER));
    if (!answer) {
      const request = `${method} ${recordedKey(href).key}`;
      missing.push(request);
      throw new NotRecordedError(recording.dir, request);
    }
    return new Response(answer.body, { status: answer.status, headers: { "content-type": answer.contentType } });
  };
  return { fetch, missing };
}
