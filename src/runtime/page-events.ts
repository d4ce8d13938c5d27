// The DOM events theme scripts (the theme's `injects`) follow the page with. Every event
// is a CustomEvent that reaches `document`:
//
//   storefront:before-visit   a client navigation is about to fetch the next page;
//                             cancelable: preventDefault() makes it a full page load.
//   storefront:load           the page is on screen: after the first boot, and after each
//                             client navigation has swapped the new page in.
//   storefront:island-mounted an island has mounted; dispatched on the island element and
//                             bubbles, so a listener on document hears every island.
//
// The router and the renderer dispatch them through the functions below; nothing else does.
import type { HydrateStrategy } from "../registry/types";

export const BEFORE_VISIT = "storefront:before-visit";
export const PAGE_LOAD = "storefront:load";
export const ISLAND_MOUNTED = "storefront:island-mounted";

/** A page's route: its name in the route table (e.g. "product-detail") and its path params. */
export interface PageRoute {
  name: string;
  params: Record<string, string>;
}

export interface BeforeVisitDetail {
  /** The absolute address about to be fetched. */
  url: string;
  /** Its route, when the route table answers it. */
  route?: PageRoute;
}

export interface PageLoadDetail {
  /** The absolute address of the page now on screen. */
  url: string;
  /** Its route; null when no route answers the address. */
  route: PageRoute | null;
}

export interface IslandMountedDetail {
  /** The registered component name (data-component). */
  component: string;
  /** The island element (data-component), also the event's target. */
  element: HTMLElement;
  /** The strategy it ran with (data-hydrate, or the component's default). */
  strategy: HydrateStrategy;
}

declare global {
  interface DocumentEventMap {
    [BEFORE_VISIT]: CustomEvent<BeforeVisitDetail>;
    [PAGE_LOAD]: CustomEvent<PageLoadDetail>;
    [ISLAND_MOUNTED]: CustomEvent<IslandMountedDetail>;
  }
  interface HTMLElementEventMap {
    [ISLAND_MOUNTED]: CustomEvent<IslandMountedDetail>;
  }
}

function dispatch<T>(target: Document | Element, type: string, detail: T, cancelable: boolean): boolean {
  const doc = "defaultView" in target ? target : target.ownerDocument;
  // The target's own window's CustomEvent, so that a test window's listeners see it as theirs.
  const Custom = (doc.defaultView?.CustomEvent ?? CustomEvent) as typeof CustomEvent;
  return target.dispatchEvent(new Custom<T>(type, { detail, bubbles: true, cancelable }));
}

/** Before a client navigation fetches; false when a listener called preventDefault(). */
export function dispatchBeforeVisit(doc: Document, detail: BeforeVisitDetail): boolean {
  return dispatch(doc, BEFORE_VISIT, detail, true);
}

/** After the first boot and after every client navigation has swapped the page in. */
export function dispatchPageLoad(doc: Document, detail: PageLoadDetail): void {
  dispatch(doc, PAGE_LOAD, detail, false);
}

/** On the island element once it has mounted; bubbles to document. */
export function dispatchIslandMounted(detail: IslandMountedDetail): void {
  dispatch(detail.element, ISLAND_MOUNTED, detail, false);
}
