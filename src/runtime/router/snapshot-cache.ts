// Pages as they were left, for Back and Forward (Turbo keeps 10): the page-route answer the
// page was drawn from, what its form fields held, and when it was left. A restore draws the
// page from here at once; one older than the cache's age is then refreshed in the background.
// Sign-in, sign-out and cart changes empty it, so it never shows a page of another session.
import type { PageRouteData } from "../../../generated/types";
import type { FieldState } from "./form-state";

export interface Snapshot {
  page: PageRouteData;
  url: URL;
  fields: FieldState[];
  savedAt: number;
}

export interface SnapshotCache {
  save(key: string, snapshot: Snapshot): void;
  /** The snapshot of a history entry; it stays, for the next Back to it. */
  get(key: string): Snapshot | undefined;
  clear(): void;
}

export const SNAPSHOT_LIMIT = 10;

export function createSnapshotCache(limit = SNAPSHOT_LIMIT): SnapshotCache {
  const snapshots = new Map<string, Snapshot>();
  return {
    save(key, snapshot) {
      snapshots.delete(key);
      snapshots.set(key, snapshot);
      while (snapshots.size > limit) snapshots.delete(snapshots.keys().next().value!);
    },
    get: (key) => snapshots.get(key),
    clear: () => snapshots.clear(),
  };
}
