// Fakes the runtime services are driven with: a clock over vitest's fake timers, storage
// that works, throws or holds garbage, a page (location, document, window events), a
// scripted fetch and a WebSocket whose life the test controls.
import { vi } from "vitest";
import en from "../../../generated/messages/en.json";
import zh from "../../../generated/messages/zh.json";
import zhHK from "../../../generated/messages/zh-HK.json";
import { type Bus, createBus, type Events } from "../../../src/runtime/bus";
import type { Clock, PageDocument, PageLocation } from "../../../src/runtime/env";
import type { SocketLike } from "../../../src/runtime/live";
import { createStore, type Store } from "../../../src/runtime/storage";

export const LOCALES: Record<"en" | "zh" | "zh-HK", Record<string, string>> = { en, zh, "zh-HK": zhHK };

/** Uses whatever setTimeout/Date vitest has faked at call time. */
export function testClock(): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    setInterval: (run, ms) => setInterval(run, ms),
    clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  };
}

export class MemoryStorage implements Storage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

/** localStorage in private mode or over quota: every call throws. */
export class ThrowingStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new DOMException("denied", "SecurityError");
  }
  override setItem(): void {
    throw new DOMException("full", "QuotaExceededError");
  }
  override removeItem(): void {
    throw new DOMException("denied", "SecurityError");
  }
}

export function memoryStore(initial: Record<string, string> = {}): { store: Store; backing: MemoryStorage } {
  const backing = new MemoryStorage();
  for (const [k, v] of Object.entries(initial)) backing.setItem(k, v);
  return { store: createStore(() => backing), backing };
}

export function fakeLocation(path = "/product/linen?size=m#reviews", origin = "https://shop.test"): PageLocation {
  const url = new URL(path, origin);
  return {
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    host: url.host,
    pathname: url.pathname,
    search: url.search,
    hash: url.hash,
    assign: vi.fn<(url: string | URL) => void>(),
    reload: vi.fn<() => void>(),
  };
}

export type FakeDocument = PageDocument &
  EventTarget & { visibilityState: DocumentVisibilityState; cookie: string; referrer: string };

export function fakeDocument(init: Partial<Pick<FakeDocument, "cookie" | "referrer" | "visibilityState">> = {}): FakeDocument {
  const target = new EventTarget() as FakeDocument;
  target.visibilityState = init.visibilityState ?? "visible";
  target.cookie = init.cookie ?? "";
  target.referrer = init.referrer ?? "";
  return target;
}

export function setVisibility(doc: FakeDocument, state: DocumentVisibilityState) {
  doc.visibilityState = state;
  doc.dispatchEvent(new Event("visibilitychange"));
}

/** Every event the bus carried, in order. */
export function recordBus(bus: Bus = createBus()) {
  const events: Array<{ type: keyof Events; payload: unknown }> = [];
  bus.on("*", (type, payload) => events.push({ type, payload }));
  return { bus, events, of: (type: keyof Events) => events.filter((e) => e.type === type).map((e) => e.payload) };
}

export function envelope(body: unknown, status = 200): Response {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** A fetch mock answering each call with the next scripted answer (or the fallback). */
export function scriptedFetch(...answers: Array<Response | Error | (() => Promise<Response>)>) {
  return vi.fn<typeof fetch>(async () => {
    const next = answers.shift() ?? envelope({ code: 0, msg: "", data: null });
    if (next instanceof Error) throw next;
    if (typeof next === "function") return next();
    return next;
  });
}

/** A request body a fetch mock saw, parsed. */
export function bodyOf(fetchMock: ReturnType<typeof scriptedFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]![1]!;
  return JSON.parse(init.body as string);
}

export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  static reset() {
    FakeSocket.instances = [];
  }
  static get last(): FakeSocket {
    return FakeSocket.instances[FakeSocket.instances.length - 1]!;
  }
  static open(): FakeSocket[] {
    return FakeSocket.instances.filter((s) => s.readyState <= 1);
  }
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new DOMException("not open", "InvalidStateError");
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepted the connection. */
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  /** The connection failed or dropped. */
  drop() {
    this.readyState = 3;
    this.onerror?.(new Event("error"));
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent("message", { data }));
  }
}
