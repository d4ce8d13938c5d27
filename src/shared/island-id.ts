// Ids unique on the page and the same on the server and in the browser. Each island is a render
// root of its own, and useId alone numbers every root the same way. So an island's ids are its
// prefix (its data-uid) and a number counted in render order, which is the same on the server
// and in the browser: a component takes the next number when it first renders, and keeps it.
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
