// The tree an island renders, the same on the server and in the browser so that
// hydration matches: an error boundary, the island's providers, then the component. The
// browser adds the island's frame (island-frame.ts), a context that renders no markup.
import { Component, type ComponentType, type ReactNode, useLayoutEffect, useRef } from "react";
import { type IslandFrame, IslandFrameContext } from "./island-frame";
import { type IslandIds, IslandIdsContext } from "./island-id";

export type Providers = ComponentType<{ children: ReactNode }>;

/** One boundary per island: a component that throws takes down only its own island. */
class IslandBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Its layout effect runs after every child's, so "mounted" means the whole island committed. */
function Committed({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  // Once, on the first commit: the callback of the first render.
  const mounted = useRef(onMounted);
  useLayoutEffect(() => mounted.current(), []);
  return children;
}

const ignore = () => {};

export function islandTree<P extends object>(
  Island: ComponentType<P>,
  props: P,
  options: {
    ids: IslandIds;
    Providers?: Providers;
    frame?: IslandFrame;
    onMounted?: () => void;
    onError?: (error: unknown) => void;
  },
): ReactNode {
  const { Providers } = options;
  let tree: ReactNode = (
    <Committed onMounted={options.onMounted ?? ignore}>
      <Island {...props} />
    </Committed>
  );
  if (Providers) tree = <Providers>{tree}</Providers>;
  tree = <IslandIdsContext.Provider value={options.ids}>{tree}</IslandIdsContext.Provider>;
  if (options.frame) tree = <IslandFrameContext.Provider value={options.frame}>{tree}</IslandFrameContext.Provider>;
  return <IslandBoundary onError={options.onError ?? ignore}>{tree}</IslandBoundary>;
}
