// The React half of the renderer, in its own chunk: pages whose islands never run
// never download React.
import { type ComponentType, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createIslandFrame } from "../shared/island-frame";
import { islandIds } from "../shared/island-id";
import { islandTree, type Providers } from "../shared/island-tree";

export type { Providers };

export interface MountOptions {
  /** Hydrate the server's HTML instead of rendering into the element. */
  ssr: boolean;
  /** The island's id prefix (useIslandId); the server used the same one for this island. */
  idPrefix: string;
  Providers?: Providers;
  onMounted: () => void;
  onError: (error: unknown) => void;
  onRecoverableError: (error: unknown) => void;
}

export interface MountedIsland {
  unmount(): void;
  /** Renders the island again with new props, keeping its state (a persistent island on a new page). */
  update(props: object): void;
  /** Kept aside with its page (true) or back on screen (false); its state stays. */
  setHidden(hidden: boolean): void;
}

export function mountIsland<P extends object>(
  el: HTMLElement,
  Island: ComponentType<P>,
  props: P,
  options: MountOptions,
): MountedIsland {
  const { frame, setHidden } = createIslandFrame();
  // One count for the island's life: components mounted by a later update take the next numbers.
  const ids = islandIds(options.idPrefix);
  const tree = islandTree(Island, props, { ...options, frame, ids });
  const rootOptions = { onRecoverableError: options.onRecoverableError };
  const root = options.ssr ? hydrateRoot(el, tree, rootOptions) : createRoot(el, rootOptions);
  if (!options.ssr) root.render(tree);
  return {
    unmount: () => root.unmount(),
    // A transition: a field the shopper types in stays responsive while a swap re-renders islands.
    update: (next) => startTransition(() => root.render(islandTree(Island, next as P, { ...options, frame, ids }))),
    setHidden,
  };
}
