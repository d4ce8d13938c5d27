// Pages as they were left, for Back and Forward (Turbo keeps 10): the page-route answer the
// page was drawn from, its body itself when it could be kept (its islands alive, out of the
// document: renderer.detachRegion), else what its form fields held, and when it was left. A
// restore puts the kept body back, or draws the page from its answer, at once; one older than
// the cache's age is then refreshed in the background. Sign-in, sign-out and cart changes
// empty it, so it never shows a page of another session.
import type { PageRouteData } from "../../../generated/types";
import type { FieldState } from "./form-state";

export interface Snapshot {
  page: PageRouteData;
  url: URL;
  /** The body as it was left, islands and all; taken out by the restore that puts it back. */
  body?: DocumentFragment;
  fields: FieldState[];
  savedAt: number;
}

export interface SnapshotCache {
  save(key: string, snapshot: Snapshot): void;
  /** The snapshot of a history entry; it stays, for the next Back to it. */
  get(key: string): Snapshot | undefined;
  /** Takes a snapshot's kept body to put it back on screen; the snapshot stays without it. */
  takeBody(key: string): DocumentFragment | undefined;
  clear(): void;
}

export const SNAPSHOT_LIMIT = 10;

/** `drop` lets go of a kept body that will not come back (its islands are unmounted). */
export function createSnapshotCache(limit = SNAPSHOT_LIMIT, drop: (body: DocumentFragment) => void = () => {}): SnapshotCache {
  const snapshots = new Map<string, Snapshot>();
  const forget = (key: string) => {
    const body = snapshots.get(key)?.body;
    snapshots.delete(key);
    if (body) drop(body);
  };
  return {
    save(key, snapshot) {
      forget(key);
      snapshots.set(key, snapshot);
      while (snapshots.size > limit) forget(snapshots.keys().next().value!);
    },
    get: (key) => snapshots.get(key),
    takeBody(key) {
      const snapshot = snapshots.get(key);
      if (!snapshot?.body) return undefined;
      const { body, ...rest } = snapshot;
      snapshots.set(key, rest);
      return body;
    },
    clear() {
      for (const key of Array.from(snapshots.keys())) forget(key);
    },
  };
}
