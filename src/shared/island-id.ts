// Ids unique on the page and the same on the server and in the browser. The server renders
// islands with React and the browser hydrates them with Preact, whose useId ids differ from
// React's, and Preact's hydration keeps the server's attributes as they are. So an island's
// ids are its prefix (its data-uid) and a number counted in render order, which is the same
// in both renderers: a component takes the next number when it first renders, and keeps it.
import { createContext, useContext, useId, useState } from "react";

export interface IslandIds {
  readonly prefix: string;
  next: number;
}

/** Null outside an island (a component rendered on its own, in a test): useId's ids then. */
export const IslandIdsContext = createContext<IslandIds | null>(null);

/** A fresh count for one island render root. */
export const islandIds = (prefix: string): IslandIds => ({ prefix, next: 0 });

export function useIslandId(): string {
  const ids = useContext(IslandIdsContext);
  const ownId = useId();
  const [id] = useState(() => (ids ? `${ids.prefix}i${ids.next++}` : ownId));
  return id;
}
