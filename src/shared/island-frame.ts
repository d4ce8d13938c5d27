// Whether an island is on screen or kept aside with a page left for Back (the snapshot cache
// keeps a page's islands alive, out of the document). A hidden island keeps its state but no
// longer follows the address (IslandRouter holds the one it had) and closes what it opened
// over the page, such as a dialog portalled to <body> (useIslandShown).
import { createContext, useContext, useEffect, useSyncExternalStore } from "react";

export interface IslandFrame {
  hidden(): boolean;
  subscribe(listener: () => void): () => void;
}

export interface IslandFrameControl {
  frame: IslandFrame;
  setHidden(hidden: boolean): void;
}

export function createIslandFrame(): IslandFrameControl {
  const listeners = new Set<() => void>();
  let hidden = false;
  return {
    frame: {
      hidden: () => hidden,
      subscribe(listener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    },
    setHidden(next) {
      if (next === hidden) return;
      hidden = next;
      for (const listener of Array.from(listeners)) listener();
    },
  };
}

/** On the server and in tests without a renderer: always on screen. */
const SHOWN: IslandFrame = { hidden: () => false, subscribe: () => () => {} };

export const IslandFrameContext = createContext<IslandFrame>(SHOWN);

/** False while the island's page is kept aside for Back. */
export function useIslandShown(): boolean {
  const frame = useContext(IslandFrameContext);
  return useSyncExternalStore(
    frame.subscribe,
    () => !frame.hidden(),
    () => true,
  );
}

/** For a dialog an island opened over the page: closes it when the page is kept aside (a link inside it was followed). */
export function useCloseWhenHidden(close: () => void): void {
  const shown = useIslandShown();
  useEffect(() => {
    if (!shown) close();
  }, [shown, close]);
}
