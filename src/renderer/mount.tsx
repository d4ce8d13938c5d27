// The React half of the renderer, in its own chunk: pages whose islands never run
// never download React.
import type { ComponentType } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { islandTree, type Providers } from "../shared/island-tree";

export type { Providers };

export interface MountOptions {
  /** Hydrate the server's HTML instead of rendering into the element. */
  ssr: boolean;
  /** useId prefix; the server used the same one for this island. */
  idPrefix: string;
  Providers?: Providers;
  onMounted: () => void;
  onError: (error: unknown) => void;
  onRecoverableError: (error: unknown) => void;
}

export interface MountedIsland {
  unmount(): void;
}

export function mountIsland<P extends object>(
  el: HTMLElement,
  Island: ComponentType<P>,
  props: P,
  options: MountOptions,
): MountedIsland {
  const tree = islandTree(Island, props, options);
  const rootOptions = { identifierPrefix: options.idPrefix, onRecoverableError: options.onRecoverableError };
  if (options.ssr) return hydrateRoot(el, tree, rootOptions);
  const root = createRoot(el, rootOptions);
  root.render(tree);
  return root;
}
