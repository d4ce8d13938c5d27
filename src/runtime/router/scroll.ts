// Scroll on navigation (SPEC.md §2): a new page starts at the top, or at its #fragment;
// a link with the keep-position flag leaves the scroll where it is; back and forward
// return to where the visitor was on that history entry. The browser's own restoration
// is switched off because it would run before the new page is swapped in.
export type ScrollWindow = Pick<Window, "scrollX" | "scrollY" | "scrollTo" | "history"> & { document: Document };

export type ScrollIntent = { kind: "top"; hash?: string } | { kind: "keep" } | { kind: "restore"; key: string };

export interface ScrollMemory {
  start(): void;
  stop(): void;
  /** Remembers the current position as that of history entry `key`. */
  save(key: string): void;
  /** The remembered position of an entry, if any. */
  positionOf(key: string): { x: number; y: number } | undefined;
  /** Scrolls the freshly swapped page as the navigation asked. */
  apply(intent: ScrollIntent): void;
}

/** Entries remembered at most; the oldest are forgotten first. */
const LIMIT = 200;

export function createScrollMemory(win: ScrollWindow): ScrollMemory {
  const positions = new Map<string, { x: number; y: number }>();
  let previous: ScrollRestoration | undefined;

  function toFragment(hash: string): boolean {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape names no element; look the raw text up instead.
    }
    const target = id ? win.document.getElementById(id) : null;
    if (!target) return false;
    target.scrollIntoView();
    return true;
  }

  return {
    start() {
      previous = win.history.scrollRestoration;
      win.history.scrollRestoration = "manual";
    },
    stop() {
      if (previous) win.history.scrollRestoration = previous;
    },
    save(key) {
      positions.delete(key);
      positions.set(key, { x: win.scrollX, y: win.scrollY });
      if (positions.size > LIMIT) positions.delete(positions.keys().next().value!);
    },
    positionOf(key) {
      return positions.get(key);
    },
    apply(intent) {
      if (intent.kind === "keep") return;
      if (intent.kind === "restore") {
        const at = positions.get(intent.key) ?? { x: 0, y: 0 };
        win.scrollTo(at.x, at.y);
        return;
      }
      if (intent.hash && toFragment(intent.hash)) return;
      win.scrollTo(0, 0);
    },
  };
}
