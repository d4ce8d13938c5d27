// What the services get from the page instead of reaching for globals, so that tests
// drive them with fake timers, fake storage, fake sockets and a fake location.

/** Timers and the current time. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** The address bar, as the services use it. */
export type PageLocation = Pick<
  Location,
  "href" | "origin" | "protocol" | "host" | "pathname" | "search" | "hash" | "assign" | "reload"
>;

/** The document's side the services read: visibility, cookies, referrer, events. */
export type PageDocument = Pick<Document, "visibilityState" | "cookie" | "referrer" | "addEventListener" | "removeEventListener">;

/** Where window events (online, pagehide, storage) arrive. */
export type EventSource = Pick<EventTarget, "addEventListener" | "removeEventListener">;

export function browserClock(win: Window): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (run, ms) => win.setTimeout(run, ms),
    clearTimeout: (handle) => win.clearTimeout(handle as number),
    setInterval: (run, ms) => win.setInterval(run, ms),
    clearInterval: (handle) => win.clearInterval(handle as number),
  };
}

/** Adds listeners and returns one function that removes them all. */
export function listen(target: EventSource, events: Record<string, (event: Event) => void>): () => void {
  const entries = Object.entries(events);
  for (const [type, handler] of entries) target.addEventListener(type, handler);
  return () => {
    for (const [type, handler] of entries) target.removeEventListener(type, handler);
  };
}

/** A cookie's value, or null. */
export function readCookie(cookie: string, name: string): string | null {
  for (const part of cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}
