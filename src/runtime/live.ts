// The live message channel: one WebSocket to /ws/message?visitorId=…, JSON frames, a ping
// every 10 s. After a drop it reconnects up to 5 times about 50 s apart, each delay
// jittered (±20 %) so a restarted server is not hit by every client at once; it reconnects
// at once when the browser comes online or the tab becomes visible again. The socket closes
// on pagehide and opens again on pageshow, so the page can enter the back/forward cache.
// There is never more than one socket. Server frames {code, msg, type, data} go on the bus
// as "message:{type}".
import type { LiveFrame } from "../../generated/types";
import { VISITOR_COOKIE, WIRE } from "../shared/codes";
import type { Bus } from "./bus";
import { type Clock, type EventSource, listen, type PageDocument, type PageLocation, readCookie } from "./env";
import { type Store, VISITOR_ID } from "./storage";

export const PING_INTERVAL_MS = 10_000;
export const RECONNECT_DELAY_MS = 50_000;
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_JITTER = 0.2;
export const PING_FRAME = JSON.stringify({ code: WIRE.pingCode, msg: WIRE.pingMsg });
const FRAME_TYPE = /^[A-Za-z0-9_.:-]{1,64}$/;

/** The part of a WebSocket the channel uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveEnv {
  bus: Bus;
  store: Store;
  clock: Clock;
  WebSocket: new (url: string) => SocketLike;
  location: Pick<PageLocation, "protocol" | "host">;
  document: PageDocument;
  /** Where online arrives: the window. */
  events: EventSource;
  /** Math.random, or a fixed value in tests. */
  random: () => number;
}

export interface Live {
  start(): void;
  stop(): void;
  isConnected(): boolean;
}

/** The wait before reconnect attempt n: 50 s ± 20 %. */
export function reconnectDelay(random: () => number): number {
  return Math.round(RECONNECT_DELAY_MS * (1 - RECONNECT_JITTER + 2 * RECONNECT_JITTER * random()));
}

export function parseFrame(data: unknown): LiveFrame | null {
  if (typeof data !== "string") return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const frame = value as Partial<LiveFrame> | null;
  if (!frame || typeof frame !== "object" || typeof frame.type !== "string" || !FRAME_TYPE.test(frame.type)) return null;
  return {
    code: typeof frame.code === "number" ? frame.code : 0,
    msg: typeof frame.msg === "string" ? frame.msg : "",
    type: frame.type,
    data: frame.data,
  };
}

export function createLive(env: LiveEnv): Live {
  const { bus, store, clock, document } = env;
  let socket: SocketLike | null = null;
  let connected = false;
  let running = false;
  // Between pagehide and pageshow: the page may sit in the back/forward cache, which an open socket would forbid.
  let suspended = false;
  let failures = 0;
  let ping: unknown = null;
  let retry: unknown = null;
  let stopListening: (() => void) | null = null;

  function visitorId(): string | null {
    return store.get("visitorId");
  }

  function cancelRetry() {
    if (retry !== null) clock.clearTimeout(retry);
    retry = null;
  }

  function connect() {
    if (!running || suspended || socket) return;
    cancelRetry();
    const id = visitorId();
    if (!id) return; // Connects when the visitor id arrives (visitor:id).
    const scheme = env.location.protocol === "https:" ? "wss:" : "ws:";
    let ws: SocketLike;
    try {
      ws = new env.WebSocket(`${scheme}//${env.location.host}${WIRE.livePath}?${WIRE.visitorQuery}=${encodeURIComponent(id)}`);
    } catch {
      return dropped();
    }
    socket = ws;
    ws.onopen = () => {
      if (socket !== ws) return;
      connected = true;
      failures = 0;
      ping = clock.setInterval(() => ws.send(PING_FRAME), PING_INTERVAL_MS);
      bus.emit("live:state", { connected: true });
    };
    ws.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame) bus.emit(`message:${frame.type}`, frame);
    };
    // error is always followed by close; close does the work.
    ws.onerror = () => {};
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      dropped();
    };
  }

  function dropped() {
    if (ping !== null) clock.clearInterval(ping);
    ping = null;
    if (connected) {
      connected = false;
      bus.emit("live:state", { connected: false });
    }
    // The server may have given this browser a new visitor id meanwhile.
    const cookie = readCookie(document.cookie, VISITOR_COOKIE);
    if (cookie && VISITOR_ID.test(cookie)) store.set("visitorId", cookie);
    if (!running || suspended || failures >= RECONNECT_ATTEMPTS) return;
    failures += 1;
    retry = clock.setTimeout(() => {
      retry = null;
      connect();
    }, reconnectDelay(env.random));
  }

  function close() {
    const ws = socket;
    socket = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close(1000);
    }
    dropped();
  }

  function suspend() {
    suspended = true;
    cancelRetry();
    close();
  }

  function resume() {
    suspended = false;
    now();
  }

  /** online, visible again, a new visitor id: try now, with a fresh set of attempts. */
  function now() {
    if (!running || suspended || socket) return;
    failures = 0;
    connect();
  }

  const onVisitorId = () => now();

  return {
    start() {
      if (running) return;
      running = true;
      bus.on("visitor:id", onVisitorId);
      const stopWin = listen(env.events, { online: now, pagehide: suspend, pageshow: resume });
      const stopDoc = listen(document, { visibilitychange: () => document.visibilityState === "visible" && now() });
      stopListening = () => {
        bus.off("visitor:id", onVisitorId);
        stopWin();
        stopDoc();
      };
      // No stored id yet: the cookie the server set with this page may have one.
      if (!visitorId()) {
        const cookie = readCookie(document.cookie, VISITOR_COOKIE);
        if (cookie && VISITOR_ID.test(cookie)) store.set("visitorId", cookie);
      }
      connect();
    },
    stop() {
      running = false;
      cancelRetry();
      stopListening?.();
      stopListening = null;
      close();
    },
    isConnected: () => connected,
  };
}
