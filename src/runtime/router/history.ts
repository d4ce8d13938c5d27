// Session history entries the router creates: each carries a key in history.state, so
// that back and forward know which entry they returned to (and its scroll position).
export const STATE_KEY = "sfKey";

export interface HistoryEntries {
  /** The key of the entry the visitor is on. */
  readonly key: string;
  /** Gives the first page's entry a key (keeping any state it has). */
  start(): void;
  push(url: URL): void;
  replace(url: URL): void;
  /** The key in a popstate event's state, null for entries the router did not make. */
  keyOf(state: unknown): string | null;
  /** Back or forward arrived at the entry `key`. */
  arrive(key: string): void;
}

export function createHistoryEntries(
  history: Pick<History, "state" | "pushState" | "replaceState">,
  newKey: () => string,
): HistoryEntries {
  let key = "";
  const stateOf = (value: unknown): Record<string, unknown> =>
    value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  return {
    get key() {
      return key;
    },
    start() {
      const existing = stateOf(history.state)[STATE_KEY];
      key = typeof existing === "string" ? existing : newKey();
      history.replaceState({ ...stateOf(history.state), [STATE_KEY]: key }, "");
    },
    push(url) {
      key = newKey();
      history.pushState({ [STATE_KEY]: key }, "", url.href);
    },
    replace(url) {
      key = newKey();
      history.replaceState({ [STATE_KEY]: key }, "", url.href);
    },
    keyOf(state) {
      const value = stateOf(state)[STATE_KEY];
      return typeof value === "string" ? value : null;
    },
    arrive(next) {
      key = next;
    },
  };
}
